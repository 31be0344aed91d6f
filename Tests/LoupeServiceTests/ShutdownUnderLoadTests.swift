import Foundation
import LoupeHTTP
import LoupeTestClient
import LoupeTestSupport
import Testing

/// SIGTERM while keep-alive clients are busy: every request the server received is answered.
/// A client may find the listener closed when it reconnects: its connect is refused (at once,
/// or after a SYN retry when it arrived while the listener was deaf), or, when its handshake
/// was in flight at that instant, its first request meets a reset on a connection the server
/// never accepted. Neither request reached the server, and HTTP clients retry both. What must
/// never happen is a request on a connection the server accepted going unanswered.
@Suite("Shutdown under load")
struct ShutdownUnderLoadTests {
    @Test("SIGTERM with 32 busy keep-alive clients answers every request sent, and exits 0")
    func sigterm_answersEveryRequestSent() throws {
        let serve = try ServeProcess(arguments: ["--shutdown-drain-delay", "0.5", "--shutdown-grace", "10"])
        let body = try String(decoding: ExampleFiles.bytes("push.json"), as: UTF8.self)
        let request = "POST /v1/plans HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        let port = serve.port
        let stop = Locked(false)
        let counts = Locked((sent: 0, answered: 0, dropped: 0, neverAccepted: 0, closes: 0))
        let group = DispatchGroup()
        for _ in 0..<32 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                var connection: RawConnection?
                var answeredHere = 0
                while !stop.current {
                    if connection == nil {
                        // Refused once the listener is closed: nothing was sent, so nothing is lost.
                        guard let fresh = try? RawConnection(port: port) else { return }
                        connection = fresh
                        answeredHere = 0
                    }
                    guard let open = connection, (try? open.send(request)) != nil else {
                        connection = nil
                        continue
                    }
                    counts.withLock { $0.sent += 1 }
                    guard let response = open.readResponse(timeout: 15) else {
                        counts.withLock { answeredHere == 0 ? ($0.neverAccepted += 1) : ($0.dropped += 1) }
                        connection = nil
                        continue
                    }
                    answeredHere += 1
                    counts.withLock { $0.answered += 1 }
                    if response.header("Connection") == "close" {
                        counts.withLock { $0.closes += 1 }
                        open.close()
                        connection = nil
                    }
                }
            }
        }
        Thread.sleep(forTimeInterval: 1)
        serve.signal(SIGTERM)
        let status = serve.waitForExit(timeout: 20)
        stop.withLock { $0 = true }
        _ = group.wait(timeout: .now() + 20)
        let final = counts.current
        #expect(status == 0)
        #expect(final.sent > 100, "only \(final.sent) requests were sent")
        #expect(final.dropped == 0, "\(final.dropped) of \(final.sent) requests were sent on an accepted connection and never answered")
        // The listener is made deaf before its backlog is accepted and it closes, so only a
        // handshake in flight at that instant (microseconds on loopback) can meet a reset. Before
        // that, CI once saw 20, queued while the closing loop was descheduled (ListenerTests).
        #expect(final.neverAccepted <= 2, "\(final.neverAccepted) fresh connections were reset before any answer")
        #expect(final.closes > 0, "no answer said Connection: close during the drain")
    }
}
