/// A connection without a socket: bytes in, the bytes the server would write out.
///
/// It runs the same parser, the same `Answerer` and the same one call to the application as a
/// real connection (the `Expect: 100-continue` screen included); work the application hands to
/// the pool runs here, on the caller's thread. So benchmarks time the whole request-bytes →
/// answer-bytes path a client gets, without the kernel, and tests check exact answer bytes
/// without a port.
public struct InProcessConnection {
    private var parser: RequestParser
    private var answerer: Answerer
    private var unread: [UInt8] = []
    private static let peer = "in-process"
    /// Whether an answer or framing error has closed the connection.
    public private(set) var isClosed = false

    public init(application: any HTTPApplication, limits: HTTPLimits = HTTPLimits()) {
        parser = RequestParser(limits: limits)
        answerer = Answerer(application: application)
    }

    /// Feeds `bytes` and returns every answer (and interim 100 response) they complete, in order.
    public mutating func send(_ bytes: [UInt8]) -> [UInt8] {
        var output = OutgoingBytes()
        answer(bytes, into: &output)
        return output.joined
    }

    /// `send` as a connection does it, for benchmarks: the answers go into an output kept from
    /// one call to the next and are then dropped as if written (a connection keeps its output's
    /// small buffer for the next answer), not joined into one array. Returns their size.
    public mutating func sendUnjoined(_ bytes: [UInt8]) -> Int {
        var output = OutgoingBytes()
        swap(&output, &keptOutput)
        answer(bytes, into: &output)
        let count = output.count
        output.removeFirst(count)
        keptOutput = output
        return count
    }

    /// The output `sendUnjoined` keeps, as a connection keeps its own.
    private var keptOutput = OutgoingBytes()

    private mutating func answer(_ bytes: [UInt8], into output: inout OutgoingBytes) {
        guard !isClosed else { return }
        unread.append(contentsOf: bytes)
        let startedAt = MonotonicClock.now()
        while !isClosed {
            let step: (consumed: Int, outcome: RequestParser.Outcome)
            do {
                step = try unread.withUnsafeBufferPointer { try parser.parse($0) }
            } catch let error as HTTPParseError {
                answerer.refuse(.malformed(error), peer: Self.peer, startedAt: startedAt, bytesIn: unread.count, into: &output)
                isClosed = true
                break
            } catch {
                isClosed = true
                break
            }
            unread.removeFirst(step.consumed)
            switch step.outcome {
            case .needMoreData:
                return
            case .sendContinue:
                if let head = parser.pendingHead,
                    answerer.screen(head, peer: Self.peer, startedAt: startedAt, bytesIn: step.consumed, into: &output)
                {
                    // Refused before the body was invited: the body never comes, so close.
                    isClosed = true
                    break
                }
                output.append(copying: ResponseWriter.continueResponse)
            case .request(let request):
                let disposition = answerer.handle(
                    request, peer: Self.peer, mayKeepAlive: true, startedAt: startedAt, bytesIn: step.consumed, into: &output)
                switch disposition {
                case .answered(let keepAlive):
                    if !keepAlive { isClosed = true }
                case .compute(let exchange, let work):
                    if !answerer.run(exchange, work: work, into: &output) { isClosed = true }
                }
            }
        }
    }
}
