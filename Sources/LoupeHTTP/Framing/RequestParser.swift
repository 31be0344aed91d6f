/// An incremental HTTP/1.1 request parser (RFC 9112) that accepts bytes split at any point.
///
/// The connection hands it the unread bytes after every `recv`; the parser says how many it
/// consumed and whether a request is complete. It never reads past the end of one request,
/// so pipelined requests stay in the buffer for the next call. It is strict on purpose:
/// anything a front proxy might frame differently (request smuggling) is an error.
public struct RequestParser: Sendable {
    /// Where the parser is in the current message; the connection picks its timeout from it.
    public enum Phase: Sendable, Equatable {
        /// No byte of a request has arrived yet.
        case idle
        /// Part of the request line or header section has arrived.
        case head
        /// The head is complete and the body is arriving.
        case body
    }

    /// What one call produced.
    public enum Outcome: Sendable, Equatable {
        case needMoreData
        /// The head asked for `Expect: 100-continue` and the body has not arrived yet:
        /// the connection should send an interim 100 response, then keep feeding bytes.
        case sendContinue
        case request(HTTPRequest)
    }

    private enum State: Sendable {
        case head(HeadScan)
        case fixedBody(Head, remaining: Int)
        case chunkSize(Head)
        case chunkData(Head, remaining: Int)
        case chunkDataEnd(Head)
        case trailers(Head, fields: Int, bytes: Int)
    }

    /// Progress through a head that is still arriving, kept so that a client sending one
    /// byte at a time costs linear, not quadratic, work.
    struct HeadScan: Sendable {
        var scanned = 0
        var lineStart = 0
        var requestLineStart = 0
        var requestLineEnd: Int?
        var fieldCount = 0
        var emptyLinesSkipped = 0
    }

    struct Head: Sendable {
        var method: String
        var target: String
        var version: HTTPVersion
        var headers: HTTPHeaders
        var expectsContinue: Bool
    }

    public let limits: HTTPLimits
    private var state: State = .head(HeadScan())
    private var body: [UInt8] = []
    private var continueSent = false

    public init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
    }

    public var phase: Phase {
        switch state {
        case .head(let scan): return scan.scanned == 0 ? .idle : .head
        default: return .body
        }
    }

    /// The head of the request whose body is arriving, as a request with an empty body (for
    /// screening `Expect: 100-continue`); nil while no head is complete.
    public var pendingHead: HTTPRequest? {
        switch state {
        case .head:
            return nil
        case .fixedBody(let head, _), .chunkSize(let head), .chunkData(let head, _), .chunkDataEnd(let head),
            .trailers(let head, _, _):
            return HTTPRequest(method: head.method, target: head.target, version: head.version, headers: head.headers)
        }
    }

    /// Bytes held for the body being read (its buffer's capacity: a fixed-length body is
    /// allocated whole when its head arrives), for the server's memory budget.
    public var bufferedBodyBytes: Int { body.capacity }

    /// Parses as much of `bytes` (the unread input) as it can.
    ///
    /// - Returns: how many bytes were consumed (the caller drops them) and the outcome.
    /// - Throws: `HTTPParseError` on any framing error; the connection must answer and close.
    public mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> (consumed: Int, outcome: Outcome) {
        var consumed = 0
        while true {
            let input = UnsafeBufferPointer(rebasing: bytes[consumed...])
            switch state {
            case .head(var scan):
                guard let headEnd = try Self.scanHead(input, &scan, limits) else {
                    state = .head(scan)
                    return (consumed, .needMoreData)
                }
                let head = try Self.parseHead(input, scan: scan, headEnd: headEnd)
                consumed += headEnd
                let framing = try Self.framing(of: head, limits: limits)
                switch framing {
                case .none:
                    return (consumed, .request(finish(head)))
                case .fixed(let length):
                    body.reserveCapacity(length)
                    state = .fixedBody(head, remaining: length)
                case .chunked:
                    state = .chunkSize(head)
                }

            case .fixedBody(let head, let remaining):
                let take = min(remaining, input.count)
                body.append(contentsOf: UnsafeBufferPointer(rebasing: input[..<take]))
                consumed += take
                if take == remaining {
                    return (consumed, .request(finish(head)))
                }
                state = .fixedBody(head, remaining: remaining - take)
                return (consumed, continueIfAsked(head))

            case .chunkSize(let head):
                guard let line = try Self.line(in: input, limit: 1024, tooLong: .invalidChunkSize) else {
                    return (consumed, continueIfAsked(head))
                }
                let size = try Self.chunkSize(UnsafeBufferPointer(rebasing: input[..<line.contentEnd]))
                consumed += line.next
                if size == 0 {
                    state = .trailers(head, fields: 0, bytes: 0)
                } else {
                    guard size <= limits.maxBodyBytes - body.count else {
                        throw .bodyTooLarge(limit: limits.maxBodyBytes)
                    }
                    state = .chunkData(head, remaining: size)
                }

            case .chunkData(let head, let remaining):
                let take = min(remaining, input.count)
                body.append(contentsOf: UnsafeBufferPointer(rebasing: input[..<take]))
                consumed += take
                if take == remaining {
                    state = .chunkDataEnd(head)
                } else {
                    state = .chunkData(head, remaining: remaining - take)
                    return (consumed, .needMoreData)
                }

            case .chunkDataEnd(let head):
                guard input.count >= 2 else { return (consumed, .needMoreData) }
                guard input[0] == ASCII.cr, input[1] == ASCII.lf else { throw .invalidChunkTerminator }
                consumed += 2
                state = .chunkSize(head)

            case .trailers(let head, let fields, let bytes):
                guard
                    let line = try Self.line(
                        in: input, limit: limits.maxHeaderBytes - bytes, tooLong: .headerSectionTooLarge(limit: limits.maxHeaderBytes))
                else {
                    return (consumed, .needMoreData)
                }
                consumed += line.next
                if line.contentEnd == 0 {
                    return (consumed, .request(finish(head)))
                }
                // Trailer fields are validated like header fields, then discarded: nothing
                // in Loupe depends on them (RFC 9110 §6.5.1 allows ignoring them).
                _ = try Self.parseField(UnsafeBufferPointer(rebasing: input[..<line.contentEnd]))
                guard fields + 1 <= limits.maxHeaderFields else { throw .tooManyHeaderFields(limit: limits.maxHeaderFields) }
                state = .trailers(head, fields: fields + 1, bytes: bytes + line.next)
            }
        }
    }

    private mutating func continueIfAsked(_ head: Head) -> Outcome {
        guard head.expectsContinue, !continueSent else { return .needMoreData }
        continueSent = true
        return .sendContinue
    }

    private mutating func finish(_ head: Head) -> HTTPRequest {
        let request = HTTPRequest(method: head.method, target: head.target, version: head.version, headers: head.headers, body: body)
        body = []
        continueSent = false
        state = .head(HeadScan())
        return request
    }
}
