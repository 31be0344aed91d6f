/// JSON text without its insignificant whitespace (RFC 8259 §2: space, tab, line feed and
/// carriage return around the structural characters), every other byte as it was.
///
/// It keeps numbers and strings exactly as they were spelled, so the minified text parses to
/// the very same document (the same tokens, in the same order) as the original: what a GET
/// address must hold for its answer to carry the original's ETag. Re-serialising the parsed
/// document would be as faithful but costs more, and gains nothing.
public enum JSONMinifier {
    /// The minified text of `text`, which must already have parsed as JSON (outside strings,
    /// a valid document has whitespace only where it is insignificant).
    public static func minified(_ text: [UInt8]) -> [UInt8] {
        text.withUnsafeBufferPointer { text in
            // Most bodies come minified already (JSON.stringify, JSONEncoder, curl -d @file of
            // a minified file): a valid document has no byte under 0x21 but whitespace (a
            // string holds control characters only escaped), so a text without one is its own
            // minified text, found eight bytes at a time (issue 47 §1: the byte-by-byte walk was
            // a twelfth of an address's cost).
            guard firstByteBelow0x21(text) < text.count else { return Array(text) }
            // Written through a pointer into memory sized for the whole text: an append per byte
            // (its capacity and uniqueness checks) was most of this loop's cost.
            return [UInt8](unsafeUninitializedCapacity: text.count) { result, count in
                var written = 0
                var inString = false
                var escaped = false
                for byte in text {
                    if !inString && isWhitespace(byte) { continue }
                    result[written] = byte
                    written &+= 1
                    (inString, escaped) = next(inString, escaped, byte)
                }
                count = written
            }
        }
    }

    /// JSON's four whitespace bytes (RFC 8259 §2).
    @inline(__always)
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }

    /// Whether the text is in a string after `byte`, and whether that byte escapes the next.
    @inline(__always)
    private static func next(_ inString: Bool, _ escaped: Bool, _ byte: UInt8) -> (inString: Bool, escaped: Bool) {
        guard inString else { return (byte == UInt8(ascii: "\""), false) }
        if escaped { return (true, false) }
        return (byte != UInt8(ascii: "\""), byte == UInt8(ascii: "\\"))
    }

    /// The index of the first byte under 0x21 in `text`, or its count when there is none.
    private static func firstByteBelow0x21(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = text.baseAddress else { return 0 }
        let ones: UInt64 = 0x0101_0101_0101_0101
        var index = 0
        // A byte b < 0x21 is one where b - 0x21 borrows and b's own top bit was clear (the
        // classic "has less" test; a borrow from a lower byte can only flag a byte above one
        // truly below, so the lowest flag is exact).
        while index + 8 <= text.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let below = (word &- ones &* 0x21) & ~word & (ones &* 0x80)
            if below != 0 { return index + below.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < text.count && text[index] >= 0x21 { index += 1 }
        return index
    }
}
