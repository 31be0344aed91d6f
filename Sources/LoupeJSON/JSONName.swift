/// A member name written once: a comma, its quoted, escaped bytes and the colon.
///
/// A plan writes the same few names (`time`, `x`, `opacity`...) about a thousand times; with a
/// `JSONName` each of those is one copy instead of a scan for characters to escape, and the
/// comma before it comes with the copy. The bytes are allocated once and live as long as the
/// process, so reading a name costs no reference counting: names are meant to be `static let`s
/// (a fixed vocabulary), not made per request. RFC 8259 calls them *names*; "key" is kept for
/// an address's key (docs/architecture.md, the glossary).
public struct JSONName: @unchecked Sendable {
    /// `,"name":`; immutable once made, so sharing it between threads is safe.
    @usableFromInline let separated: UnsafeBufferPointer<UInt8>

    public init(_ name: String) {
        var writer = JSONWriter(capacity: name.utf8.count + 8)
        writer.name(name)
        let encoded = [UInt8(ascii: ",")] + writer.bytes
        // Padded with zeros so `JSONWriter.name` may read `wordCopyLimit` bytes from either start.
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: encoded.count + Self.wordCopyLimit + 1)
        storage.initialize(repeating: 0, count: encoded.count + Self.wordCopyLimit + 1)
        _ = UnsafeMutableBufferPointer(start: storage, count: encoded.count).initialize(from: encoded)
        separated = UnsafeBufferPointer(start: storage, count: encoded.count)
    }

    /// Names up to this many bytes (comma included) are copied as four words.
    @usableFromInline static let wordCopyLimit = 32
}
