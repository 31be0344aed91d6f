import Foundation
import LoupeHTTP
import LoupeTestClient
import Testing

/// Slow, stalled, idle, vanishing and non-reading clients. Timeouts are shrunk so each
/// test takes well under a second.
@Suite("Server: timeouts and faults")
struct TimeoutAndFaultTests {
    @Test("a header section that does not arrive in time gets 408 (slowloris)")
    func slowHeaders_get408() throws {
        let server = try RunningServer.make { $0.headerTimeout = 0.3 }
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /echo HTTP/1.1\r\nHost: t\r\n")
        // Trickling bytes does not extend the deadline.
        for _ in 0..<3 {
            Thread.sleep(forTimeInterval: 0.1)
            try? connection.send("X-A: b\r\n")
        }
        let response = try #require(connection.readResponse(timeout: 2))
        #expect(response.status == 408)
        #expect(connection.waitForClose())
    }

    @Test("an idle keep-alive connection is closed after the idle timeout")
    func idleConnection_isClosed() throws {
        let server = try RunningServer.make { $0.idleTimeout = 0.3 }
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try #require(connection.readResponse()).status == 200)
        let started = Date()
        let end = connection.readUntilClose(timeout: 3)
        #expect(end.closed)
        #expect(end.bytes.isEmpty, "an idle close sends nothing")
        #expect(Date().timeIntervalSince(started) >= 0.2)
    }

    @Test("a body that stalls gets 408")
    func stalledBody_gets408() throws {
        let server = try RunningServer.make { $0.bodyTimeout = 0.3 }
        let connection = try RawConnection(port: server.port)
        try connection.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
        let response = try #require(connection.readResponse(timeout: 2))
        #expect(response.status == 408)
    }

    @Test("a client that never reads its responses is dropped")
    func nonReadingClient_isDropped() throws {
        let server = try RunningServer.make { $0.writeTimeout = 0.3 }
        let connection = try RawConnection(port: server.port)
        var small: Int32 = 4096
        setsockopt(connection.fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        try connection.send("GET /big?n=20000000 HTTP/1.1\r\nHost: t\r\n\r\n")
        Thread.sleep(forTimeInterval: 1.0)
        #expect(server.server.statistics.openConnections == 0, "the stuck connection was not dropped")
        // And the server still serves others.
        #expect(try Curl.request("GET", "\(server.baseURL)/echo").status == 200)
    }

    @Test("clients that vanish at any point leave the server serving and leak no connection")
    func vanishingClients_leaveServerHealthy() throws {
        let server = try RunningServer.make()
        let fragments = [
            "GET /ec",
            "GET /echo HTTP/1.1\r\nHost: t\r\n",
            "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\nhalf",
            "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab",
            "GET /big?n=3000000 HTTP/1.1\r\nHost: t\r\n\r\n"
        ]
        for fragment in fragments {
            for abrupt in [false, true] {
                let connection = try RawConnection(port: server.port)
                try connection.send(fragment)
                Thread.sleep(forTimeInterval: 0.02)
                if abrupt { connection.reset() } else { connection.shutdownWrite() }
            }
        }
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try Curl.request("GET", "\(server.baseURL)/echo").status == 200)
        Thread.sleep(forTimeInterval: 0.1)
        #expect(server.server.statistics.openConnections <= 1)
    }

    @Test("a request completed before the client half-closes is still answered")
    func halfClosedClient_stillGetsItsAnswer() throws {
        let server = try RunningServer.make()
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        connection.shutdownWrite()
        let response = try #require(connection.readResponse())
        #expect(response.status == 200)
        #expect(connection.waitForClose())
    }

    @Test("1,000 idle keep-alive connections do not stop others being served")
    func manyIdleConnections_doNotBlockService() throws {
        let server = try RunningServer.make()
        var idle: [RawConnection] = []
        for _ in 0..<1000 { idle.append(try RawConnection(port: server.port)) }
        let started = Date()
        #expect(try Curl.request("GET", "\(server.baseURL)/echo").status == 200)
        #expect(Date().timeIntervalSince(started) < 2)
        // The loops accept 64 connections per wake-up; on a busy machine the last of the 1,000
        // may still be in the backlog a moment after they connected.
        let deadline = Date().addingTimeInterval(5)
        while server.server.statistics.openConnections < 1000, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(server.server.statistics.openConnections >= 1000)
        idle.removeAll()
    }
}
