/// Reads the building blocks HTTP field values share (RFC 9110 §5.6): tokens, quoted strings
/// and optional whitespace, left to right.
///
/// The parser reads chunk extensions with it (RFC 9112 §7.1.1) and the service reads
/// media-type parameters (RFC 9110 §5.6.6), so both follow one grammar, quoted-pair escapes
/// included. Each read consumes what it returns; a read that returns nil has found the input
/// malformed at that point, and the position is then unspecified.
public struct FieldSyntaxScanner<Bytes: RandomAccessCollection<UInt8>> where Bytes.Index == Int {
    public let bytes: Bytes
    /// Index of the next unread byte.
    public private(set) var position: Int

    public init(_ bytes: Bytes) {
        self.bytes = bytes
        self.position = bytes.startIndex
    }

    /// Starts reading at `position` (an index of `bytes`), after what the caller has read itself.
    public init(_ bytes: Bytes, from position: Int) {
        self.bytes = bytes
        self.position = position
    }

    public var isAtEnd: Bool { position >= bytes.endIndex }

    /// The next byte, or nil at the end.
    public var next: UInt8? { isAtEnd ? nil : bytes[position] }

    /// Skips OWS or BWS (RFC 9110 §5.6.3): any run of spaces and tabs, possibly empty.
    public mutating func skipWhitespace() {
        while let byte = next, byte == ASCII.space || byte == ASCII.tab { position += 1 }
    }

    /// Consumes `byte` if it is next; says whether it was.
    public mutating func consume(_ byte: UInt8) -> Bool {
        guard next == byte else { return false }
        position += 1
        return true
    }

    /// Reads a token (RFC 9110 §5.6.2): one or more tchars. Nil when none is next.
    public mutating func token() -> String? {
        let start = position
        while let byte = next, ASCII.isTokenCharacter(byte) { position += 1 }
        guard position > start else { return nil }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Reads a quoted-string (RFC 9110 §5.6.4) and returns its content with every quoted-pair
    /// unescaped. Nil when no DQUOTE is next, when it is not closed, or when it holds a byte
    /// that neither qdtext nor a quoted-pair allows (a CTL, or a backslash at the end).
    public mutating func quotedString() -> String? {
        guard consume(ASCII.doubleQuote) else { return nil }
        var content: [UInt8] = []
        while let byte = next {
            position += 1
            if byte == ASCII.doubleQuote {
                return String(decoding: content, as: UTF8.self)
            } else if byte == ASCII.backslash {
                guard let escaped = next, ASCII.isQuotedPairCharacter(escaped) else { return nil }
                content.append(escaped)
                position += 1
            } else if ASCII.isQuotedTextCharacter(byte) {
                content.append(byte)
            } else {
                return nil
            }
        }
        return nil
    }

    /// Reads the value of a parameter or chunk extension: a token or a quoted string.
    public mutating func tokenOrQuotedString() -> String? {
        next == ASCII.doubleQuote ? quotedString() : token()
    }
}
