// libFuzzer target: the replay stream decoder.
// Built and run by scripts/fuzz (not part of Package.swift).
//
// The input is decoded as it is and with the stream magic put in front (so the fuzzer
// reaches the frames at once). Checks, beyond "no crash, no read past the end":
//   - an error names an offset within the input;
//   - only view types that carry text carry text;
//   - frames that decode, written again by ReplayStreamWriter and decoded, are the same
//     frames (the writer and the decoder agree on every stream the decoder accepts).
import ReplayEncoder

@inline(never)
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz check failed: \(message())") }
}

func exercise(_ bytes: [UInt8]) {
    let frames: [DecodedFrame]
    do {
        frames = try ReplayDecoder.decode(bytes)
    } catch {
        check(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside \(bytes.count) bytes")
        _ = error.message
        return
    }
    var writer = ReplayStreamWriter(fullFrameInterval: 3)
    for decoded in frames {
        for view in decoded.frame.views { check(view.text == nil || view.type.carriesText, "text on a \(view.type.name)") }
        writer.append(decoded.frame)
    }
    do {
        let again = try ReplayDecoder.decode(writer.bytes)
        check(again.map(\.frame) == frames.map(\.frame), "re-encoded frames differ")
    } catch {
        check(false, "the writer's stream does not decode: \(error.message)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplay(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    exercise(bytes)
    exercise(ReplayStream.magic + bytes)
    return 0
}
