/// Framing (RFC 9112 §6): Content-Length or chunked, and the chunked coding (§7.1).
extension RequestParser {
    enum Framing {
        case none
        case fixed(Int)
        case chunked
    }

    static func framing(of head: Head, limits: HTTPLimits) throws(HTTPParseError) -> Framing {
        // Nearly every request has no Transfer-Encoding and at most one plain Content-Length:
        // decided in one pass over the fields, without the lists and substrings the general
        // rules below need (which still decide everything else).
        var plainLength: Int?
        var unusual = false
        for field in head.headers.fields {
            if field.name.equalsIgnoringASCIICase("Transfer-Encoding") {
                unusual = true
                break
            }
            guard field.name.equalsIgnoringASCIICase("Content-Length") else { continue }
            guard plainLength == nil, let length = plainDecimal(field.value) else {
                unusual = true
                break
            }
            plainLength = length
        }
        if !unusual {
            guard let length = plainLength else { return .none }
            guard length <= limits.maxBodyBytes else { throw .bodyTooLarge(limit: limits.maxBodyBytes) }
            return length == 0 ? .none : .fixed(length)
        }
        let codings = head.headers.tokens("Transfer-Encoding")
        let lengths = head.headers.values("Content-Length")
        if head.headers.contains("Transfer-Encoding") {
            // §6.1: TE in HTTP/1.0 and TE with Content-Length are the classic smuggling vectors.
            guard head.version == .http1_1 else { throw .transferEncodingInHTTP10 }
            guard lengths.isEmpty else { throw .contentLengthWithTransferEncoding }
            if let unknown = codings.first(where: { $0 != "chunked" }) {
                throw .unsupportedTransferCoding(unknown)
            }
            guard codings.count == 1 else { throw .chunkedNotFinal }
            return .chunked
        }
        guard !lengths.isEmpty else { return .none }
        // §6.3 item 5: identical repeated values may be accepted; differing ones may not.
        var length: Int?
        for value in lengths.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            let digits = value.trimmingASCIIWhitespace()
            guard !digits.isEmpty, digits.utf8.count <= 18, digits.utf8.allSatisfy({ (48...57).contains($0) }),
                let parsed = Int(digits)
            else {
                throw .invalidContentLength
            }
            if let length, length != parsed { throw .conflictingContentLengths }
            length = parsed
        }
        guard let length else { throw .invalidContentLength }
        guard length <= limits.maxBodyBytes else { throw .bodyTooLarge(limit: limits.maxBodyBytes) }
        return length == 0 ? .none : .fixed(length)
    }

    /// A Content-Length value that is 1 to 18 digits and nothing else (no list, no whitespace).
    private static func plainDecimal(_ value: String) -> Int? {
        var value = value
        return value.withUTF8 { digits -> Int? in
            guard !digits.isEmpty, digits.count <= 18 else { return nil }
            var length = 0
            for digit in digits {
                guard digit >= 48, digit <= 57 else { return nil }
                length = length &* 10 &+ Int(digit &- 48)
            }
            return length
        }
    }

    // MARK: - Chunked coding (RFC 9112 §7.1)

    /// Finds the next CRLF-terminated line; nil when it has not fully arrived.
    static func line(in input: UnsafeBufferPointer<UInt8>, limit: Int, tooLong: HTTPParseError) throws(HTTPParseError) -> (
        contentEnd: Int, next: Int
    )? {
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == ASCII.lf {
                guard index > 0, input[index - 1] == ASCII.cr else { throw .bareLineFeed }
                return (index - 1, index + 1)
            }
            if byte == ASCII.cr {
                // Decide once the next byte arrives: judging the line's length first would make
                // a CR at the limit "too long" when split and "bare" when whole (found by the
                // split-versus-whole fuzzer).
                if index + 1 == input.count { return nil }
                if input[index + 1] != ASCII.lf { throw .bareCarriageReturn }
            }
            if byte == 0 { throw .invalidCharacter(where: "chunked body") }
            index += 1
            if index > limit { throw tooLong }
        }
        return nil
    }

    static func chunkSize(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> Int {
        var size = 0
        var digits = 0
        var index = 0
        while index < line.count, let value = ASCII.hexValue(line[index]) {
            digits += 1
            guard digits <= 15 else { throw .invalidChunkSize }
            size = size << 4 | Int(value)
            index += 1
        }
        guard digits > 0 else { throw .invalidChunkSize }
        var extensions = FieldSyntaxScanner(line, from: index)
        while !extensions.isAtEnd {
            guard skipChunkExtension(&extensions) else { throw .invalidChunkExtension }
        }
        return size
    }

    /// Reads one `BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ]` (§7.1.1); false when
    /// the line holds anything else. Extensions are validated, then ignored: a front proxy that
    /// parsed a malformed one differently could see other chunk boundaries (request smuggling).
    /// Whitespace is only allowed before ";" or "=", so a size followed by spaces alone is refused.
    private static func skipChunkExtension(_ scanner: inout FieldSyntaxScanner<UnsafeBufferPointer<UInt8>>) -> Bool {
        scanner.skipWhitespace()
        guard scanner.consume(UInt8(ascii: ";")) else { return false }
        scanner.skipWhitespace()
        guard scanner.token() != nil else { return false }
        var value = scanner
        value.skipWhitespace()
        guard value.consume(UInt8(ascii: "=")) else { return true }
        value.skipWhitespace()
        guard value.tokenOrQuotedString() != nil else { return false }
        scanner = value
        return true
    }
}
