/// The head: the request line and the header fields (RFC 9112 §2-§5), scanned as it arrives.
extension RequestParser {
    /// Scans newly arrived bytes for the end of the head, enforcing the byte rules and the
    /// size limits as it goes. Returns the index just past the blank line, or nil.
    static func scanHead(_ input: UnsafeBufferPointer<UInt8>, _ scan: inout HeadScan, _ limits: HTTPLimits) throws(HTTPParseError) -> Int? {
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

    static func parseHead(_ input: UnsafeBufferPointer<UInt8>, scan: HeadScan, headEnd: Int) throws(HTTPParseError) -> Head {
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

        // Counted in place (every request has a Host: an array of its values was an allocation).
        var hosts = 0, invalidHost = false
        for field in headers.fields where field.name.equalsIgnoringASCIICase("Host") {
            hosts += 1
            if !HostField.isValid(field.value) { invalidHost = true }
        }
        if version == .http1_1 {
            if hosts == 0 { throw .missingHost }
            if hosts > 1 { throw .multipleHosts }
        }
        if invalidHost { throw .invalidHost }
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

    static func parseField(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> (name: String, value: String) {
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
}
