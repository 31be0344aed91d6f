/// A connection without a socket: bytes in, the bytes the server would write out.
///
/// It runs the same parser and `Exchanger` as a real connection, so benchmarks can time
/// the whole request-bytes → response-bytes path without the kernel, and tests can check
/// exact response bytes without a port.
public struct InProcessConnection {
    private var parser: RequestParser
    private var exchanger: Exchanger
    private var unread: [UInt8] = []
    /// Whether a response or framing error has closed the connection.
    public private(set) var isClosed = false

    public init(responder: any HTTPResponder, limits: HTTPLimits = HTTPLimits()) {
        parser = RequestParser(limits: limits)
        exchanger = Exchanger(responder: responder)
    }

    /// Feeds `bytes` and returns every response (and interim 100) they complete, in order.
    public mutating func send(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        guard !isClosed else { return output }
        unread.append(contentsOf: bytes)
        let startedAt = MonotonicClock.now()
        while !isClosed {
            let step: (consumed: Int, outcome: RequestParser.Outcome)
            do {
                step = try unread.withUnsafeBufferPointer { try parser.parse($0) }
            } catch let error as HTTPParseError {
                exchanger.answer(.malformed(error), peer: "in-process", startedAt: startedAt, bytesIn: unread.count, into: &output)
                isClosed = true
                break
            } catch {
                isClosed = true
                break
            }
            unread.removeFirst(step.consumed)
            switch step.outcome {
            case .needMoreData:
                return output
            case .sendContinue:
                output.append(contentsOf: ResponseEncoder.continueResponse)
            case .request(let request):
                let keepAlive = exchanger.answer(
                    request, peer: "in-process", mayKeepAlive: true, startedAt: startedAt, bytesIn: step.consumed, into: &output)
                if !keepAlive { isClosed = true }
            }
        }
        return output
    }
}
