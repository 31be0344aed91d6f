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
        // Written through a pointer into memory sized for the whole text: an append per byte
        // (its capacity and uniqueness checks) was most of this loop's cost.
        text.withUnsafeBufferPointer { text in
            [UInt8](unsafeUninitializedCapacity: text.count) { result, count in
                var written = 0
                var inString = false
                var escaped = false
                for byte in text {
                    if inString {
                        result[written] = byte
                        written &+= 1
                        if escaped {
                            escaped = false
                        } else if byte == UInt8(ascii: "\\") {
                            escaped = true
                        } else if byte == UInt8(ascii: "\"") {
                            inString = false
                        }
                        continue
                    }
                    switch byte {
                    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                        continue
                    case UInt8(ascii: "\""):
                        inString = true
                    default:
                        break
                    }
                    result[written] = byte
                    written &+= 1
                }
                count = written
            }
        }
    }
}
