/// What the server knows about the exchange a handler is answering.
public struct RequestContext: Sendable {
    /// The echoed or generated X-Request-ID.
    public var requestID: String
    /// The client's address, "127.0.0.1:50432" or "[::1]:50432".
    public var peer: String

    public init(requestID: String, peer: String) {
        self.requestID = requestID
        self.peer = peer
    }
}
