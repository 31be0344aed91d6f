import Foundation
import LoupeHTTP
import LoupeTestClient
import Testing

/// Answers built in one pass over ready connections are written together at its end (or when
/// the pass has taken `writeCoalescingMicroseconds`): every held answer must still reach its
/// client, in order, whatever the limit, including answers from the pool and large ones that
/// do not fit the socket at once.
@Suite("Server: write coalescing")
struct WriteCoalescingTests {
    @Test("every answer of many connections ready at once arrives, in order", arguments: [0, 200, 10_000])
    func manyReadyConnections_allAnswered(limit: Int) throws {
        let server = try RunningServer.make {
            $0.writeCoalescingMicroseconds = limit
            $0.eventLoops = 1  // one loop: every request below lands in the same passes
            $0.memoryBudget = 1 << 30  // room for every pooled answer at once (each reserves the largest)
        }
        let connections = try (0..<24).map { _ in try RawConnection(port: server.port) }
        // Everything is sent before anything is read, so the loop finds many connections ready.
        for (index, connection) in connections.enumerated() {
            let paths = ["/echo?c=\(index)&n=0", "/pooled?c=\(index)&n=1", "/big?n=\(100_000 + index)", "/echo?c=\(index)&n=3"]
            try connection.send(paths.map { "GET \($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
        }
        for (index, connection) in connections.enumerated() {
            let first = try #require(connection.readResponse())
            #expect(first.text.hasPrefix("GET /echo?c=\(index)&n=0 0"))
            let pooled = try #require(connection.readResponse())
            #expect(pooled.text.hasPrefix("GET /pooled?c=\(index)&n=1 0"))
            let big = try #require(connection.readResponse())
            #expect(big.body.count == 100_000 + index)
            let last = try #require(connection.readResponse())
            #expect(last.text.hasPrefix("GET /echo?c=\(index)&n=3 0"))
        }
    }

    @Test("a connection that asks to close is answered and closed after its held answer")
    func closingConnection_getsItsHeldAnswer() throws {
        let server = try RunningServer.make { $0.writeCoalescingMicroseconds = 10_000 }
        let closing = try RawConnection(port: server.port)
        let staying = try RawConnection(port: server.port)
        try closing.send("GET /echo?last HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        try staying.send("GET /echo?stay HTTP/1.1\r\nHost: t\r\n\r\n")
        let answer = try #require(closing.readResponse())
        #expect(answer.text.hasPrefix("GET /echo?last 0"))
        #expect(closing.readUntilClose().closed)
        #expect(try #require(staying.readResponse()).text.hasPrefix("GET /echo?stay 0"))
    }
}
