import Foundation
import LoupeHTTP
import LoupeTestClient
import Testing

/// Malformed and oversize requests over real sockets: each gets its status, then the
/// connection closes, and the server keeps serving everyone else.
@Suite("Server: rejections and limits")
struct RejectionTests {
    static let cases: [(String, String, Int)] = [
        (
            "smuggling: Content-Length with Transfer-Encoding",
            "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400
        ),
        ("differing Content-Lengths", "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", 400),
        ("negative Content-Length", "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: -5\r\n\r\n", 400),
        ("invalid chunk size", "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nxyz\r\n", 400),
        ("chunk size followed by spaces alone", "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5 \r\nhello\r\n0\r\n\r\n", 400),
        (
            "unterminated quoted chunk extension",
            "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5;a=\"b\r\nhello\r\n0\r\n\r\n", 400
        ),
        ("Host with a space", "GET /echo HTTP/1.1\r\nHost: t x\r\n\r\n", 400),
        (
            "issue 34 §6: two Content-Type fields",
            "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}", 400
        ),
        ("unknown transfer coding", "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: br\r\n\r\n", 501),
        ("obs-fold", "GET /echo HTTP/1.1\r\nHost: t\r\nX: a\r\n\tb\r\n\r\n", 400),
        ("whitespace before colon", "GET /echo HTTP/1.1\r\nHost : t\r\n\r\n", 400),
        ("bare CR", "GET /echo HTTP/1.1\r\nHost: t\rX: y\r\n\r\n", 400),
        ("bare LF", "GET /echo HTTP/1.1\nHost: t\n\n", 400),
        ("NUL in a header", "GET /echo HTTP/1.1\r\nHost: t\r\nX: \u{0}\r\n\r\n", 400),
        ("invalid method characters", "G@T /echo HTTP/1.1\r\nHost: t\r\n\r\n", 400),
        ("invalid header name characters", "GET /echo HTTP/1.1\r\nHost: t\r\nBad{Name}: v\r\n\r\n", 400),
        ("missing Host", "GET /echo HTTP/1.1\r\n\r\n", 400),
        ("HTTP/2.0", "GET /echo HTTP/2.0\r\nHost: t\r\n\r\n", 505),
        ("HTTP/1.2", "GET /echo HTTP/1.2\r\nHost: t\r\n\r\n", 505)
    ]

    @Test("malformed requests get their status and Connection: close", arguments: cases)
    func malformedRequest_getsStatusAndClose(name: String, request: String, status: Int) throws {
        let server = try RunningServer.make()
        let connection = try RawConnection(port: server.port)
        try connection.send(request + "GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try #require(connection.readResponse(), "\(name): no response")
        #expect(response.status == status, "\(name)")
        #expect(response.header("Connection") == "close", "\(name)")
        #expect(response.header("X-Request-ID") != nil, "\(name)")
        let rest = connection.readUntilClose()
        #expect(rest.closed, "\(name): connection stays open")
        #expect(rest.bytes.isEmpty, "\(name): bytes after the error were answered")
    }

    @Test("a request line over the limit gets 414 before the line has ended")
    func longRequestLine_gets414Early() throws {
        let server = try RunningServer.make { $0.limits.maxRequestLineBytes = 1024 }
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /" + String(repeating: "a", count: 2000))
        #expect(try #require(connection.readResponse()).status == 414)
    }

    @Test("a header section over the limit gets 431 before it has ended")
    func largeHeaders_get431Early() throws {
        let server = try RunningServer.make()
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /echo HTTP/1.1\r\nHost: t\r\nX-Big: " + String(repeating: "b", count: 17 * 1024))
        #expect(try #require(connection.readResponse()).status == 431)
    }

    @Test("more than 100 header fields gets 431")
    func manyHeaders_get431() throws {
        let server = try RunningServer.make()
        let connection = try RawConnection(port: server.port)
        let fields = (0..<101).map { "X-\($0): v\r\n" }.joined()
        try connection.send("GET /echo HTTP/1.1\r\nHost: t\r\n\(fields)\r\n")
        #expect(try #require(connection.readResponse()).status == 431)
    }

    @Test("a body over the configured limit gets 413 before the body is sent")
    func oversizeBody_gets413BeforeBody() throws {
        let server = try RunningServer.make { $0.limits.maxBodyBytes = 1000 }
        let connection = try RawConnection(port: server.port)
        try connection.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1001\r\n\r\n")
        let response = try #require(connection.readResponse(timeout: 2))
        #expect(response.status == 413)
    }

    @Test("the default body limit is 1 MiB")
    func defaultBodyLimit_isOneMebibyte() throws {
        let server = try RunningServer.make()
        let atLimit = try Curl.request("POST", "\(server.baseURL)/echo", body: [UInt8](repeating: 1, count: 1 << 20))
        #expect(atLimit.status == 200)
        let connection = try RawConnection(port: server.port)
        try connection.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: \((1 << 20) + 1)\r\n\r\n")
        #expect(try #require(connection.readResponse()).status == 413)
    }

    @Test("beyond the connection cap new connections get 503 and close")
    func connectionCap_rejectsWith503() throws {
        let server = try RunningServer.make { $0.maxConnections = 2 }
        let first = try RawConnection(port: server.port)
        let second = try RawConnection(port: server.port)
        try first.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        try second.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try #require(first.readResponse()).status == 200)
        #expect(try #require(second.readResponse()).status == 200)
        let third = try RawConnection(port: server.port)
        let rejected = try #require(third.readResponse())
        #expect(rejected.status == 503)
        #expect(third.waitForClose())
        // Counters reach `statistics` at the end of the loop's iteration, which may be just after
        // the client saw the close (documented as at most one iteration stale).
        let deadline = Date().addingTimeInterval(2)
        while server.server.statistics.rejectedConnections == 0, Date() < deadline { usleep(1_000) }
        #expect(server.server.statistics.rejectedConnections == 1)
        // Once a slot frees up, new connections are served again.
        try first.send("GET /close HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = first.readUntilClose()
        first.close()
        Thread.sleep(forTimeInterval: 0.1)
        let fourth = try RawConnection(port: server.port)
        try fourth.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try #require(fourth.readResponse()).status == 200)
    }
}
