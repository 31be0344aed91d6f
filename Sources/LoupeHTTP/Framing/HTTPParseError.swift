/// Why a request could not be framed. Every case ends the connection: after a framing
/// error the server cannot know where the next request starts (RFC 9112 §6.3, §11.2).
public enum HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    case bareLineFeed
    case bareCarriageReturn
    case invalidCharacter(where: String)
    case malformedRequestLine
    case invalidMethod
    case invalidTarget
    case unsupportedVersion(String)
    case malformedVersion
    case requestLineTooLong(limit: Int)
    case headerSectionTooLarge(limit: Int)
    case tooManyHeaderFields(limit: Int)
    case obsoleteLineFolding
    case whitespaceBeforeColon
    case invalidHeaderName
    case invalidHeaderValue(name: String)
    case missingHost
    case multipleHosts
    case invalidHost
    case multipleContentTypes
    case invalidContentLength
    case conflictingContentLengths
    case contentLengthWithTransferEncoding
    case unsupportedTransferCoding(String)
    case chunkedNotFinal
    case transferEncodingInHTTP10
    case invalidChunkSize
    case invalidChunkExtension
    case invalidChunkTerminator
    case bodyTooLarge(limit: Int)
    case unsupportedExpectation(String)

    /// The problem type: 414, 431, 413, 501, 505 and 417 where RFC 9110/9112 ask for them,
    /// else 400 `malformed-request`.
    public var problem: TransportProblem {
        switch self {
        case .requestLineTooLong: .requestLineTooLong
        case .headerSectionTooLarge, .tooManyHeaderFields: .headerFieldsTooLarge
        case .bodyTooLarge: .bodyTooLarge
        case .unsupportedTransferCoding: .unsupportedTransferCoding
        case .unsupportedVersion: .httpVersionNotSupported
        case .unsupportedExpectation: .expectationFailed
        default: .malformedRequest
        }
    }

    /// The status of its problem type.
    public var status: HTTPStatus { problem.status }

    public var description: String {
        switch self {
        case .bareLineFeed: return "a line ends with LF without CR"
        case .bareCarriageReturn: return "a CR is not followed by LF"
        case .invalidCharacter(let place): return "a control character appears in the \(place)"
        case .malformedRequestLine: return "the request line is not 'method SP target SP version'"
        case .invalidMethod: return "the method is not a token"
        case .invalidTarget: return "the request target is not in origin, absolute or asterisk form"
        case .unsupportedVersion(let version): return "\(version) is not supported; use HTTP/1.1 or HTTP/1.0"
        case .malformedVersion: return "the protocol version is malformed"
        case .requestLineTooLong(let limit): return "the request line exceeds \(limit) bytes"
        case .headerSectionTooLarge(let limit): return "the header section exceeds \(limit) bytes"
        case .tooManyHeaderFields(let limit): return "the request has more than \(limit) header fields"
        case .obsoleteLineFolding: return "obsolete line folding is not accepted"
        case .whitespaceBeforeColon: return "a header field name is followed by whitespace before the colon"
        case .invalidHeaderName: return "a header field name is not a token"
        case .invalidHeaderValue(let name): return "the value of header field \(name) has invalid characters"
        case .missingHost: return "an HTTP/1.1 request must carry exactly one Host field; it has none"
        case .multipleHosts: return "an HTTP/1.1 request must carry exactly one Host field; it has several"
        case .invalidHost: return "the Host field is not a host with an optional port (RFC 3986 §3.2.2)"
        case .multipleContentTypes: return "Content-Type is a singleton field (RFC 9110 §8.3); the request has several"
        case .invalidContentLength: return "Content-Length is not a non-negative decimal number"
        case .conflictingContentLengths: return "Content-Length fields disagree"
        case .contentLengthWithTransferEncoding: return "Content-Length and Transfer-Encoding are both present"
        case .unsupportedTransferCoding(let coding): return "transfer coding \(coding) is not implemented; only chunked is"
        case .chunkedNotFinal: return "chunked must be the final transfer coding"
        case .transferEncodingInHTTP10: return "Transfer-Encoding is not allowed in an HTTP/1.0 request"
        case .invalidChunkSize: return "a chunk size is not a hexadecimal number"
        case .invalidChunkExtension: return "a chunk size is followed by something other than chunk extensions (RFC 9112 §7.1.1)"
        case .invalidChunkTerminator: return "chunk data is not followed by CRLF"
        case .bodyTooLarge(let limit): return "the body exceeds \(limit) bytes"
        case .unsupportedExpectation(let value): return "Expect: \(value) is not supported; only 100-continue is"
        }
    }
}
