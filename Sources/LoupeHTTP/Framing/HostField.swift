import Glibc

/// The grammar of a Host field value: `uri-host [ ":" port ]` (RFC 9112 §3.2, RFC 9110 §7.2),
/// where uri-host is RFC 3986's host.
///
/// The parser checks it so that a value no URI could hold (a space, a slash, userinfo) never
/// reaches the application, which might otherwise log it, echo it or build a URL from it.
enum HostField {
    private typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// Whether `value` is an IP literal in brackets, an IPv4 address or a reg-name, followed by
    /// an optional ":" and port digits. An empty value is a valid (empty) reg-name
    /// (RFC 3986 §3.2.2), so the parser's behaviour for an empty Host is unchanged.
    static func isValid(_ value: String) -> Bool {
        var value = value
        // withUTF8 reads the string's own storage: no copy on every request's Host.
        return value.withUTF8 { isValid(bytes: $0[...]) }
    }

    private static func isValid(bytes: Bytes) -> Bool {
        let hostEnd: Int
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), isIPLiteral(bytes[(bytes.startIndex + 1)..<close]) else { return false }
            hostEnd = close + 1
        } else {
            hostEnd = bytes.firstIndex(of: ASCII.colon) ?? bytes.endIndex
            guard isRegName(bytes[..<hostEnd]) else { return false }
        }
        return isPort(bytes[hostEnd...])
    }

    /// reg-name = *( unreserved / pct-encoded / sub-delims ) (RFC 3986 §3.2.2). It covers
    /// IPv4address too, whose digits and dots are unreserved characters.
    private static func isRegName(_ bytes: Bytes) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, ASCII.isHexDigit(bytes[index + 1]), ASCII.isHexDigit(bytes[index + 2]) else {
                    return false
                }
                index += 3
            } else {
                guard ASCII.isUnreserved(byte) || ASCII.isSubDelimiter(byte) else { return false }
                index += 1
            }
        }
        return true
    }

    /// What stands between the brackets of an IP-literal: an IPv6address, which inet_pton
    /// checks exactly, or an IPvFuture, "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
    /// (RFC 3986 §3.2.2).
    private static func isIPLiteral(_ bytes: Bytes) -> Bool {
        if let first = bytes.first, first == UInt8(ascii: "v") || first == UInt8(ascii: "V") {
            let rest = bytes.dropFirst()
            guard let dot = rest.firstIndex(of: UInt8(ascii: ".")), dot > rest.startIndex, dot + 1 < rest.endIndex else { return false }
            return rest[..<dot].allSatisfy(ASCII.isHexDigit)
                && rest[(dot + 1)...].allSatisfy { ASCII.isUnreserved($0) || ASCII.isSubDelimiter($0) || $0 == ASCII.colon }
        }
        var address = in6_addr()
        return inet_pton(AF_INET6, String(decoding: bytes, as: UTF8.self), &address) == 1
    }

    /// Nothing, or ":" *DIGIT (RFC 3986 §3.2.3: the port may be empty).
    private static func isPort(_ bytes: Bytes) -> Bool {
        guard let first = bytes.first else { return true }
        return first == ASCII.colon && bytes.dropFirst().allSatisfy(ASCII.isDigit)
    }
}
