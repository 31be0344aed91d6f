/// One complete request as the parser framed it: head and whole body.
///
/// The body is already de-chunked; handlers never see transfer codings.
public struct HTTPRequest: Sendable, Equatable {
    /// The method token, case-sensitive as RFC 9110 §9.1 requires ("GET", not "get").
    public var method: String
    /// The request-target as sent (origin-form, absolute-form or "*").
    public var target: String
    /// The path of the target without its query, always starting with "/" (or "*").
    public var path: String
    /// The raw query string after "?", without the "?"; nil when there is none.
    public var query: String?
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(
        method: String, target: String, version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []
    ) {
        self.method = method
        self.target = target
        let split = HTTPRequest.splitTarget(target)
        self.path = split.path
        self.query = split.query
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The value of query parameter `name` (its first occurrence), or nil. Names and values are
    /// decoded as HTML forms encode them (application/x-www-form-urlencoded, as the WHATWG URL
    /// standard parses it): "+" is a space, %XX a byte, and the bytes UTF-8; a "%" not followed
    /// by two hex digits stays as it is. So `?format=c%73s` asks for css.
    public func queryParameter(_ name: String) -> String? {
        guard let query else { return nil }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if Self.formDecoded(parts[0]) == name {
                return parts.count > 1 ? Self.formDecoded(parts[1]) : ""
            }
        }
        return nil
    }

    /// The decoded names of every query parameter, in order, repeats included: what a handler
    /// needs to tell a client which parameters it did not read.
    public var queryParameterNames: [String] {
        guard let query else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            Self.formDecoded(pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0])
        }
    }

    /// `text` with "+" and %XX decoded (see `queryParameter`).
    static func formDecoded(_ text: Substring) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                if iterator.count >= 2, let high = hexValue(iterator[iterator.startIndex]),
                    let low = hexValue(iterator[iterator.startIndex + 1])
                {
                    bytes.append(high << 4 | low)
                    iterator = iterator.dropFirst(2)
                } else {
                    bytes.append(byte)
                }
            default:
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Whether the client asked to keep the connection open after this exchange
    /// (RFC 9112 §9.3: HTTP/1.1 persists unless "close"; HTTP/1.0 only with "keep-alive").
    public var wantsKeepAlive: Bool {
        let tokens = headers.tokens("Connection")
        switch version {
        case .http1_1: return !tokens.contains("close")
        case .http1_0: return tokens.contains("keep-alive") && !tokens.contains("close")
        }
    }

    static func splitTarget(_ target: String) -> (path: String, query: String?) {
        var target = target
        return target.withUTF8 { bytes in
            var start = 0
            // absolute-form (RFC 9112 §3.2.2): keep only the path and query.
            if bytes.first != UInt8(ascii: "/"), let schemeEnd = Self.index(of: Self.schemeSeparator, in: bytes) {
                let authority = schemeEnd + Self.schemeSeparator.count
                guard let pathStart = bytes[authority...].firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }) else {
                    return ("/", nil)
                }
                start = pathStart
            }
            let rest = UnsafeBufferPointer(rebasing: bytes[start...])
            guard let mark = rest.firstIndex(of: UInt8(ascii: "?")) else {
                return (String(decoding: rest, as: UTF8.self), nil)
            }
            let path = mark == 0 ? "/" : String(decoding: rest[..<mark], as: UTF8.self)
            return (path, String(decoding: rest[(mark + 1)...], as: UTF8.self))
        }
    }

    private static let schemeSeparator = Array("://".utf8)

    /// The first index of `needle` in `bytes`, by bytes (the generic substring search cost a
    /// few percent of every request).
    private static func index(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if (1..<needle.count).allSatisfy({ bytes[start + $0] == needle[$0] }) { return start }
        }
        return nil
    }
}
