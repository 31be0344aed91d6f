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

/// Failures the server answers itself, before or instead of calling the handler.
public enum HTTPFailure: Sendable, Equatable {
    /// The request could not be framed (4xx/5xx from `HTTPParseError.status`).
    case malformed(HTTPParseError)
    /// The header section or body did not arrive in time (408).
    case timedOut
    /// The server is at its connection cap (503).
    case overCapacity

    public var status: HTTPStatus {
        switch self {
        case .malformed(let error): return error.status
        case .timedOut: return .requestTimeout
        case .overCapacity: return .serviceUnavailable
        }
    }
}

/// One finished exchange, for access logs and metrics.
public struct ExchangeRecord: Sendable {
    public var method: String
    public var path: String
    public var status: Int
    public var requestID: String
    public var peer: String
    /// Request bytes on the wire (head and body).
    public var bytesIn: Int
    /// Response bytes queued (head and body).
    public var bytesOut: Int
    /// From the request's first byte to its response being queued.
    public var microseconds: Int
}

/// The application on top of the server. Calls are made on event-loop threads and must
/// not block: Loupe's engines are pure and fast, so handlers run inline.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest, context: RequestContext) -> HTTPResponse
    /// Builds the response for a failure the server detected itself.
    func respond(to failure: HTTPFailure, context: RequestContext) -> HTTPResponse
    /// Called once per response, after it has been queued.
    func didRespond(_ record: ExchangeRecord)
}
