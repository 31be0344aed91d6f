import LoupeHTTP
import LoupePlanner

/// The body every /v1 route takes: checked from the head alone (before the body is read, so an
/// `Expect: 100-continue` client learns it first), by the routes' screen and again by their
/// handler.
enum JSONBody {
    /// Accepts `application/json` and any `application/*+json`, with parameters such as charset
    /// (RFC 9110 §8.3.1: type and subtype are case-insensitive). JSON is UTF-8 (RFC 8259 §8.1), so a
    /// charset other than utf-8 is refused rather than decoded as if it were UTF-8.
    /// - Throws: `Problem` 415 `unsupportedMediaType` otherwise, including when it is missing.
    static func require(_ request: HTTPRequest) throws(Problem) {
        let value = request.headers["Content-Type"] ?? ""
        // The common spelling, accepted without parsing (every /v1 request passes here).
        if value.equalsIgnoringASCIICase("application/json") { return }
        guard let mediaType = MediaType(value), mediaType.isJSON else {
            let given = value.isEmpty ? "no Content-Type" : "Content-Type \"\(String(value.prefix(100)))\""
            throw Problem(.unsupportedMediaType, detail: "Send the body as application/json; the request has \(given).")
        }
        if let charset = mediaType.values(of: "charset").first(where: { $0.lowercased() != "utf-8" }) {
            throw Problem(
                .unsupportedMediaType,
                detail: "JSON is UTF-8 (RFC 8259 §8.1): send charset=utf-8 or no charset, not charset \"\(String(charset.prefix(100)))\".")
        }
    }
}
