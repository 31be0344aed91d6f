import Foundation
import LoupeTestClient
import LoupeTestSupport
import Testing

/// Issue 42 §5: the faults not yet tried, each against the real executable over real sockets:
/// what the client sees, what the server keeps afterwards (memory charged, descriptors, open
/// connections, work on the pool), and that /healthz answers throughout.
@Suite("Faults")
struct FaultTests {
    static let json = "Content-Type: application/json\r\n"

    /// What the server holds, read from /metrics and /proc.
    struct Holdings: CustomStringConvertible {
        var openConnections: Int
        var budgetBytes: Int
        var queuedJobs: Int
        var descriptors: Int

        var description: String {
            "\(openConnections) open connections, \(budgetBytes) bytes charged, \(queuedJobs) jobs queued, \(descriptors) descriptors"
        }
    }

    static func holdings(_ server: ServeProcess) throws -> Holdings {
        let metrics = try Curl.request("GET", "http://127.0.0.1:\(server.port)/metrics").text
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.process.processIdentifier)/fd").count) ?? -1
        return Holdings(
            openConnections: BoundedServiceTests.metric("loupe_http_open_connections", in: metrics) ?? -1,
            budgetBytes: BoundedServiceTests.metric("loupe_memory_budget_bytes", in: metrics) ?? -1,
            queuedJobs: BoundedServiceTests.metric("loupe_compute_queued_requests", in: metrics) ?? -1,
            descriptors: descriptors)
    }

    /// Waits until the server holds no more than it did idle (the metrics request's own
    /// connection aside), or `timeout` passes; the last reading.
    static func settled(_ server: ServeProcess, like idle: Holdings, timeout: Double = 10) throws -> Holdings {
        let deadline = Date().addingTimeInterval(timeout)
        var now = try holdings(server)
        while Date() < deadline {
            if returnsToIdle(now, idle) { return now }
            usleep(100_000)
            now = try holdings(server)
        }
        return now
    }

    static func healthy(_ server: ServeProcess) -> Bool {
        (try? Curl.request("GET", "http://127.0.0.1:\(server.port)/healthz").status) == 200
    }

    static func returnsToIdle(_ now: Holdings, _ idle: Holdings) -> Bool {
        now.openConnections <= idle.openConnections && now.budgetBytes <= idle.budgetBytes && now.queuedJobs == 0
            && now.descriptors <= idle.descriptors
    }

    @Test("fault: a client that resets in the middle of a large answer: the connection, its charge and its descriptor are gone at once")
    func resetMidAnswer_leavesNothing() throws {
        let server = try ServeProcess()
        let idle = try Self.holdings(server)
        var clients: [RawConnection] = []
        for _ in 0..<20 {
            let client = try RawConnection(port: server.port, receiveBufferBytes: 4096)
            try client.send("GET /openapi.yaml HTTP/1.1\r\nHost: t\r\n\r\n")
            clients.append(client)
        }
        usleep(300_000)
        // Each has part of its answer: read a little, then reset.
        for client in clients {
            var byte = [UInt8](repeating: 0, count: 1024)
            #expect(recv(client.fd, &byte, byte.count, 0) > 0, "part of the answer arrived")
            client.reset()
        }
        let after = try Self.settled(server, like: idle, timeout: 5)
        #expect(Self.returnsToIdle(after, idle), "after: \(after); idle: \(idle)")
        #expect(Self.healthy(server))
    }

    @Test("fault: a client reading one byte a second is dropped once below --min-send-rate, and leaves nothing behind")
    func oneByteASecondReader_isDropped() throws {
        let server = try ServeProcess(arguments: ["--write-timeout", "2", "--min-send-rate", "16384"])
        let idle = try Self.holdings(server)
        let client = try RawConnection(port: server.port, receiveBufferBytes: 4096)
        try client.send("GET /openapi.yaml HTTP/1.1\r\nHost: t\r\n\r\n")
        let started = Date()
        var received = 0
        var dropped = false
        // One byte a second, until the server no longer holds the connection.
        while Date().timeIntervalSince(started) < 12 {
            var byte: UInt8 = 0
            guard recv(client.fd, &byte, 1, 0) == 1 else { break }
            received += 1
            if try Self.holdings(server).openConnections <= idle.openConnections {
                dropped = true
                break
            }
            sleep(1)
        }
        // The whole answer fit in the kernel's queue, so no write was slow: the queue standing
        // still for the write timeout (2 s) drops it, within a sweep or two of that.
        #expect(dropped, "the server still held the connection after \(received) bytes")
        #expect(Date().timeIntervalSince(started) < 8)
        // What the client sees: the bytes its buffer held, then the reset, never the whole answer.
        var total = received
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(client.fd, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            total += count
        }
        let whole = try Repository.bytes("openapi.yaml").count
        #expect(total < whole, "the client read \(total) bytes of a \(whole)-byte answer")
        #expect(Self.healthy(server))
        let after = try Self.settled(server, like: idle)
        #expect(Self.returnsToIdle(after, idle), "after: \(after); idle: \(idle)")
    }

    @Test("fault: a body trickled above --min-body-rate is answered; one trickled below it gets 408 within the grace period and a few seconds")
    func trickledBodies_aroundTheMinimumRate() throws {
        let server = try ServeProcess(arguments: ["--min-body-rate", "2000", "--body-deadline", "8"])
        let idle = try Self.holdings(server)
        let plan = Array(#"{"transition":"push","container":{"width":393,"height":852},"note":""#.utf8)
        func trickle(rate: Int, seconds: Double) throws -> (status: Int?, elapsed: Double) {
            let padding = Int(Double(rate) * seconds) - plan.count - 2
            let body = plan + Array(repeating: UInt8(ascii: "a"), count: max(0, padding)) + Array(#""}"#.utf8)
            let client = try RawConnection(port: server.port)
            try client.send("POST /v1/plans HTTP/1.1\r\nHost: t\r\n\(Self.json)Content-Length: \(body.count)\r\n\r\n")
            let started = Date()
            let chunk = max(1, rate / 10)
            var offset = 0
            while offset < body.count {
                let end = min(body.count, offset + chunk)
                do { try client.send(Array(body[offset..<end])) } catch { break }
                offset = end
                usleep(100_000)
            }
            let response = client.readResponse(timeout: 10)
            return (response?.status, Date().timeIntervalSince(started))
        }
        // The rate is the average since the body began, after a grace of 4 s (half the deadline):
        // 4 s at twice the minimum is answered; at a fifth of it the average falls behind once
        // 2,000 × (t - 4) passes 400 × t, at 5 s, long before the 10 s body would end.
        let above = try trickle(rate: 4000, seconds: 4)
        #expect(above.status == 200, "above the rate: \(String(describing: above.status))")
        let below = try trickle(rate: 400, seconds: 10)
        #expect(below.status == 408, "below the rate: \(String(describing: below.status))")
        #expect(below.elapsed < 8, "refused while still trickling, after \(below.elapsed) s")
        #expect(Self.healthy(server))
        let after = try Self.settled(server, like: idle)
        #expect(Self.returnsToIdle(after, idle), "after: \(after); idle: \(idle)")
    }

    @Test("fault: clients that close while their work is on the pool: the work ends, its answer is dropped, nothing stays queued or charged")
    func closeWhileOnThePool_leavesNothing() throws {
        let server = try ServeProcess()
        let idle = try Self.holdings(server)
        let heavy = HeavyRequests.lifecycle(pushes: 600)
        for index in 0..<16 {
            let client = try RawConnection(port: server.port)
            let body = heavy.replacingOccurrences(of: "\"root\"", with: "\"root\(index)\"")
            try client.send("POST /v1/lifecycle?format=svg HTTP/1.1\r\nHost: t\r\n\(Self.json)Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
            if index % 2 == 0 { client.close() } else { client.reset() }
        }
        #expect(Self.healthy(server), "/healthz beside the abandoned work")
        let after = try Self.settled(server, like: idle, timeout: 20)
        #expect(Self.returnsToIdle(after, idle), "after: \(after); idle: \(idle)")
        #expect(Self.healthy(server))
    }

    @Test("fault: an accept storm (3,000 connections opened and closed as fast as they can be) leaves /healthz answering and nothing open")
    func acceptStorm_leavesNothingOpen() throws {
        let server = try ServeProcess()
        let idle = try Self.holdings(server)
        let port = server.port
        let storm = Thread {
            for index in 0..<3_000 {
                guard let client = try? RawConnection(port: port) else { continue }
                if index % 3 == 0 { client.reset() } else { client.close() }
            }
        }
        storm.start()
        var probes = 0
        var failures = 0
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline {
            probes += 1
            if !Self.healthy(server) { failures += 1 }
            usleep(20_000)
        }
        while !storm.isFinished { usleep(50_000) }
        #expect(failures == 0, "\(failures) of \(probes) probes failed during the storm")
        let after = try Self.settled(server, like: idle)
        #expect(Self.returnsToIdle(after, idle), "after: \(after); idle: \(idle)")
    }

    @Test("fault: SIGTERM while addresses are being inflated on the pool: every GET sent is answered whole, then the process exits 0")
    func sigtermWhileInflating_answersEveryRequest() throws {
        let server = try ServeProcess(arguments: ["--shutdown-grace", "10"])
        // Bodies over the 8 KiB the loop inflates, so each is inflated on the pool.
        let bodies = (0..<24).map { index in
            Array(#"{"transition":"push","container":{"width":393,"height":852},"note":""#.utf8)
                + Array(String(repeating: "note \(index) ", count: 2_000).utf8) + Array(#""}"#.utf8)
        }
        var clients: [RawConnection] = []
        for body in bodies {
            let posted = try Curl.request("POST", "http://127.0.0.1:\(server.port)/v1/plans", headers: ["Content-Type: application/json"], body: body)
            let address = try #require(posted.header("Content-Location"))
            let client = try RawConnection(port: server.port)
            clients.append(client)
            try client.send("GET \(address) HTTP/1.1\r\nHost: t\r\n\r\n")
        }
        server.signal(SIGTERM)
        var answered = 0
        for client in clients {
            if let response = client.readResponse(timeout: 10), response.status == 200, response.body.count > 1_000 { answered += 1 }
        }
        #expect(answered == clients.count, "\(answered) of \(clients.count) GETs answered whole")
        #expect(server.waitForExit(timeout: 15) == 0)
    }
}
