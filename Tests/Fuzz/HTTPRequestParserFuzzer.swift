// libFuzzer entry point for the HTTP request parser (built by scripts/fuzz, not by SwiftPM).
//
// Each input is parsed twice: whole, and cut into pieces whose sizes come from the input's
// own bytes. The parser must never crash, never consume more than it was given, and give
// the same requests and the same error however the bytes were split; any difference aborts
// so libFuzzer saves the input.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = HTTPLimits(maxRequestLineBytes: 256, maxHeaderBytes: 512, maxHeaderFields: 16, maxBodyBytes: 1024)
    let whole = run(bytes, limits: limits, pieceSizes: [bytes.count])
    let sizes = bytes.prefix(16).map { Int($0 % 7) + 1 }
    let split = run(bytes, limits: limits, pieceSizes: sizes.isEmpty ? [1] : sizes)
    if whole.requests != split.requests || whole.error != split.error {
        fatalError("split changed the outcome: \(whole) vs \(split)")
    }
    return 0
}

private struct Outcome: CustomStringConvertible {
    var requests: [HTTPRequest] = []
    var error: HTTPParseError?
    var description: String { "\(requests.count) requests, error \(String(describing: error))" }
}

private func run(_ bytes: [UInt8], limits: HTTPLimits, pieceSizes: [Int]) -> Outcome {
    var parser = RequestParser(limits: limits)
    var unread: [UInt8] = []
    var outcome = Outcome()
    var offset = 0
    var piece = 0
    while offset < bytes.count {
        let length = min(bytes.count - offset, max(1, pieceSizes[piece % pieceSizes.count]))
        unread.append(contentsOf: bytes[offset..<(offset + length)])
        offset += length
        piece += 1
        while true {
            do {
                let available = unread.count
                let step = try unread.withUnsafeBufferPointer { try parser.parse($0) }
                if step.consumed > available { fatalError("consumed \(step.consumed) of \(available) bytes") }
                unread.removeFirst(step.consumed)
                if case .request(let request) = step.outcome {
                    outcome.requests.append(request)
                    continue
                }
                if case .sendContinue = step.outcome { continue }
                break
            } catch let error as HTTPParseError {
                outcome.error = error
                return outcome
            } catch {
                fatalError("unexpected error type \(error)")
            }
        }
    }
    return outcome
}
