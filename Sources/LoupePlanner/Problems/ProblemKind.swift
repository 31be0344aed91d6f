/// Every kind of problem the API reports (the transport's own, framing, limits, timeouts and
/// capacity, are LoupeHTTP's `TransportProblem`). The raw value is the last segment of the
/// problem type URI and never changes once released; docs/problems.md documents each one.
public enum ProblemKind: String, Sendable, Equatable, CaseIterable {
    // Routing and access.
    case notFound = "not-found"
    case methodNotAllowed = "method-not-allowed"
    case unauthorized = "unauthorized"
    case notAcceptable = "not-acceptable"
    case unsupportedMediaType = "unsupported-media-type"
    case shuttingDown = "shutting-down"
    // GET addresses (`/v1/plans/{key}`).
    case invalidAddress = "invalid-address"
    case unknownAddressVersion = "unknown-address-version"
    case addressTooLong = "address-too-long"
    // Request content.
    case malformedJSON = "malformed-json"
    case invalidRequest = "invalid-request"
    case unsupportedPlatform = "unsupported-platform"
    case strictWarnings = "strict-warnings"
    case invalidScript = "invalid-script"
    case workLimitExceeded = "work-limit-exceeded"
    case internalError = "internal-error"

    /// Base of every problem type URI. The pages behind it are docs/problems.md's sections.
    public static let typeBase = "https://loupe.dev/problems/"

    public var typeURI: String { Self.typeBase + rawValue }

    public var status: Int {
        switch self {
        case .malformedJSON, .invalidAddress, .unknownAddressVersion: return 400
        case .unauthorized: return 401
        case .notFound: return 404
        case .methodNotAllowed: return 405
        case .notAcceptable: return 406
        case .addressTooLong: return 414
        case .unsupportedMediaType: return 415
        case .invalidRequest, .unsupportedPlatform, .strictWarnings, .invalidScript, .workLimitExceeded: return 422
        case .internalError: return 500
        case .shuttingDown: return 503
        }
    }

    public var title: String {
        switch self {
        case .notFound: return "No such resource"
        case .methodNotAllowed: return "The method is not allowed on this resource"
        case .unauthorized: return "A valid API key is required"
        case .notAcceptable: return "No acceptable representation"
        case .unsupportedMediaType: return "The request body must be application/json"
        case .shuttingDown: return "The server is shutting down"
        case .invalidAddress: return "The address does not hold a request"
        case .unknownAddressVersion: return "The address is of a version this server does not read"
        case .addressTooLong: return "The address is longer than the server reads"
        case .malformedJSON: return "The request body is not valid JSON"
        case .invalidRequest: return "The request has invalid fields"
        case .unsupportedPlatform: return "The transition is not available on this platform"
        case .strictWarnings: return "The request produced warnings and strict mode is on"
        case .invalidScript: return "The event script cannot be played"
        case .workLimitExceeded: return "The answer would exceed the server's work limit"
        case .internalError: return "An internal error occurred"
        }
    }
}
