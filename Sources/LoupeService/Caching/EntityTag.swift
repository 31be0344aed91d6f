import LoupeHTTP
import LoupeJSON
import LoupePlanner

/// A strong ETag for a /v1 answer, derived from the request rather than the answer, so a
/// matching `If-None-Match` is answered 304 without planning anything.
///
/// Answers are deterministic: the same route, parsed body, format and release give the same
/// bytes. So the tag is a 128-bit hash (MurmurHash3, hex) of the release version, the path, the
/// format and the parsed body in a canonical binary form: whitespace gone, numbers as the bits of
/// the double they denote (`1.0` = `1` = `1e0`, but -0 ≠ 0), strings as their characters
/// (`"\u0041"` = `"A"`), every value tagged with its kind and every string and container with its
/// length, so two different documents never share a form. Member order is kept, not sorted,
/// because it is not meaningless here: unknown-field warnings come in document order, so two
/// orders can give two different answers.
///
/// The form may tell apart requests whose answers are the same (that costs a 200 where a 304
/// would do), never the other way round: a strong tag must change whenever the answer's bytes
/// do (RFC 9110 §8.8.1). So it keeps all that the planners can see. They see a number only as
/// its double, never its spelling, and -0 is a double of its own: a timeline touch at x = -0 is
/// answered "x = -0.0" where one at 0 says "x = 0.0" (issue 34 §5), so the sign of a zero is kept.
///
/// The hash is not cryptographic, and need not be for the tag: an ETag is not a security
/// boundary. A client that forged a collision would only make its own cache treat two of its
/// requests as one; the server never trusts a tag for anything but answering 304 to the client
/// that sent it. (The answer cache does serve other clients, so it never trusts its hash alone:
/// see `AnswerCache`.)
struct EntityTag: Sendable, Equatable, CustomStringConvertible {
    /// The opaque part, without quotes.
    var opaque: String

    init(path: String, format: RenderingFormat, document: JSONDocument, version: String = BuildInfo.version) {
        // The release, path and format first, then the document: hashed as one run of bytes.
        var canonical = CanonicalBytes(capacity: 1024)
        canonical.append("loupe ")
        canonical.append(version)
        canonical.append("\n")
        canonical.append(path)
        canonical.append("\n")
        canonical.append(format.rawValue)
        canonical.append("\n")
        document.forEachToken { Self.appendCanonical($0, to: &canonical) }
        var hasher = Murmur3Hasher()
        canonical.withBytes { hasher.update($0) }
        opaque = hasher.finalize().hex
    }

    /// One node's part of the canonical form (see the type's comment), in document order: a
    /// container's kind and count come before its contents, and a member's key (its length and
    /// UTF-8, untagged) before its value. Binary rather than JSON text: it is only hashed, and
    /// spelling numbers out cost more than the rest of the tag.
    private static func appendCanonical(_ node: JSONDocument.Token, to bytes: inout CanonicalBytes) {
        switch node.kind {
        case .null:
            bytes.append(byte: UInt8(ascii: "n"))
        case .bool:
            bytes.append(byte: node.flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
        case .number:
            bytes.append(byte: UInt8(ascii: "d"))
            // The bits as they are: -0 keeps its sign (see the type's comment).
            bytes.append(word: node.number.bitPattern)
        case .string:
            bytes.append(byte: UInt8(ascii: "s"))
            bytes.appendCounted(node.utf8)
        case .name:
            bytes.appendCounted(node.utf8)
        case .array:
            bytes.append(byte: UInt8(ascii: "["))
            bytes.append(word: UInt64(node.count))
        case .object:
            bytes.append(byte: UInt8(ascii: "{"))
            bytes.append(word: UInt64(node.count))
        }
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
