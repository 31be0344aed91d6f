import LoupeHTTP
import LoupeTestSupport
import Testing

@Suite("RequestParser")
struct RequestParserTests {
    @Test("a simple GET parses the same however it is split", arguments: Split.allCases)
    func simpleGet_parsesUnderEverySplit(split: Split) {
        let result = feed("GET /healthz?x=1 HTTP/1.1\r\nHost: example\r\nAccept: */*\r\n\r\n", split: split)
        #expect(result.error == nil)
        #expect(result.requests.count == 1)
        let request = result.requests[0]
        #expect(request.method == "GET")
        #expect(request.path == "/healthz")
        #expect(request.query == "x=1")
        #expect(request.version == .http1_1)
        #expect(request.headers["host"] == "example")
        #expect(request.body.isEmpty)
    }

    @Test("a Content-Length body is read exactly", arguments: Split.allCases)
    func contentLengthBody_isReadExactly(split: Split) {
        let result = feed("POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhelloGET", split: split)
        #expect(result.requests.count == 1)
        #expect(result.requests.first?.body == Array("hello".utf8))
        #expect(result.leftover == 3, "the next pipelined request's bytes stay unread")
    }

    /// Regression for the one-pass framing (a plain Content-Length decided without the general
    /// rules): every accepted spelling reads the same body either way.
    @Test(
        "Content-Length is read alike whether plain or spelled the general rules' way",
        arguments: [
            ("Content-Length: 3", 3), ("Content-Length: 003", 3), ("Content-Length: 3, 3", 3),
            ("Content-Length: 3\r\nContent-Length: 3", 3), ("content-length: 3", 3), ("Content-Length: 0", 0),
            ("Content-Length: 3 ", 3)
        ])
    func contentLengthSpellings_readAlike(field: String, length: Int) {
        let result = feed("POST /echo HTTP/1.1\r\nHost: h\r\n\(field)\r\n\r\nabcGET", split: .whole)
        #expect(result.error == nil, "\(field)")
        #expect(result.requests.first?.body == Array("abc".utf8.prefix(length)), "\(field)")
    }

    @Test("a plain Content-Length over the body limit is refused before the body")
    func plainContentLength_overLimit_isRefused() {
        var limits = HTTPLimits()
        limits.maxBodyBytes = 10
        let result = feed("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 999999999999999999\r\n\r\n", split: .whole, limits: limits)
        #expect(result.error == .bodyTooLarge(limit: 10))
    }

    @Test("a chunked body is de-chunked, extensions and trailers ignored", arguments: Split.allCases)
    func chunkedBody_isDechunked(split: Split) {
        let text =
            "POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;name=value\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: yes\r\n\r\n"
        let result = feed(text, split: split)
        #expect(result.error == nil)
        #expect(result.requests.first.map { String(decoding: $0.body, as: UTF8.self) } == "hello world")
    }

    @Test(
        "chunk extensions of every valid shape are accepted and ignored (RFC 9112 §7.1.1)",
        arguments: [
            "5;a", "5 ;a", "5\t; a", "5;a=b", "5;a = b", "5;a=\"\"", "5;a=\"x; y=z\"", "5;a=\"say \\\"hi\\\"\"",
            "5;a=\"tab\\\there\"", "5;a=b;c;d=\"e\"", "5;!#$%&'*+-.^_`|~=x"
        ])
    func validChunkExtensions_areAccepted(sizeLine: String) {
        let text = "POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n\(sizeLine)\r\nhello\r\n0\r\n\r\n"
        for split in Split.allCases {
            let result = feed(text, split: split)
            #expect(result.error == nil, "\(sizeLine), split \(split)")
            #expect(result.requests.first?.body == Array("hello".utf8), "\(sizeLine), split \(split)")
        }
    }

    @Test(
        "Host values RFC 3986 allows are accepted",
        arguments: [
            "example.com", "example.com:8080", "example.com:", "127.0.0.1:80", "[::1]", "[::1]:8080",
            "[2001:db8::ffff:192.0.2.1]", "[v1.fe80::a+en1]", "xn--bcher-kva.example", "ex%41mple", "a-b_c~d!$&'()*+,;=", ""
        ])
    func validHosts_areAccepted(host: String) {
        let result = feed("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n", split: .whole)
        #expect(result.error == nil, "\(host)")
        #expect(result.requests.count == 1, "\(host)")
    }

    @Test("pipelined requests come out in order", arguments: Split.allCases)
    func pipelinedRequests_comeOutInOrder(split: Split) {
        let text = "GET /a HTTP/1.1\r\nHost: h\r\n\r\nPOST /b HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nhiGET /c HTTP/1.1\r\nHost: h\r\n\r\n"
        let result = feed(text, split: split)
        #expect(result.requests.map(\.path) == ["/a", "/b", "/c"])
    }

    @Test("Expect: 100-continue asks for an interim response before the body")
    func expectContinue_asksForInterimResponse() {
        var parser = RequestParser()
        let head = Array("POST /echo HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n".utf8)
        let first = try? head.withUnsafeBufferPointer { try parser.parse($0) }
        #expect(first?.outcome == .sendContinue)
        #expect(first?.consumed == head.count)
        let second = try? Array("ok".utf8).withUnsafeBufferPointer { try parser.parse($0) }
        if case .request(let request)? = second?.outcome {
            #expect(request.body == Array("ok".utf8))
        } else {
            Issue.record("expected the request after the body")
        }
    }

    @Test("leading empty lines before the request line are ignored (RFC 9112 §2.2)")
    func leadingEmptyLines_areIgnored() {
        let result = feed("\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n", split: .whole)
        #expect(result.requests.count == 1)
    }

    @Test("HTTP/1.0 needs no Host and persists only when asked")
    func http10_needsNoHost() {
        let result = feed("GET / HTTP/1.0\r\n\r\n", split: .whole)
        #expect(result.requests.first?.version == .http1_0)
        #expect(result.requests.first?.wantsKeepAlive == false)
        let keepAlive = feed("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n", split: .whole)
        #expect(keepAlive.requests.first?.wantsKeepAlive == true)
    }

    @Test("absolute-form targets are reduced to their path")
    func absoluteForm_isReducedToPath() {
        let result = feed("GET http://example.com/v1/plans?format=css HTTP/1.1\r\nHost: example.com\r\n\r\n", split: .whole)
        #expect(result.requests.first?.path == "/v1/plans")
        #expect(result.requests.first?.query == "format=css")
    }

    // MARK: - Rejections

    static let rejections: [(String, String, HTTPParseError)] = [
        ("bare LF ends a line", "GET / HTTP/1.1\nHost: h\r\n\r\n", .bareLineFeed),
        ("bare CR inside a header", "GET / HTTP/1.1\r\nHost: h\rx\r\n\r\n", .bareCarriageReturn),
        ("NUL in the request line", "GET /\u{0} HTTP/1.1\r\nHost: h\r\n\r\n", .invalidCharacter(where: "request line")),
        ("control character in a header value", "GET / HTTP/1.1\r\nHost: h\r\nX: a\u{1}b\r\n\r\n", .invalidHeaderValue(name: "X")),
        ("tab inside the request line", "GET\t/ HTTP/1.1\r\nHost: h\r\n\r\n", .invalidCharacter(where: "request line")),
        ("two spaces in the request line", "GET  / HTTP/1.1\r\nHost: h\r\n\r\n", .malformedRequestLine),
        ("method with a separator", "GE(T / HTTP/1.1\r\nHost: h\r\n\r\n", .invalidMethod),
        ("target without a leading slash", "GET healthz HTTP/1.1\r\nHost: h\r\n\r\n", .invalidTarget),
        ("asterisk form outside OPTIONS", "GET * HTTP/1.1\r\nHost: h\r\n\r\n", .invalidTarget),
        ("HTTP/2.0 in a request line", "GET / HTTP/2.0\r\nHost: h\r\n\r\n", .unsupportedVersion("HTTP/2.0")),
        ("HTTP/0.9 in a request line", "GET / HTTP/0.9\r\nHost: h\r\n\r\n", .unsupportedVersion("HTTP/0.9")),
        ("malformed version", "GET / HTTP/1.x\r\nHost: h\r\n\r\n", .malformedVersion),
        ("lower-case protocol name", "GET / http/1.1\r\nHost: h\r\n\r\n", .malformedVersion),
        ("obs-fold continuation line", "GET / HTTP/1.1\r\nHost: h\r\nX: a\r\n b\r\n\r\n", .obsoleteLineFolding),
        ("whitespace before the colon", "GET / HTTP/1.1\r\nHost : h\r\n\r\n", .whitespaceBeforeColon),
        ("header name with a separator", "GET / HTTP/1.1\r\nHost: h\r\nX(y): z\r\n\r\n", .invalidHeaderName),
        ("header line without a colon", "GET / HTTP/1.1\r\nHost: h\r\nnocolon\r\n\r\n", .invalidHeaderName),
        ("HTTP/1.1 without Host", "GET / HTTP/1.1\r\nAccept: x\r\n\r\n", .missingHost),
        ("two Host fields", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .multipleHosts),
        // Issue 34 §6: Content-Type is a singleton, even when both fields say the same.
        (
            "two Content-Type fields", "POST / HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\ncontent-type: text/plain\r\n\r\n",
            .multipleContentTypes
        ),
        (
            "the same Content-Type twice", "GET / HTTP/1.1\r\nHost: h\r\nContent-Type: a/b\r\nX: y\r\nContent-Type: a/b\r\n\r\n",
            .multipleContentTypes
        ),
        (
            "Content-Length with Transfer-Encoding", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n",
            .contentLengthWithTransferEncoding
        ),
        (
            "differing Content-Length fields", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabc",
            .conflictingContentLengths
        ),
        ("differing Content-Length list", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3, 4\r\n\r\nabc", .conflictingContentLengths),
        ("non-numeric Content-Length", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: abc\r\n\r\n", .invalidContentLength),
        ("negative Content-Length", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n", .invalidContentLength),
        ("Content-Length with a sign", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: +3\r\n\r\nabc", .invalidContentLength),
        ("overflowing Content-Length", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999999\r\n\r\n", .invalidContentLength),
        ("gzip transfer coding", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n", .unsupportedTransferCoding("gzip")),
        ("chunked applied twice", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked, chunked\r\n\r\n", .chunkedNotFinal),
        ("Transfer-Encoding in HTTP/1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", .transferEncodingInHTTP10),
        ("chunk size that is not hex", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", .invalidChunkSize),
        ("chunk size with a sign", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\n", .invalidChunkSize),
        ("overlong chunk size", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n1000000000000000000\r\n", .invalidChunkSize),
        (
            "chunk size followed by spaces alone", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5 \r\nhello\r\n0\r\n\r\n",
            .invalidChunkExtension
        ),
        (
            "chunk size followed by a tab alone", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5\t\r\nhello\r\n0\r\n\r\n",
            .invalidChunkExtension
        ),
        (
            "chunk size followed by a word", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5 x\r\nhello\r\n0\r\n\r\n",
            .invalidChunkExtension
        ),
        (
            "chunk extension without a name", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5;=v\r\nhello\r\n0\r\n\r\n",
            .invalidChunkExtension
        ),
        (
            "chunk extension with an empty value", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5;a=\r\nhello\r\n0\r\n\r\n",
            .invalidChunkExtension
        ),
        (
            "chunk extension name that is not a token",
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5;a(b)\r\nhello\r\n0\r\n\r\n", .invalidChunkExtension
        ),
        (
            "chunk extension value that is not a token",
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5;a=b/c\r\nhello\r\n0\r\n\r\n", .invalidChunkExtension
        ),
        (
            "unterminated quoted chunk extension", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5;a=\"open\r\nhello\r\n0\r\n\r\n",
            .invalidChunkExtension
        ),
        (
            "quoted chunk extension closed by an escaped quote only",
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5;a=\"x\\\"\r\nhello\r\n0\r\n\r\n", .invalidChunkExtension
        ),
        (
            "control character in a quoted chunk extension",
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5;a=\"x\u{1}\"\r\nhello\r\n0\r\n\r\n", .invalidChunkExtension
        ),
        (
            "whitespace after the last chunk extension",
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5;a=b \r\nhello\r\n0\r\n\r\n", .invalidChunkExtension
        ),
        (
            "empty chunk extension", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5;;a\r\nhello\r\n0\r\n\r\n",
            .invalidChunkExtension
        ),
        ("Host with a space", "GET / HTTP/1.1\r\nHost: exa mple.com\r\n\r\n", .invalidHost),
        ("Host with a path", "GET / HTTP/1.1\r\nHost: example.com/x\r\n\r\n", .invalidHost),
        ("Host with userinfo", "GET / HTTP/1.1\r\nHost: user@example.com\r\n\r\n", .invalidHost),
        ("Host with a non-numeric port", "GET / HTTP/1.1\r\nHost: example.com:http\r\n\r\n", .invalidHost),
        ("Host with two ports", "GET / HTTP/1.1\r\nHost: example.com:80:81\r\n\r\n", .invalidHost),
        ("Host with a bad percent-encoding", "GET / HTTP/1.1\r\nHost: ex%zzample\r\n\r\n", .invalidHost),
        ("Host with an unbracketed IPv6 address", "GET / HTTP/1.1\r\nHost: ::1\r\n\r\n", .invalidHost),
        ("Host with an invalid IP literal", "GET / HTTP/1.1\r\nHost: [::g]\r\n\r\n", .invalidHost),
        ("Host with an unclosed IP literal", "GET / HTTP/1.1\r\nHost: [::1\r\n\r\n", .invalidHost),
        ("Host with text after an IP literal", "GET / HTTP/1.1\r\nHost: [::1]x\r\n\r\n", .invalidHost),
        ("Host with non-ASCII bytes", "GET / HTTP/1.1\r\nHost: bücher.example\r\n\r\n", .invalidHost),
        ("invalid Host in HTTP/1.0", "GET / HTTP/1.0\r\nHost: a b\r\n\r\n", .invalidHost),
        // The Host fields are counted in place now (issue 47 §3): the count is still judged first.
        ("two Host fields, one invalid", "GET / HTTP/1.1\r\nHost: a b\r\nHost: c\r\n\r\n", .multipleHosts),
        ("two Host fields in HTTP/1.0, the second invalid", "GET / HTTP/1.0\r\nHost: c\r\nHost: a b\r\n\r\n", .invalidHost),
        (
            "chunk data longer than its size", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n",
            .invalidChunkTerminator
        ),
        ("unsupported expectation", "POST / HTTP/1.1\r\nHost: h\r\nExpect: 200-ok\r\nContent-Length: 1\r\n\r\nx", .unsupportedExpectation("200-ok"))
    ]

    @Test("ambiguous or malformed requests are rejected", arguments: rejections)
    func malformedRequest_isRejected(name: String, text: String, expected: HTTPParseError) {
        for split in Split.allCases {
            let result = feed(text, split: split)
            #expect(result.error == expected, "\(name), split \(split)")
            #expect(result.requests.isEmpty, "\(name), split \(split)")
        }
    }

    @Test("each parse error maps to the status RFC 9110/9112 asks for")
    func parseErrors_mapToStatuses() {
        #expect(HTTPParseError.requestLineTooLong(limit: 1).status.code == 414)
        #expect(HTTPParseError.headerSectionTooLarge(limit: 1).status.code == 431)
        #expect(HTTPParseError.tooManyHeaderFields(limit: 1).status.code == 431)
        #expect(HTTPParseError.bodyTooLarge(limit: 1).status.code == 413)
        #expect(HTTPParseError.unsupportedTransferCoding("gzip").status.code == 501)
        #expect(HTTPParseError.unsupportedVersion("HTTP/2.0").status.code == 505)
        #expect(HTTPParseError.bareLineFeed.status.code == 400)
        #expect(HTTPParseError.unsupportedExpectation("x").status.code == 417)
        #expect(HTTPParseError.invalidHost.status.code == 400)
        #expect(HTTPParseError.invalidHost.problem == .malformedRequest)
        #expect(HTTPParseError.invalidChunkExtension.status.code == 400)
        #expect(HTTPParseError.invalidChunkExtension.problem == .malformedRequest)
        #expect(HTTPParseError.multipleContentTypes.status.code == 400)
        #expect(HTTPParseError.multipleContentTypes.problem == .malformedRequest)
    }

    // MARK: - Limits, enforced before the oversize input has arrived

    @Test("a long request line is refused as soon as it passes the limit")
    func longRequestLine_isRefusedEarly() {
        let limits = HTTPLimits(maxRequestLineBytes: 64)
        // No line end at all: the parser must not wait for one.
        let result = feed("GET /" + String(repeating: "a", count: 100), split: .byteByByte, limits: limits)
        #expect(result.error == .requestLineTooLong(limit: 64))
    }

    @Test("a large header section is refused before it ends")
    func largeHeaderSection_isRefusedEarly() {
        let limits = HTTPLimits(maxHeaderBytes: 128)
        let result = feed("GET / HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "b", count: 500), split: .random, limits: limits)
        #expect(result.error == .headerSectionTooLarge(limit: 128))
    }

    @Test("more than the allowed number of fields is refused")
    func tooManyFields_areRefused() {
        let fields = (0..<101).map { "X-\($0): v\r\n" }.joined()
        let result = feed("GET / HTTP/1.1\r\nHost: h\r\n" + fields + "\r\n", split: .whole)
        #expect(result.error == .tooManyHeaderFields(limit: 100))
    }

    @Test("a declared body over the limit is refused before any of it is read")
    func oversizeContentLength_isRefusedBeforeTheBody() {
        let limits = HTTPLimits(maxBodyBytes: 10)
        let result = feed("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\n", split: .whole, limits: limits)
        #expect(result.error == .bodyTooLarge(limit: 10))
    }

    @Test("a chunked body over the limit is refused at the chunk that crosses it")
    func oversizeChunkedBody_isRefused() {
        let limits = HTTPLimits(maxBodyBytes: 10)
        let result = feed("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n8\r\n12345678\r\n8\r\n", split: .whole, limits: limits)
        #expect(result.error == .bodyTooLarge(limit: 10))
    }

    @Test("random bytes give the same outcome however they are split", arguments: Array(PropertySeeds.seeds(count: 50)))
    func randomBytes_sameOutcomeUnderEverySplit(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let prefix = Array("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: \(generator.int(in: 0...40))\r\n".utf8)
        let alphabet = Array("ab:\r\n \t0123456789-;".utf8) + [0, 127, 200]
        let noise = (0..<generator.int(in: 0...300)).map { _ in generator.element(of: alphabet) }
        let bytes = prefix + noise
        let whole = feed(bytes, split: .whole)
        for split in [Split.byteByByte, .random] {
            let other = feed(bytes, split: split, seed: seed)
            #expect(other.error == whole.error, "seed \(seed), split \(split)")
            #expect(other.requests == whole.requests, "seed \(seed), split \(split)")
        }
    }
}

/// Regression (the split-versus-whole fuzzer): a bare CR exactly at the chunk-size line's
/// 1,024-byte limit was "too long" when the bytes arrived one at a time and "a bare CR" when
/// they arrived whole.
@Suite("RequestParser: a CR at the chunk line's limit")
struct ChunkLineLimitRegressionTests {
    @Test("a bare CR at the limit is the same error however the bytes are split", arguments: Split.allCases)
    func bareCRAtTheLimit_isTheSameErrorWhateverTheSplit(split: Split) {
        let head = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        let line = "3;x=" + String(repeating: "y", count: 1024 - 4) + "\rZ\r\n"
        let result = feed(Array((head + line).utf8), split: split)
        #expect(result.error == .bareCarriageReturn, "\(split): \(String(describing: result.error))")
        #expect(result.requests.isEmpty)
    }
}

@Suite("Query parameters")
struct QueryParameterTests {
    static func request(_ target: String) -> HTTPRequest {
        HTTPRequest(method: "GET", target: target, version: .http1_1, headers: HTTPHeaders(), body: [])
    }

    @Test("names and values are decoded as HTML forms encode them: + is a space, %XX a byte, the bytes UTF-8")
    func queryParameters_areFormDecoded() {
        let request = Self.request("/p?a=1&f%6Frmat=c%73s&b=x+y&c=%E2%9C%93&d=100%&e=%zz&e2=%4")
        #expect(request.queryParameter("format") == "css")
        #expect(request.queryParameter("a") == "1")
        #expect(request.queryParameter("b") == "x y")
        #expect(request.queryParameter("c") == "✓")
        #expect(request.queryParameter("d") == "100%", "a % without two hex digits stays")
        #expect(request.queryParameter("e") == "%zz")
        #expect(request.queryParameter("e2") == "%4")
        #expect(request.queryParameter("missing") == nil)
        #expect(Self.request("/p?format").queryParameter("format") == "")
    }
}
