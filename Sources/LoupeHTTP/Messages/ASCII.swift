/// Byte classes of RFC 9110 §5.6 and RFC 9112, used by the parser and by header checks.
enum ASCII {
    static let cr: UInt8 = 13
    static let lf: UInt8 = 10
    static let space: UInt8 = 32
    static let tab: UInt8 = 9
    static let colon: UInt8 = 58
    static let doubleQuote: UInt8 = 34
    static let backslash: UInt8 = 92

    static func lower(_ byte: UInt8) -> UInt8 {
        (byte >= 65 && byte <= 90) ? byte + 32 : byte
    }

    /// tchar: the characters of a token (method, header name, transfer coding).
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 48...57, 65...90, 97...122: return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default: return false
        }
    }

    /// field-vchar, SP and HTAB: what a field value may hold (obs-text included, CTLs not).
    static func isFieldValueCharacter(_ byte: UInt8) -> Bool {
        byte == tab || (byte >= 32 && byte != 127)
    }

    /// What a request-target may hold: visible ASCII only (RFC 9112 §3.2, RFC 3986).
    static func isTargetCharacter(_ byte: UInt8) -> Bool {
        byte > 32 && byte < 127
    }

    /// qdtext (RFC 9110 §5.6.4): what a quoted string holds unescaped; not DQUOTE or backslash.
    static func isQuotedTextCharacter(_ byte: UInt8) -> Bool {
        byte == tab || byte == space || byte == 0x21 || (0x23...0x5B).contains(byte) || (0x5D...0x7E).contains(byte) || byte >= 0x80
    }

    /// What may follow a backslash in a quoted-pair (RFC 9110 §5.6.4): HTAB, SP, VCHAR, obs-text.
    static func isQuotedPairCharacter(_ byte: UInt8) -> Bool {
        byte == tab || byte == space || (0x21...0x7E).contains(byte) || byte >= 0x80
    }

    /// unreserved (RFC 3986 §2.3): ALPHA, DIGIT, "-", ".", "_", "~".
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case 48...57, 65...90, 97...122, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): return true
        default: return false
        }
    }

    /// sub-delims (RFC 3986 §2.2): the delimiters a URI component may hold as data.
    static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            return true
        default: return false
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        hexValue(byte) != nil
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: return byte - 48
        case 65...70: return byte - 55
        case 97...102: return byte - 87
        default: return nil
        }
    }
}
