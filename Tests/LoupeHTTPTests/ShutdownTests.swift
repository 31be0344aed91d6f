import Foundation
import LoupeHTTP
import LoupeTestClient
import Testing

@Suite("Server: graceful shutdown")
struct ShutdownTests {
    @Test("shutdown lets a request in flight finish, answers it with Connection: close, then stops")
    func shutdown_finishesInFlightRequests() throws {
        let server = try RunningServer.make { $0.shutdownGracePeriod = 5 }
        let inFlight = try RawConnection(port: server.port)
        try inFlight.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 6\r\n\r\nhal")
        let idle = try RawConnection(port: server.port)
        try idle.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = try #require(idle.readResponse())
        Thread.sleep(forTimeInterval: 0.05)

        let stopped = DispatchSemaphore(value: 0)
        let thread = Thread {
            server.stop()
            stopped.signal()
        }
        thread.start()
        Thread.sleep(forTimeInterval: 0.1)
        #expect(idle.waitForClose(timeout: 1), "idle connections close at once")
        #expect(throws: (any Error).self, "no new connections are accepted") {
            let late = try RawConnection(port: server.port)
            try late.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
            guard late.readResponse(timeout: 0.5) == nil else { return }
            throw RawConnectionError.failed("no answer")
        }
        try inFlight.send("f!!")
        let response = try #require(inFlight.readResponse())
        #expect(response.text == "POST /echo 6\nhalf!!")
        #expect(response.header("Connection") == "close")
        #expect(stopped.wait(timeout: .now() + 3) == .success, "server did not stop after the last request")
    }

    @Test("shutdown gives up on a stuck request at the grace deadline")
    func shutdown_forceClosesAtDeadline() throws {
        let server = try RunningServer.make { $0.shutdownGracePeriod = 0.3 }
        let stuck = try RawConnection(port: server.port)
        try stuck.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 6\r\n\r\nhal")
        Thread.sleep(forTimeInterval: 0.05)
        let started = Date()
        server.stop()
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(stuck.waitForClose(timeout: 1))
    }
}
