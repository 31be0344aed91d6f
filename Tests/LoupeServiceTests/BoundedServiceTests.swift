import Foundation
import LoupeHTTP
import LoupeService
import LoupeTestClient
import Testing

/// Issue 34, over real sockets against the whole service: nothing costly runs on an event loop
/// (§1), and the memory budget bounds the process however clients pipeline (§2).
@Suite("Bounded service")
struct BoundedServiceTests {
    /// Issue 34 item 1's request (a popover at 24 fps on a 10 s spring, tolerance 0.0001, as
    /// css), each `variant` slightly different so no answer comes from the cache.
    static func slowPopover(_ variant: Int) -> String {
        let body = """
            {"transition":"present","container":{"width":393,"height":852},\
            "source":{"frame":{"x":\(16 + variant % 300),"y":120,"width":110,"height":110},"cornerRadius":8},\
            "destination":{"frame":{"x":40,"y":200,"width":300,"height":400},"presentationStyle":"popover"},\
            "animation":{"frameRate":24,"spring":{"response":10,"dampingRatio":1}},"options":{"easingTolerance":0.0001}}
            """
        return "POST /v1/plans?format=css HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    @Test("regression (issue 34 §1): /healthz stays under 150 ms at the 99th percentile beside 16 clients of the slow css popover")
    func probes_doNotWaitBehindCheapLookingPlans() throws {
        let service = try TestService()
        let stop = Locked(false)
        let statuses = Locked<[Int]>([])
        let group = DispatchGroup()
        for client in 0..<16 {
            group.enter()
            Thread {
                defer { group.leave() }
                guard let connection = try? RawConnection(port: service.port) else { return }
                var variant = client * 1_000
                while !stop.current {
                    variant += 1
                    guard (try? connection.send(Self.slowPopover(variant))) != nil else { return }
                    let status = connection.readResponse(timeout: 60)?.status ?? 0
                    statuses.withLock { $0.append(status) }
                    if status == 0 { return }
                }
            }.start()
        }
        Thread.sleep(forTimeInterval: 0.3)
        let probe = try RawConnection(port: service.port)
        var latencies: [Double] = []
        let until = Date().addingTimeInterval(3)
        while Date() < until {
            let started = Date()
            try probe.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(probe.readResponse(timeout: 10)?.status == 200)
            latencies.append(Date().timeIntervalSince(started))
            Thread.sleep(forTimeInterval: 0.01)
        }
        stop.withLock { $0 = true }
        #expect(group.wait(timeout: .now() + 120) == .success)
        latencies.sort()
        let p99 = latencies[min(latencies.count - 1, latencies.count * 99 / 100)]
        #expect(latencies.count > 50)
        // Built on the loop, each of these plans held it for 15-27 ms (release): /healthz p99 was
        // 584 ms with 16 clients.
        #expect(p99 < 0.150, "/healthz p99 \(p99) s over \(latencies.count) probes")
        #expect(!statuses.current.isEmpty && statuses.current.allSatisfy { $0 == 200 }, "plans: \(Set(statuses.current))")
    }

    @Test(
        "regression (issue 34 §2): 300 connections pipelining GET /openapi.yaml and never reading keep the process within the budget plus a constant")
    func pipelinedNonReaders_stayWithinTheBudget() throws {
        let budget = 16 << 20
        let server = try ServeProcess(arguments: ["--memory-budget", String(budget)])
        let pid = server.process.processIdentifier
        // Warm: the first answers of each kind, so the baseline holds the code and the tables.
        _ = try Curl.request("GET", "http://127.0.0.1:\(server.port)/openapi.yaml")
        _ = try Curl.request("GET", "http://127.0.0.1:\(server.port)/metrics")
        let baseline = try #require(Self.residentBytes(pid))
        var connections: [RawConnection] = []
        let request = String(repeating: "GET /openapi.yaml HTTP/1.1\r\nHost: t\r\n\r\n", count: 10)
        for _ in 0..<300 {
            let connection = try RawConnection(port: server.port, receiveBufferBytes: 4096)
            try connection.send(request)
            connections.append(connection)
        }
        Thread.sleep(forTimeInterval: 2)
        let loaded = try #require(Self.residentBytes(pid))
        // 300 × 10 × 150 KB is 450 MB asked; before the fix RSS grew by about that.
        let constant = 48 << 20
        #expect(loaded - baseline <= budget + constant, "RSS grew \((loaded - baseline) >> 20) MiB over a \(budget >> 20) MiB budget")
        for connection in connections { connection.close() }
        Thread.sleep(forTimeInterval: 0.5)
        let metrics = try Curl.request("GET", "http://127.0.0.1:\(server.port)/metrics").text
        let peak = try #require(Self.metric("loupe_memory_budget_peak_bytes", in: metrics))
        #expect(peak <= budget, "the budget gauge reached \(peak), over its limit \(budget)")
        #expect(try #require(Self.metric("loupe_memory_budget_rejected_total", in: metrics)) > 0)
    }

    static func residentBytes(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ")[1])
        else { return nil }
        return kilobytes * 1024
    }

    static func metric(_ name: String, in text: String) -> Int? {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Int(Double($0.split(separator: " ")[1]) ?? -1) }
    }
}
