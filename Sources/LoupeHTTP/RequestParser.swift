/// An incremental HTTP/1.1 request parser (RFC 9112) that accepts bytes split at any point.
///
/// The connection hands it the unread bytes after every `recv`; the parser says how many it
/// consumed and whether a request is complete. It never reads past the end of one request,
/// so pipelined requests stay in the buffer for the next call. It is strict on purpose:
/// anything a front proxy might frame differently (request smuggling) is an error.
public struct RequestParser: Sendable {
    /// Where the parser is in the current message; the connection picks its timeout from it.
    public enum Phase: Sendable, Equatable {
        /// No byte of a request has arrived yet.
        case idle
        /// Part of the request line or header section has arrived.
        case head
        /// The head is complete and the body is arriving.
        case body
    }

    /// What one call produced.
    public enum Outcome: Sendable, Equatable {
        case needMoreData
        /// The head asked for `Expect: 100-continue` and the body has not arrived yet:
        /// the connection should send an interim 100 response, then keep feeding bytes.
        case sendContinue
        case request(HTTPRequest)
    }

    private enum State: Sendable {
        case head(HeadScan)
        case fixedBody(Head, remaining: Int)
        case chunkSize(Head)
        case chunkData(Head, remaining: Int)
        case chunkDataEnd(Head)
        case trailers(Head, fields: Int, bytes: Int)
    }

    /// Progress through a head that is still arriving, kept so that a client sending one
    /// byte at a time costs linear, not quadratic, work.
    private struct HeadScan: Sendable {
        var scanned = 0
        var lineStart = 0
        var requestLineStart = 0
        var requestLineEnd: Int?
        var fieldCount = 0
        var emptyLinesSkipped = 0
    }

    struct Head: Sendable {
        var method: String
        var target: String
        var version: HTTPVersion
        var headers: HTTPHeaders
        var expectsContinue: Bool
    }

    public let limits: HTTPLimits
    private var state: State = .head(HeadScan())
    private var body: [UInt8] = []
    private var continueSent = false

    public init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
    }

    public var phase: Phase {
        switch state {
        case .head(let scan): return scan.scanned == 0 ? .idle : .head
        default: return .body
        }
    }

    /// The head of the request whose body is arriving, as a request with an empty body (for
    /// screening `Expect: 100-continue`); nil while no head is complete.
    public var pendingHead: HTTPRequest? {
        switch state {
        case .head:
            return nil
        case .fixedBody(let head, _), .chunkSize(let head), .chunkData(let head, _), .chunkDataEnd(let head),
            .trailers(let head, _, _):
            return HTTPRequest(method: head.method, target: head.target, version: head.version, headers: head.headers)
        }
    }

    /// Bytes held for the body being read (its buffer's capacity: a fixed-length body is
    /// allocated whole when its head arrives), for the server's memory budget.
    public var bufferedBodyBytes: Int { body.capacity }

    /// Parses as much of `bytes` (the unread input) as it can.
    ///
    /// - Returns: how many bytes were consumed (the caller drops them) and the outcome.
    /// - Throws: `HTTPParseError` on any framing error; the connection must answer and close.
    public mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> (consumed: Int, outcome: Outcome) {
        var consumed = 0
        while true {
            let input = UnsafeBufferPointer(rebasing: bytes[consumed...])
            switch state {
            case .head(var scan):
                guard let headEnd = try Self.scanHead(input, &scan, limits) else {
                    state = .head(scan)
                    return (consumed, .needMoreData)
                }
                let head = try Self.parseHead(input, scan: scan, headEnd: headEnd)
                consumed += headEnd
                let framing = try Self.framing(of: head, limits: limits)
                switch framing {
                case .none:
                    return (consumed, .request(finish(head)))
                case .fixed(let length):
                    body.reserveCapacity(length)
                    state = .fixedBody(head, remaining: length)
                case .chunked:
                    state = .chunkSize(head)
                }

            case .fixedBody(let head, let remaining):
                let take = min(remaining, input.count)
                body.append(contentsOf: UnsafeBufferPointer(rebasing: input[..<take]))
                consumed += take
                if take == remaining {
                    return (consumed, .request(finish(head)))
                }
                state = .fixedBody(head, remaining: remaining - take)
                return (consumed, continueIfAsked(head))

            case .chunkSize(let head):
                guard let line = try Self.line(in: input, limit: 1024, tooLong: .invalidChunkSize) else {
                    return (consumed, continueIfAsked(head))
                }
                let size = try Self.chunkSize(UnsafeBufferPointer(rebasing: input[..<line.contentEnd]))
                consumed += line.next
                if size == 0 {
                    state = .trailers(head, fields: 0, bytes: 0)
                } else {
                    guard size <= limits.maxBodyBytes - body.count else {
                        throw .bodyTooLarge(limit: limits.maxBodyBytes)
                    }
                    state = .chunkData(head, remaining: size)
                }

            case .chunkData(let head, let remaining):
                let take = min(remaining, input.count)
                body.append(contentsOf: UnsafeBufferPointer(rebasing: input[..<take]))
                consumed += take
                if take == remaining {
                    state = .chunkDataEnd(head)
                } else {
                    state = .chunkData(head, remaining: remaining - take)
                    return (consumed, .needMoreData)
                }

            case .chunkDataEnd(let head):
                guard input.count >= 2 else { return (consumed, .needMoreData) }
                guard input[0] == ASCII.cr, input[1] == ASCII.lf else { throw .invalidChunkTerminator }
                consumed += 2
                state = .chunkSize(head)

            case .trailers(let head, let fields, let bytes):
                guard
                    let line = try Self.line(
                        in: input, limit: limits.maxHeaderBytes - bytes, tooLong: .headerSectionTooLarge(limit: limits.maxHeaderBytes))
                else {
                    return (consumed, .needMoreData)
                }
                consumed += line.next
                if line.contentEnd == 0 {
                    return (consumed, .request(finish(head)))
                }
                // Trailer fields are validated like header fields, then discarded: nothing
                // in Loupe depends on them (RFC 9110 §6.5.1 allows ignoring them).
                _ = try Self.parseField(UnsafeBufferPointer(rebasing: input[..<line.contentEnd]))
                guard fields + 1 <= limits.maxHeaderFields else { throw .tooManyHeaderFields(limit: limits.maxHeaderFields) }
                state = .trailers(head, fields: fields + 1, bytes: bytes + line.next)
            }
        }
    }

    private mutating func continueIfAsked(_ head: Head) -> Outcome {
        guard head.expectsContinue, !continueSent else { return .needMoreData }
        continueSent = true
        return .sendContinue
    }

    private mutating func finish(_ head: Head) -> HTTPRequest {
        let request = HTTPRequest(method: head.method, target: head.target, version: head.version, headers: head.headers, body: body)
        body = []
        continueSent = false
        state = .head(HeadScan())
        return request
    }

    // MARK: - Head

    /// Scans newly arrived bytes for the end of the head, enforcing the byte rules and the
    /// size limits as it goes. Returns the index just past the blank line, or nil.
    private static func scanHead(_ input: UnsafeBufferPointer<UInt8>, _ scan: inout HeadScan, _ limits: HTTPLimits) throws(HTTPParseError) -> Int? {
        var index = scan.scanned
        defer { scan.scanned = index }
        while index < input.count {
            let byte = input[index]
            if byte == ASCII.lf {
                guard index > 0, input[index - 1] == ASCII.cr else { throw .bareLineFeed }
                let contentEnd = index - 1
                if contentEnd == scan.lineStart {
                    if scan.requestLineEnd != nil {
                        index += 1
                        return index
                    }
                    // RFC 9112 §2.2: ignore a few empty lines before the request line.
                    scan.emptyLinesSkipped += 1
                    guard scan.emptyLinesSkipped <= 8 else { throw .malformedRequestLine }
                    scan.requestLineStart = index + 1
                } else if scan.requestLineEnd == nil {
                    scan.requestLineEnd = contentEnd
                } else {
                    scan.fieldCount += 1
                    guard scan.fieldCount <= limits.maxHeaderFields else {
                        throw .tooManyHeaderFields(limit: limits.maxHeaderFields)
                    }
                }
                scan.lineStart = index + 1
            } else if byte == ASCII.cr {
                if index + 1 < input.count, input[index + 1] != ASCII.lf { throw .bareCarriageReturn }
                if index + 1 == input.count { return nil }  // decide once the next byte arrives
            } else if byte == 0 {
                throw .invalidCharacter(where: scan.requestLineEnd == nil ? "request line" : "header section")
            }
            index += 1
            if let requestLineEnd = scan.requestLineEnd {
                if index - requestLineEnd > limits.maxHeaderBytes + 2 {
                    throw .headerSectionTooLarge(limit: limits.maxHeaderBytes)
                }
            } else if index - scan.requestLineStart > limits.maxRequestLineBytes {
                throw .requestLineTooLong(limit: limits.maxRequestLineBytes)
            }
        }
        return nil
    }

    private static func parseHead(_ input: UnsafeBufferPointer<UInt8>, scan: HeadScan, headEnd: Int) throws(HTTPParseError) -> Head {
        guard let requestLineEnd = scan.requestLineEnd else { throw .malformedRequestLine }
        let (method, target, version) = try parseRequestLine(UnsafeBufferPointer(rebasing: input[scan.requestLineStart..<requestLineEnd]))

        var headers = HTTPHeaders(capacity: 8)
        var lineStart = requestLineEnd + 2
        while lineStart < headEnd - 2 {
            var lineEnd = lineStart
            while input[lineEnd] != ASCII.cr { lineEnd += 1 }
            let field = try parseField(UnsafeBufferPointer(rebasing: input[lineStart..<lineEnd]))
            headers.add(field.name, field.value)
            lineStart = lineEnd + 2
        }

        let hosts = headers.values("Host")
        if version == .http1_1 {
            if hosts.isEmpty { throw .missingHost }
            if hosts.count > 1 { throw .multipleHosts }
        }
        for host in hosts where !HostField.isValid(host) { throw .invalidHost }
        // Content-Type is a singleton field (RFC 9110 §8.3) that must not be repeated (§5.3):
        // with two, the body's type is whichever one a reader happens to look at (ours takes the
        // first, a proxy may take the last), so the request is refused (issue 34 §6).
        var contentTypes = 0
        for field in headers.fields where field.name.equalsIgnoringASCIICase("Content-Type") {
            contentTypes += 1
            if contentTypes > 1 { throw .multipleContentTypes }
        }
        var expectsContinue = false
        let expectations = headers.tokens("Expect")
        for expectation in expectations {
            guard expectation == "100-continue" else { throw .unsupportedExpectation(expectation) }
            expectsContinue = version == .http1_1
        }
        return Head(method: method, target: target, version: version, headers: headers, expectsContinue: expectsContinue)
    }

    /// method SP request-target SP HTTP-version (RFC 9112 §3), checked in place: one pass for
    /// control characters and the two spaces, no split into arrays, no lower-cased copy.
    private static func parseRequestLine(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> (String, String, HTTPVersion) {
        var spaces: (first: Int, second: Int) = (-1, -1)
        var spaceCount = 0
        for (index, byte) in line.enumerated() {
            if byte < 32 || byte == 127 { throw .invalidCharacter(where: "request line") }
            guard byte == ASCII.space else { continue }
            spaceCount += 1
            if spaceCount == 1 { spaces.first = index } else if spaceCount == 2 { spaces.second = index }
        }
        guard spaceCount == 2, spaces.first > 0, spaces.second > spaces.first + 1 else { throw .malformedRequestLine }
        let methodBytes = UnsafeBufferPointer(rebasing: line[..<spaces.first])
        let targetBytes = UnsafeBufferPointer(rebasing: line[(spaces.first + 1)..<spaces.second])
        let versionBytes = UnsafeBufferPointer(rebasing: line[(spaces.second + 1)...])
        guard methodBytes.allSatisfy(ASCII.isTokenCharacter) else { throw .invalidMethod }
        guard targetBytes.allSatisfy(ASCII.isTargetCharacter) else { throw .invalidTarget }

        let method = String(decoding: methodBytes, as: UTF8.self)
        let target = String(decoding: targetBytes, as: UTF8.self)
        let isOrigin = targetBytes[0] == UInt8(ascii: "/")
        let isAsterisk = targetBytes.count == 1 && targetBytes[0] == UInt8(ascii: "*") && method == "OPTIONS"
        let isAbsolute = hasPrefix(targetBytes, "http://", ignoringCase: true) || hasPrefix(targetBytes, "https://", ignoringCase: true)
        guard isOrigin || isAsterisk || isAbsolute else { throw .invalidTarget }

        guard versionBytes.count == 8, hasPrefix(versionBytes, "HTTP/", ignoringCase: false),
            versionBytes[6] == UInt8(ascii: "."), (48...57).contains(versionBytes[5]), (48...57).contains(versionBytes[7])
        else {
            throw .malformedVersion
        }
        switch (versionBytes[5], versionBytes[7]) {
        case (UInt8(ascii: "1"), UInt8(ascii: "1")): return (method, target, .http1_1)
        case (UInt8(ascii: "1"), UInt8(ascii: "0")): return (method, target, .http1_0)
        default: throw .unsupportedVersion(String(decoding: versionBytes, as: UTF8.self))
        }
    }

    /// Whether `bytes` begin with the ASCII `prefix` (given in lower case when `ignoringCase`).
    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString, ignoringCase: Bool) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        for index in 0..<count {
            let expected = prefix.utf8Start[index]
            guard bytes[index] == expected || (ignoringCase && ASCII.lower(bytes[index]) == expected) else { return false }
        }
        return true
    }

    private static func parseField(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> (name: String, value: String) {
        guard let first = line.first else { throw .invalidHeaderName }
        if first == ASCII.space || first == ASCII.tab { throw .obsoleteLineFolding }
        guard let colon = line.firstIndex(of: ASCII.colon), colon > 0 else { throw .invalidHeaderName }
        let name = UnsafeBufferPointer(rebasing: line[..<colon])
        if let last = name.last, last == ASCII.space || last == ASCII.tab { throw .whitespaceBeforeColon }
        guard name.allSatisfy(ASCII.isTokenCharacter) else { throw .invalidHeaderName }
        let nameText = String(decoding: name, as: UTF8.self)

        var start = colon + 1
        var end = line.count
        while start < end, line[start] == ASCII.space || line[start] == ASCII.tab { start += 1 }
        while end > start, line[end - 1] == ASCII.space || line[end - 1] == ASCII.tab { end -= 1 }
        let value = UnsafeBufferPointer(rebasing: line[start..<end])
        guard value.allSatisfy(ASCII.isFieldValueCharacter) else { throw .invalidHeaderValue(name: nameText) }
        return (nameText, String(decoding: value, as: UTF8.self))
    }

    // MARK: - Framing (RFC 9112 §6)

    private enum Framing {
        case none
        case fixed(Int)
        case chunked
    }

    private static func framing(of head: Head, limits: HTTPLimits) throws(HTTPParseError) -> Framing {
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
    private static func line(in input: UnsafeBufferPointer<UInt8>, limit: Int, tooLong: HTTPParseError) throws(HTTPParseError) -> (
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

    private static func chunkSize(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> Int {
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
