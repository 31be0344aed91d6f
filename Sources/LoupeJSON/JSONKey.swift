/// A member name encoded once: its quoted, escaped bytes and the colon.
///
/// A plan writes the same few names (`time`, `x`, `opacity`...) about a thousand times; with a
/// `JSONKey` each of those is one small copy instead of a scan for characters to escape.
public struct JSONKey: Sendable {
    let encoded: [UInt8]

    public init(_ name: String) {
        var writer = JSONWriter(capacity: name.utf8.count + 3)
        writer.key(name)
        encoded = writer.bytes
    }
}
