import LoupeHTTP

/// The query parameters a /v1 route does not read, named back to the client in a
/// `Loupe-Warning` header (issue 45 §7: `?precision=0` was silently ignored).
///
/// A /v1 answer depends on its body and its format alone, so a body option sent in the query
/// (`?precision=0`, `?strict=true`) changes nothing. The warning is a header, not a member of the
/// body's `warnings`: it is about the URL, not the representation, so the body, its ETag and
/// the answer cache stay keyed as they are, while a shared cache, which keys on the URL, stores
/// the header with the URL it belongs to.
enum IgnoredQueryParameters {
    /// The header's name.
    static let header = "Loupe-Warning"
    /// The parameters /v1 routes read.
    static let read: Set<String> = ["format"]
    /// At most this many parameters are named, each by at most `maxNameBytes` bytes: the header
    /// stays small whatever the query holds.
    static let maxNamed = 8
    static let maxNameBytes = 32
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// The header's value for `request`, or nil when every parameter is read: one list member per
    /// distinct ignored name, `query-parameter-ignored; parameter="precision"`, the name
    /// percent-encoded outside RFC 3986's unreserved characters, so nothing a client sends
    /// reaches the head unescaped.
    static func warning(for request: HTTPRequest) -> String? {
        guard request.query != nil else { return nil }
        var named: [String] = []
        for name in request.queryParameterNames where !read.contains(name) {
            let shown = escaped(name)
            guard !named.contains(shown) else { continue }
            named.append(shown)
            if named.count == maxNamed { break }
        }
        guard !named.isEmpty else { return nil }
        return named.map { "query-parameter-ignored; parameter=\"\($0)\"" }.joined(separator: ", ")
    }

    /// `name`'s first `maxNameBytes` bytes, percent-encoded outside the unreserved characters.
    private static func escaped(_ name: String) -> String {
        var shown = ""
        for byte in name.utf8.prefix(maxNameBytes) {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                shown.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                shown += "%" + String(decoding: [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]], as: UTF8.self)
            }
        }
        return shown
    }
}
