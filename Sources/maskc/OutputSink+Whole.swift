extension OutputSink {
    /// Writes a command's whole output (`nil` or `-`: standard output): with a file,
    /// nothing is left unless every byte was written.
    /// - Throws: ``Reported`` with exit 5 (reported on standard error) when it cannot.
    static func writeWhole(_ bytes: inout [UInt8], to path: String?) throws(Reported) {
        let sink = try OutputSink.opening(path)
        do {
            try sink.flush(&bytes)
            try sink.commit()
        } catch {
            sink.discard()
            FileIO.printError("maskc: error: cannot write '\(path ?? "-")': \(error.message)")
            throw Reported(status: .outputFailed)
        }
    }
}
