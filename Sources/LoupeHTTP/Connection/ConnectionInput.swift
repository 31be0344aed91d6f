/// What a connection has received and not yet framed, and the parser framing it.
struct ConnectionInput {
    /// Received bytes not yet consumed by the parser, from `start` on.
    private var bytes: [UInt8] = []
    private var start = 0
    private var parser: RequestParser

    init(limits: HTTPLimits) {
        parser = RequestParser(limits: limits)
    }

    var unread: Int { bytes.count - start }
    /// Where the parser is in the current request.
    var phase: RequestParser.Phase { parser.phase }
    /// The head whose body is arriving (`RequestParser.pendingHead`).
    var pendingHead: HTTPRequest? { parser.pendingHead }

    /// Bytes held: the buffer and the body being read (a fixed-length body is allocated whole
    /// when its head arrives), for the memory budget.
    var heldBytes: Int { bytes.capacity + parser.bufferedBodyBytes }

    /// Buffers larger than this are freed, not kept, once empty: an idle keep-alive connection
    /// costs at most twice this (its input and its output), not the largest request or answer
    /// it ever had, so 10,000 idle connections hold 40 MiB at most.
    static let retainedBufferBytes = 2 * 1024

    mutating func append(_ received: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: received)
    }

    /// Frames as much of the unread bytes as it can, and drops what it consumed.
    mutating func parse() throws(HTTPParseError) -> (consumed: Int, outcome: RequestParser.Outcome) {
        let start = start
        let step = try bytes.withUnsafeBufferPointer { (buffer) throws(HTTPParseError) in
            try parser.parse(UnsafeBufferPointer(rebasing: buffer[start...]))
        }
        self.start += step.consumed
        return step
    }

    /// Drops consumed bytes, so the buffer never grows beyond one request's worth.
    mutating func compact() {
        if start == bytes.count {
            bytes.removeAll(keepingCapacity: bytes.capacity <= Self.retainedBufferBytes)
            start = 0
        } else if start > 32 * 1024 {
            bytes.removeFirst(start)
            start = 0
        }
    }

    /// Drops everything buffered and the request being read: after a final answer that ends the
    /// connection, nothing more of the input is framed.
    mutating func discard() {
        start = bytes.count
        compact()
        parser = RequestParser(limits: parser.limits)
    }
}
