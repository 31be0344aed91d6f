/// The problem types of the refusals the transport makes itself (framing, limits, timeouts,
/// capacity). The transport owns each one's status and title, so nothing above it can drift
/// from what it sends; the service only spells them as problem+json (RFC 9457). The raw value
/// is the last segment of the problem type URI and never changes once released (docs/problems.md).
public enum TransportProblem: String, Sendable, Equatable, CaseIterable {
    case malformedRequest = "malformed-request"
    case requestLineTooLong = "request-line-too-long"
    case headerFieldsTooLarge = "header-fields-too-large"
    case bodyTooLarge = "body-too-large"
    case unsupportedTransferCoding = "unsupported-transfer-coding"
    case httpVersionNotSupported = "http-version-not-supported"
    case expectationFailed = "expectation-failed"
    case requestTimeout = "request-timeout"
    case overCapacity = "over-capacity"
    case serverBusy = "server-busy"

    /// The status RFC 9110/9112 asks for.
    public var status: HTTPStatus {
        switch self {
        case .malformedRequest: .badRequest
        case .requestLineTooLong: .uriTooLong
        case .headerFieldsTooLarge: .headerFieldsTooLarge
        case .bodyTooLarge: .contentTooLarge
        case .unsupportedTransferCoding: .notImplemented
        case .httpVersionNotSupported: .versionNotSupported
        case .expectationFailed: .expectationFailed
        case .requestTimeout: .requestTimeout
        case .overCapacity, .serverBusy: .serviceUnavailable
        }
    }

    /// One line for a person, fixed per type (the problem's `title`).
    public var title: String {
        switch self {
        case .malformedRequest: "The request is not valid HTTP/1.1"
        case .requestLineTooLong: "The request line is too long"
        case .headerFieldsTooLarge: "The header section is too large"
        case .bodyTooLarge: "The request body is too large"
        case .unsupportedTransferCoding: "The transfer coding is not implemented"
        case .httpVersionNotSupported: "The HTTP version is not supported"
        case .expectationFailed: "The expectation cannot be met"
        case .requestTimeout: "The request did not arrive in time"
        case .overCapacity: "The server is at its connection limit"
        case .serverBusy: "The server has no room for this request now"
        }
    }
}
