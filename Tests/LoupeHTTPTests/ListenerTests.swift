@testable import LoupeHTTP
import Foundation
import LoupeTestClient
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Regression: under CI load, shutdown reset 20 fresh connections unanswered. The loop that
/// closes the listener had been descheduled between its last `accept` and the `close`, and the
/// kernel had meanwhile completed handshakes into the backlog. A deaf listener completes none.
@Suite("Listener: closing without resetting queued connections")
struct ListenerTests {
    @Test("a listener refusing new connections keeps its backlog for accept, completes no new handshake, and the late client is refused")
    func refusingListener_keepsItsBacklogAndCompletesNoHandshake() throws {
        let listener = try Socket.makeListener(host: "127.0.0.1", port: 0, backlog: 16)
        let queued = try RawConnection(port: listener.port)
        try Socket.refuseNewConnections(listener.fd)

        let lateOutcome = Locked<Bool?>(nil)
        let lateDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let connected = (try? RawConnection(port: listener.port)) != nil
            lateOutcome.withLock { $0 = connected }
            lateDone.signal()
        }
        #expect(lateDone.wait(timeout: .now() + 0.3) == .timedOut, "a handshake completed on the deaf listener")

        let accepted = try #require(Socket.accept(listener.fd), "the connection queued before was lost")
        #expect(Socket.accept(listener.fd) == nil, "only the connection queued before the filter is in the backlog")
        close(listener.fd)

        let answer = Array("still here".utf8)
        _ = answer.withUnsafeBytes { send(accepted.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        close(accepted.fd)
        #expect(queued.readUntilClose(timeout: 2).bytes == answer)

        #expect(lateDone.wait(timeout: .now() + 5) == .success, "the late client was neither refused nor connected")
        #expect(lateOutcome.current == false, "the late client connected to a closed listener")
    }
}
