import LoupeHTTP
import LoupeJSON
import LoupePlanner

/// A strong ETag for a /v1 answer, derived from the request rather than the answer, so a
/// matching `If-None-Match` is answered 304 without planning anything.
///
/// Answers are deterministic: the same route, parsed body, format and release give the same
/// bytes. So the tag is a 128-bit hash (MurmurHash3, hex) of the release version, the path, the
/// format and the body re-encoded canonically: whitespace dropped, numbers and strings in one
/// spelling (`1.0` = `1`, `"\u0041"` = `"A"`). Member order is kept, not sorted, because it is
/// not meaningless here: unknown-field warnings come in document order, so two orders can give
/// two different answers.
///
/// The hash is not cryptographic, and need not be: an ETag is not a security boundary. A
/// client that forged a collision would only make its own cache treat two of its requests as
/// one; the server never trusts a tag for anything but answering 304 to the client that sent it.
struct EntityTag: Sendable, Equatable, CustomStringConvertible {
    /// The opaque part, without quotes.
    var opaque: String

    init(path: String, format: RenderingFormat, document: JSONValue, version: String = BuildInfo.version) {
        var writer = JSONWriter(capacity: 1024)
        writer.value(document)
        var hasher = Murmur3Hasher()
        hasher.update("loupe \(version)\n\(path)\n\(format.rawValue)\n")
        hasher.update(writer.bytes)
        opaque = hasher.finalize().hex
    }

    /// A tag for fixed bytes (the web prototype's files).
    init(bytes: [UInt8]) {
        var hasher = Murmur3Hasher()
        hasher.update(bytes)
        opaque = hasher.finalize().hex
    }

    /// The field value: `"…"`.
    var description: String { "\"\(opaque)\"" }

    /// Whether `If-None-Match` field values name this tag (RFC 9110 §13.1.2: weak comparison, so
    /// `W/"x"` matches `"x"`). `*` is reported separately by `isWildcard`: it matches only when
    /// there is an answer at all, which is known only after computing it.
    static func list(_ values: [String], contains tag: EntityTag) -> Bool {
        tags(in: values).contains(tag.opaque)
    }

    /// Whether `If-None-Match` is `*`.
    static func isWildcard(_ values: [String]) -> Bool {
        values.contains { $0.trimmingOptionalWhitespace() == "*" }
    }

    /// The opaque parts of a list of entity tags; malformed members are skipped.
    static func tags(in values: [String]) -> [String] {
        var tags: [String] = []
        for value in values {
            var rest = Substring(value)
            while !rest.isEmpty {
                rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
                if rest.hasPrefix("W/") { rest = rest.dropFirst(2) }
                guard rest.first == "\"" else {
                    rest = rest.drop { $0 != "," }
                    continue
                }
                rest = rest.dropFirst()
                guard let end = rest.firstIndex(of: "\"") else { break }
                tags.append(String(rest[..<end]))
                rest = rest[rest.index(after: end)...]
            }
        }
        return tags
    }
}
