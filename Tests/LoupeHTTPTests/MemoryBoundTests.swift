import Foundation
import LoupeHTTP
import LoupeTestClient
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 34 §2 and §3: the memory budget is a hard bound for every answer, wherever it is
/// built, and what the kernel still holds for a closed connection is not left behind.
@Suite("Server: the memory budget as a hard bound")
struct MemoryBoundTests {
    @Test(
        "regression (issue 34 §2): answers built on the loop for clients that pipeline and never read are refused with 503 once the budget is full, never charged past it"
    )
    func inlineAnswers_areRefusedWhenTheBudgetIsFull() throws {
        let budget = 4 << 20
        let server = try RunningServer.make {
            $0.memoryBudget = budget
            $0.sendBufferBytes = 16 << 10
        }
        // 48 connections × 10 pipelined answers of 100 KB, never read: 48 MB asked of a 4 MiB budget.
        let request = String(repeating: "GET /big?n=100000 HTTP/1.1\r\nHost: t\r\n\r\n", count: 10)
        var connections: [RawConnection] = []
        for _ in 0..<48 {
            let connection = try RawConnection(port: server.port, receiveBufferBytes: 4096)
            try connection.send(request)
            connections.append(connection)
        }
        Thread.sleep(forTimeInterval: 1)
        let held = server.server.budget
        #expect(held.highWater <= budget, "peak \(held.highWater) over the budget \(budget)")
        #expect(held.refused > 0, "nothing was refused: the bound was not reached")
        // Every connection gets answers in order: 200s, then (once refused) one 503 and the close.
        var refusals = 0
        for connection in connections {
            var statuses: [Int] = []
            while statuses.count < 10, let response = connection.readResponse(timeout: 10) {
                statuses.append(response.status)
                if response.status != 200 { break }
            }
            #expect(!statuses.isEmpty)
            #expect(statuses.dropLast().allSatisfy { $0 == 200 })
            if statuses.last == 503 { refusals += 1 }
            connection.close()
        }
        #expect(refusals > 0)
        #expect(held.highWater <= budget)
        let deadline = Date().addingTimeInterval(5)
        while held.inUse > 64 << 10, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(held.inUse <= 64 << 10, "still charged after the clients left: \(held.inUse)")
    }

    @Test("regression (issue 34 §2): a pipelining client is read no further while its queued output is above the small threshold")
    func pipelining_stopsAboveTheThreshold() throws {
        let server = try RunningServer.make { $0.sendBufferBytes = 16 << 10 }
        let connection = try RawConnection(port: server.port, receiveBufferBytes: 4096)
        // Ten 200 KB answers asked at once, none read: before, ten were built (2 MB queued).
        try connection.send(String(repeating: "GET /big?n=200000 HTTP/1.1\r\nHost: t\r\n\r\n", count: 10))
        Thread.sleep(forTimeInterval: 0.5)
        let held = server.server.budget.inUse
        // One answer and the kernel's share (2 × 16 KiB), with the buffers' slack.
        #expect(held <= 200_000 + (32 << 10) + (64 << 10), "charged \(held): more than one answer was built")
        for _ in 0..<10 {
            #expect(connection.readResponse(timeout: 10)?.body.count == 200_000)
        }
    }

    @Test(
        "regression (issue 34 §3): a closing connection whose last answer stays unacknowledged is charged, then reset at the write timeout, leaving no orphan in the kernel"
    )
    func unacknowledgedClose_isReset() throws {
        let server = try RunningServer.make {
            $0.sendBufferBytes = 128 << 10
            $0.headerTimeout = 0.2  // the linger is the header timeout, at most 2 s
            $0.writeTimeout = 0.6
        }
        // 100 KB fits the kernel's queue whole: the process has nothing left and lingers; the
        // reader never reads, so the kernel keeps the bytes unacknowledged.
        var connections: [RawConnection] = []
        for _ in 0..<20 {
            let connection = try RawConnection(port: server.port, receiveBufferBytes: 4096)
            try connection.send("GET /big?n=100000 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            connections.append(connection)
        }
        // Past the linger, the unacknowledged answers are still charged: the budget sees them.
        Thread.sleep(forTimeInterval: 0.4)
        #expect(server.server.budget.inUse >= 20 * 50_000, "charged \(server.server.budget.inUse)")
        let deadline = Date().addingTimeInterval(5)
        var holding = Self.serverSocketsHoldingOutput(port: server.port)
        while holding > 0, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            holding = Self.serverSocketsHoldingOutput(port: server.port)
        }
        // A plain close() left 20 orphans in FIN-WAIT-1, each holding about 100 KB, for minutes.
        #expect(holding == 0, "\(holding) server-side sockets still hold unacknowledged output")
        // The loop counts the resets just after closing: wait for its counters too.
        while server.server.statistics.orphansReset < 20, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(server.server.statistics.orphansReset >= 20)
        for connection in connections { connection.close() }
    }

    @Test("a closing connection's last answer, read slowly past the linger, still arrives whole")
    func slowReaderOfTheLastAnswer_getsItWhole() throws {
        let server = try RunningServer.make {
            $0.sendBufferBytes = 128 << 10
            $0.headerTimeout = 0.2
        }
        let connection = try RawConnection(port: server.port, receiveBufferBytes: 4096)
        try connection.send("GET /big?n=100000 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        // Well past the linger (0.2 s) before the first byte is read.
        Thread.sleep(forTimeInterval: 1)
        let response = try #require(connection.readResponse(timeout: 10))
        #expect(response.body.count == 100_000)
    }

    @Test("a client that half-closes after its request still gets the whole answer")
    func halfClosedClient_getsItsAnswer() throws {
        let server = try RunningServer.make { $0.sendBufferBytes = 16 << 10 }
        let connection = try RawConnection(port: server.port, receiveBufferBytes: 4096)
        try connection.send("GET /big?n=300000 HTTP/1.1\r\nHost: t\r\n\r\n")
        connection.shutdownWrite()
        Thread.sleep(forTimeInterval: 0.3)
        let response = try #require(connection.readResponse(timeout: 10))
        #expect(response.body.count == 300_000)
    }

    /// Sockets on the server's side of `port` (not the listener) whose send queue still holds
    /// bytes, from /proc/net/tcp and tcp6: orphans included, which no process owns.
    static func serverSocketsHoldingOutput(port: UInt16) -> Int {
        var count = 0
        for file in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 4, let local = fields[1].split(separator: ":").last, UInt16(local, radix: 16) == port,
                    fields[3] != "0A", let queued = fields[4].split(separator: ":").first, let bytes = Int(queued, radix: 16)
                else { continue }
                if bytes > 0 { count += 1 }
            }
        }
        return count
    }
}
