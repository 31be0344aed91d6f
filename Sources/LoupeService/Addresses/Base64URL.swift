/// base64url without padding (RFC 4648 §5, §3.2): how a plan key carries its zlib bytes in a
/// path segment.
///
/// The alphabet is A–Z a–z 0–9 `-` `_`, all unreserved in a URI (RFC 3986 §2.3), so a key is
/// never percent-encoded on its way through clients, proxies and logs, and `=` padding is left
/// out because the length already says how many bytes the last group holds.
///
/// Decoding is strict so that one key has one spelling, and so that a cache or a log line that
/// compares keys as text compares the bodies they carry: any character outside the alphabet
/// (the `+` and `/` of plain base64, `=`, whitespace, percent escapes) is refused, a length of
/// 4n + 1 (6 bits, not a whole byte) is refused, and so are the unused low bits of the last
/// character when they are not zero (RFC 4648 §3.5: "ab" and "ac" would otherwise both decode
/// to the same byte).
enum Base64URL {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Each byte's 6-bit value, or `invalid` for a byte outside the alphabet.
    private static let values: [UInt8] = {
        var values = [UInt8](repeating: invalid, count: 256)
        for (value, character) in alphabet.enumerated() { values[Int(character)] = UInt8(value) }
        return values
    }()
    private static let invalid: UInt8 = 0xFF

    /// The base64url text of `bytes`, written straight into the string's storage: one
    /// allocation, and no per-character append (issue 47 §1: appending to an array and then
    /// decoding it as UTF-8 was 1.3 % of a computed plan's server CPU).
    static func encode(_ bytes: [UInt8]) -> String {
        let length = (bytes.count * 4 + 2) / 3
        return String(unsafeUninitializedCapacity: length) { text in
            alphabet.withUnsafeBufferPointer { alphabet in
                bytes.withUnsafeBufferPointer { bytes in
                    var index = 0, written = 0
                    func put(_ group: UInt32, _ shift: UInt32) {
                        text[written] = alphabet[Int(group >> shift & 63)]
                        written &+= 1
                    }
                    while index + 3 <= bytes.count {
                        let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                        put(group, 18)
                        put(group, 12)
                        put(group, 6)
                        put(group, 0)
                        index += 3
                    }
                    // The last one or two bytes: two or three characters, the unused bits zero.
                    switch bytes.count - index {
                    case 1:
                        let group = UInt32(bytes[index]) << 16
                        put(group, 18)
                        put(group, 12)
                    case 2:
                        let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
                        put(group, 18)
                        put(group, 12)
                        put(group, 6)
                    default:
                        break
                    }
                    return written
                }
            }
        }
    }

    /// The bytes `text` spells, or nil when it is not the one canonical spelling of any bytes
    /// (see the type's comment).
    static func decode(_ text: Substring) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode(utf8: $0) }
    }

    static func decode(_ text: String) -> [UInt8]? {
        decode(Substring(text))
    }

    private static func decode(utf8 text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let remainder = text.count % 4
        guard remainder != 1 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 4 * 3 + max(0, remainder - 1))
        let decoded: Bool = values.withUnsafeBufferPointer { values in
            var index = 0
            while index + 4 <= text.count {
                let v0 = values[Int(text[index])], v1 = values[Int(text[index + 1])]
                let v2 = values[Int(text[index + 2])], v3 = values[Int(text[index + 3])]
                // An invalid byte has its top bits set, which no 6-bit value has.
                guard (v0 | v1 | v2 | v3) & 0xC0 == 0 else { return false }
                let group = UInt32(v0) << 18 | UInt32(v1) << 12 | UInt32(v2) << 6 | UInt32(v3)
                bytes.append(UInt8(truncatingIfNeeded: group >> 16))
                bytes.append(UInt8(truncatingIfNeeded: group >> 8))
                bytes.append(UInt8(truncatingIfNeeded: group))
                index += 4
            }
            guard remainder != 0 else { return true }
            var group: UInt32 = 0
            for offset in 0..<remainder {
                let value = values[Int(text[index + offset])]
                guard value != invalid else { return false }
                group = group << 6 | UInt32(value)
            }
            // Two characters hold 12 bits for one byte, three hold 18 for two: the rest must be 0.
            let unusedBits = remainder == 2 ? 4 : 2
            guard group & (1 << unusedBits - 1) == 0 else { return false }
            group >>= UInt32(unusedBits)
            if remainder == 3 { bytes.append(UInt8(truncatingIfNeeded: group >> 8)) }
            bytes.append(UInt8(truncatingIfNeeded: group))
            return true
        }
        return decoded ? bytes : nil
    }
}
