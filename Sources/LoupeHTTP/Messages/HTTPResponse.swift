/// An answer as a handler builds it; the connection adds framing headers
/// (Date, Content-Length, Connection, X-Request-ID) when it writes it.
public struct HTTPResponse: Sendable, Equatable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Set by a handler that wants the connection closed after this answer.
    public var closesConnection: Bool
    /// The application's name for this exchange, never sent: handed back in `AccessRecord`
    /// (a metrics label decided with the answer, so nothing is looked up again afterwards).
    public var label: String?

    public init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], closesConnection: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.closesConnection = closesConnection
    }

    /// An answer with a body and its Content-Type.
    public init(status: HTTPStatus, contentType: String, body: [UInt8], headers: HTTPHeaders = HTTPHeaders()) {
        var headers = headers
        headers.set("Content-Type", contentType)
        self.init(status: status, headers: headers, body: body)
    }

    public init(status: HTTPStatus, contentType: String, text: String, headers: HTTPHeaders = HTTPHeaders()) {
        self.init(status: status, contentType: contentType, body: Array(text.utf8), headers: headers)
    }
}
