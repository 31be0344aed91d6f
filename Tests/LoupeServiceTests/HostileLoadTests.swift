import Foundation
import LoupeHTTP
import LoupeService
import LoupeTestClient
import Testing

/// The attacks of issue 12, each rerun over real sockets against the whole service: what an
/// attacker's cheap request may cost is bounded in time, in memory and in other clients'
/// waiting. Timings here are generous bounds that the old server failed by seconds; the
/// release-build figures are in docs/benchmarks.md.
@Suite("Hostile load")
struct HostileLoadTests {
    static func post(_ path: String, _ body: String, extraHeaders: String = "") -> String {
        "POST \(path) HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\(extraHeaders)Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    @Test("an object of 130,000 members is refused at the member cap, not parsed in quadratic time")
    func manyMemberObject_isRefusedQuickly() throws {
        let service = try TestService()
        let body = HeavyRequests.manyMembers(130_000)
        #expect(body.utf8.count < 1 << 20)
        let started = Date()
        let response = try service.post("/v1/plans", json: body)
        #expect(response.status == 400)
        #expect(response.text.contains("more than 1000 members in one object"))
        // The old reader spent 42 s of CPU here (release build).
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test("an answer over --max-answer-bytes gets 422 work-limit-exceeded naming the limit")
    func oversizedAnswer_gets422() throws {
        let service = try TestService()
        let response = try service.post("/v1/lifecycle?format=svg", json: HeavyRequests.lifecycle(pushes: 1_000))
        #expect(response.status == 422)
        #expect(response.text.contains("work-limit-exceeded"))
        #expect(response.text.contains("max-answer-bytes"))
        // The same script as JSON fits.
        #expect(try service.post("/v1/lifecycle", json: HeavyRequests.lifecycle(pushes: 1_000)).status == 200)
    }

    @Test("clients that never read their answers hold no more than the memory budget, and give it back")
    func nonReadingClients_stayWithinTheBudget() throws {
        let budget = 24 << 20
        let service = try TestService { $0.server.memoryBudget = budget }
        // About 2 MB each; 16 of them would be 32 MB.
        let request = Self.post("/v1/lifecycle", HeavyRequests.lifecycle(pushes: 1_200))
        var connections: [RawConnection] = []
        for _ in 0..<16 {
            let connection = try RawConnection(port: service.port)
            try connection.send(request)
            connections.append(connection)
        }
        Thread.sleep(forTimeInterval: 1.5)
        let held = service.running.server.budget
        #expect(held.highWater <= budget, "peak \(held.highWater) over the budget \(budget)")
        // The answers were charged (each computed under a 4 MiB reservation), so the bound above
        // measured something.
        #expect(
            held.highWater >= service.application.configuration.server.answerReservation,
            "peak \(held.highWater): the computations were not charged")
        let metrics = try service.get("/metrics").text
        #expect(metrics.contains("loupe_memory_budget_rejected_total"))
        // Each got its answer or a 503 server-busy; none was buffered past the budget.
        for connection in connections {
            let response = try #require(connection.readResponse(timeout: 20))
            #expect(response.status == 200 || (response.status == 503 && response.header("Retry-After") == "1"))
            connection.close()
        }
        let deadline = Date().addingTimeInterval(5)
        while held.inUse > 1 << 20, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(held.inUse <= 1 << 20, "still charged after the clients left: \(held.inUse)")
    }

    @Test("/healthz answers while the heaviest accepted requests run on every worker")
    func heavyRequests_doNotHoldUpProbes() throws {
        let service = try TestService()
        let heavy = Self.post("/v1/lifecycle?format=svg", HeavyRequests.lifecycle(pushes: 400))
        let group = DispatchGroup()
        let statuses = Locked<[Int]>([])
        for _ in 0..<4 {
            group.enter()
            DispatchQueue.global().async {
                defer { group.leave() }
                guard let connection = try? RawConnection(port: service.port) else { return }
                for _ in 0..<3 {
                    try? connection.send(heavy)
                    let status = connection.readResponse(timeout: 60)?.status ?? 0
                    statuses.withLock { $0.append(status) }
                }
            }
        }
        let probe = try RawConnection(port: service.port)
        var slowest = 0.0
        var probes = 0
        while group.wait(timeout: .now() + 0.02) == .timedOut {
            let started = Date()
            try probe.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(probe.readResponse(timeout: 10)?.status == 200)
            slowest = max(slowest, Date().timeIntervalSince(started))
            probes += 1
        }
        #expect(statuses.current.allSatisfy { $0 == 200 }, "heavy answers: \(statuses.current)")
        #expect(probes > 5)
        // Inline, each heavy answer held its loop for a second or more in a debug build.
        #expect(slowest < 0.5, "slowest probe took \(slowest) s")
    }

    @Test("a full compute queue answers 503 server-busy with Retry-After, counted in /metrics")
    func fullQueue_gets503() throws {
        let service = try TestService {
            $0.server.computeWorkers = 1
            $0.server.computeQueue = 1
        }
        let heavy = Self.post("/v1/lifecycle?format=svg", HeavyRequests.lifecycle(pushes: 400))
        let connections = try (0..<6).map { _ in try RawConnection(port: service.port) }
        for connection in connections { try connection.send(heavy) }
        let responses = connections.compactMap { $0.readResponse(timeout: 60) }
        let busy = responses.filter { $0.status == 503 }
        #expect(busy.count >= 1 && responses.count == 6)
        #expect(busy.allSatisfy { $0.header("Retry-After") == "1" && $0.text.contains("server-busy") })
        let metrics = try service.get("/metrics").text
        #expect(metrics.contains("loupe_compute_rejected_total \(busy.count)"))
    }

    @Test("a cached answer to a body over the triage size is answered on the event loop, even with the compute queue full")
    func cachedLargeBody_isAnsweredWhileThePoolIsFull() throws {
        let service = try TestService {
            $0.server.computeWorkers = 1
            $0.server.computeQueue = 1
        }
        // 20 KB of whitespace: valid JSON, larger than the 16 KB a plan request is triaged up to.
        let body = #"{"transition":"push","container":{"width":393,"height":852}}"# + String(repeating: " ", count: 20_000)
        let large = Self.post("/v1/plans", body)
        for _ in 0..<2 {  // cached on its second computation
            let warm = try RawConnection(port: service.port)
            try warm.send(large)
            #expect(warm.readResponse(timeout: 10)?.status == 200)
        }
        let heavy = Self.post("/v1/lifecycle?format=svg", HeavyRequests.lifecycle(pushes: 400))
        let busy = try (0..<4).map { _ in try RawConnection(port: service.port) }
        for connection in busy { try connection.send(heavy) }
        Thread.sleep(forTimeInterval: 0.05)
        let cached = try RawConnection(port: service.port)
        try cached.send(large)
        #expect(cached.readResponse(timeout: 10)?.status == 200)
        for connection in busy { _ = connection.readResponse(timeout: 60) }
    }

    @Test("a body trickled a byte at a time is cut off at the body deadline")
    func trickledBody_isCutOffAtItsDeadline() throws {
        let service = try TestService {
            $0.server.bodyDeadline = 1
            $0.server.minBodyRate = 0
            $0.server.bodyTimeout = 30
        }
        let connection = try RawConnection(port: service.port)
        try connection.send("POST /v1/plans HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n")
        let started = Date()
        var answered: RawResponse?
        while answered == nil, Date().timeIntervalSince(started) < 5 {
            try? connection.send("{")
            answered = connection.readResponse(timeout: 0.2)
        }
        let response = try #require(answered)
        #expect(response.status == 408)
        #expect(Date().timeIntervalSince(started) < 3)
    }

    @Test("a body below the minimum rate gets 408 after its grace period, though it never stalls")
    func slowBody_belowTheMinimumRate_gets408() throws {
        let service = try TestService {
            $0.server.bodyDeadline = 4
            $0.server.minBodyRate = 200
            $0.server.bodyTimeout = 30
        }
        let connection = try RawConnection(port: service.port)
        try connection.send("POST /v1/plans HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
        let started = Date()
        var answered: RawResponse?
        while answered == nil, Date().timeIntervalSince(started) < 6 {
            try? connection.send("          ")
            answered = connection.readResponse(timeout: 0.2)
        }
        let response = try #require(answered)
        #expect(response.status == 408)
        // About 50 B/s: refused soon after the 2 s grace (half the deadline), before the 4 s deadline.
        #expect(Date().timeIntervalSince(started) < 3.8)
    }

    @Test("a refusal to Expect: 100-continue is sent instead of 100 Continue")
    func expectContinue_getsTheRefusalFirst() throws {
        let service = try TestService { $0.apiKeys = ["secret"] }
        for (headers, status) in [
            ("Content-Type: application/json\r\n", 401),
            ("Authorization: Bearer secret\r\nContent-Type: text/plain\r\n", 415)
        ] {
            let connection = try RawConnection(port: service.port)
            try connection.send("POST /v1/plans HTTP/1.1\r\nHost: t\r\n\(headers)Expect: 100-continue\r\nContent-Length: 20\r\n\r\n")
            let response = try #require(connection.readResponse())
            #expect(response.status == status)
            #expect(response.header("Connection") == "close")
        }
        let accepted = try RawConnection(port: service.port)
        try accepted.send(
            "POST /v1/plans HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer secret\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"
        )
        #expect(accepted.readResponse()?.status == 100)
    }
}
