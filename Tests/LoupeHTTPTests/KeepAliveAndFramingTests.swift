import Foundation
import LoupeHTTP
import LoupeTestClient
import Testing

/// Persistence, pipelining, HEAD, 100-continue and the headers every answer carries,
/// over real sockets.
@Suite("Server: keep-alive and framing")
struct KeepAliveAndFramingTests {
    @Test("HTTP/1.1 connections persist across requests by default")
    func http11_keepsConnectionOpen() throws {
        let server = try RunningServer.make()
        let connection = try RawConnection(port: server.port)
        for index in 0..<3 {
            try connection.send("GET /echo?i=\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try #require(connection.readResponse())
            #expect(response.status == 200)
            #expect(response.header("Connection") == nil)
            #expect(response.text.hasPrefix("GET /echo?i=\(index) 0"))
        }
    }

    @Test("Connection: close is honoured: the response says so and the server closes")
    func connectionClose_closesAfterResponse() throws {
        let server = try RunningServer.make()
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /echo HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        let response = try #require(connection.readResponse())
        #expect(response.header("Connection") == "close")
        #expect(connection.waitForClose())
    }

    @Test("HTTP/1.0 closes unless keep-alive is asked for")
    func http10_closesUnlessKeepAlive() throws {
        let server = try RunningServer.make()
        let plain = try RawConnection(port: server.port)
        try plain.send("GET /echo HTTP/1.0\r\n\r\n")
        #expect(try #require(plain.readResponse()).header("Connection") == "close")
        #expect(plain.waitForClose())

        let persistent = try RawConnection(port: server.port)
        try persistent.send("GET /echo HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try #require(persistent.readResponse()).header("Connection") == "keep-alive")
        try persistent.send("GET /echo HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try #require(persistent.readResponse()).status == 200)
    }

    @Test("pipelined requests are answered in order, in one write when possible")
    func pipelinedRequests_areAnsweredInOrder() throws {
        let server = try RunningServer.make()
        let connection = try RawConnection(port: server.port)
        let batch = (0..<10).map { "POST /echo?n=\($0) HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\n\($0 % 10)" }.joined()
        try connection.send(batch)
        for index in 0..<10 {
            let response = try #require(connection.readResponse())
            #expect(response.text.hasPrefix("POST /echo?n=\(index) 1"), "response \(index) out of order")
        }
    }

    @Test("a handler asking to close gets Connection: close and the connection ends")
    func handlerClose_closesConnection() throws {
        let server = try RunningServer.make()
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /close HTTP/1.1\r\nHost: t\r\n\r\nGET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try #require(connection.readResponse())
        #expect(response.header("Connection") == "close")
        let rest = connection.readUntilClose()
        #expect(rest.closed)
        #expect(rest.bytes.isEmpty, "no answer to a request after the closing one")
    }

    @Test("HEAD gets GET's headers and no body")
    func head_hasHeadersWithoutBody() throws {
        let server = try RunningServer.make()
        let connection = try RawConnection(port: server.port)
        try connection.send("HEAD /big?n=100 HTTP/1.1\r\nHost: t\r\n\r\nGET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try #require(connection.readResponse(headRequest: true))
        #expect(head.header("Content-Length") == "100")
        #expect(head.body.isEmpty)
        // The next answer starts right after the head: no stray body bytes.
        let next = try #require(connection.readResponse())
        #expect(next.text.hasPrefix("GET /echo 0"))
    }

    @Test("Expect: 100-continue gets an interim 100 before the body is sent")
    func expectContinue_sendsInterimResponse() throws {
        let server = try RunningServer.make()
        let connection = try RawConnection(port: server.port)
        try connection.send("POST /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
        let interim = try #require(connection.readResponse(timeout: 2))
        #expect(interim.status == 100)
        try connection.send("data")
        let final = try #require(connection.readResponse())
        #expect(final.status == 200)
        #expect(final.text == "POST /echo 4\ndata")
    }

    @Test("Expect: 100-continue with an oversize body gets 413 without the interim response")
    func expectContinue_oversizeGets413() throws {
        let server = try RunningServer.make { $0.limits.maxBodyBytes = 10 }
        let connection = try RawConnection(port: server.port)
        try connection.send("POST /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 11\r\n\r\n")
        let response = try #require(connection.readResponse())
        #expect(response.status == 413)
        #expect(response.header("Connection") == "close")
    }

    @Test("every response carries Date, Content-Length, Content-Type and X-Request-ID")
    func responses_carryRequiredHeaders() throws {
        let server = try RunningServer.make()
        let response = try Curl.request("GET", "\(server.baseURL)/echo")
        #expect(response.status == 200)
        let date = try #require(response.header("Date"))
        #expect(date.hasSuffix(" GMT") && date.count == 29, "IMF-fixdate: \(date)")
        #expect(response.header("Content-Length") == String(response.body.count))
        #expect(response.header("Content-Type") == "text/plain")
        #expect(response.header("X-Request-ID")?.isEmpty == false)
    }

    @Test("a well-formed X-Request-ID is echoed; a malformed one is replaced")
    func requestID_isEchoedOnlyWhenWellFormed() throws {
        let server = try RunningServer.make()
        let echoed = try Curl.request("GET", "\(server.baseURL)/echo", headers: ["X-Request-ID: trace-123.abc"])
        #expect(echoed.header("X-Request-ID") == "trace-123.abc")
        let replaced = try Curl.request("GET", "\(server.baseURL)/echo", headers: ["X-Request-ID: bad id with spaces"])
        #expect(replaced.header("X-Request-ID") != "bad id with spaces")
        #expect(replaced.header("X-Request-ID")?.isEmpty == false)
    }

    @Test("request ids differ between requests")
    func generatedRequestIDs_areUnique() throws {
        let server = try RunningServer.make()
        let ids = try (0..<5).map { _ in try Curl.request("GET", "\(server.baseURL)/echo").header("X-Request-ID") }
        #expect(Set(ids).count == 5)
    }

    @Test("a chunked request body reaches the handler de-chunked")
    func chunkedRequest_isDechunked() throws {
        let server = try RunningServer.make()
        let connection = try RawConnection(port: server.port)
        try connection.send("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
        #expect(try #require(connection.readResponse()).text == "POST /echo 5\nabcde")
    }

    @Test("libcurl's own POST round-trips a body")
    func curlPost_roundTrips() throws {
        let server = try RunningServer.make()
        let body = Array(repeating: UInt8(ascii: "z"), count: 70_000)
        let response = try Curl.request("POST", "\(server.baseURL)/echo", headers: ["Content-Type: text/plain"], body: body)
        #expect(response.status == 200)
        #expect(response.body.count == "POST /echo 70000\n".utf8.count + 70_000)
    }

    @Test("the server listens on IPv6 when bound to ::")
    func ipv6_isServed() throws {
        let server = try RunningServer.make { $0.host = "::" }
        let v6 = try RawConnection(port: server.port, ipv6: true)
        try v6.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try #require(v6.readResponse()).status == 200)
        let v4 = try RawConnection(port: server.port)
        try v4.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try #require(v4.readResponse()).status == 200, "dual-stack socket also takes IPv4")
    }

    @Test("a large response is delivered whole even when it cannot be written at once")
    func largeResponse_isDeliveredWhole() throws {
        let server = try RunningServer.make()
        let response = try Curl.request("GET", "\(server.baseURL)/big?n=5000000")
        #expect(response.body.count == 5_000_000)
    }

    /// Regression: an answer flushed while the next pipelined request was still partial
    /// made `flush` and `process` call each other until the stack overflowed.
    @Test("a partial pipelined request after a complete one waits quietly for its rest")
    func partialPipelinedRequest_waitsForTheRest() throws {
        let server = try RunningServer.make()
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /echo?first HTTP/1.1\r\nHost: t\r\n\r\nGET /echo?sec")
        #expect(try #require(connection.readResponse()).text.hasPrefix("GET /echo?first"))
        try connection.send("ond HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try #require(connection.readResponse()).text.hasPrefix("GET /echo?second"))
    }

    @Test("pipelined requests whose answers exceed the output buffer are held back, then all answered in order")
    func pipelinedBigResponses_areAnsweredUnderBackpressure() throws {
        let server = try RunningServer.make()
        let connection = try RawConnection(port: server.port)
        let batch = (0..<12).map { "GET /big?n=\(300_000 + $0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined()
        try connection.send(batch)
        Thread.sleep(forTimeInterval: 0.2)
        for index in 0..<12 {
            let response = try #require(connection.readResponse(timeout: 5), "response \(index) missing")
            #expect(response.body.count == 300_000 + index)
        }
    }
}
