/// The lines of an NDJSON file: each non-blank line's bytes and 1-based line number.
public struct NDJSONLines: Sequence {
    let bytes: [UInt8]

    /// Creates the line sequence over a file's bytes.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public func makeIterator() -> AnyIterator<(line: Int, bytes: ArraySlice<UInt8>)> {
        var start = 0
        var line = 0
        return AnyIterator {
            while start < bytes.count {
                line += 1
                var end = start
                while end < bytes.count && bytes[end] != 0x0A { end += 1 }
                let slice = bytes[start..<end]
                start = end + 1
                if slice.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                return (line, slice)
            }
            return nil
        }
    }
}
