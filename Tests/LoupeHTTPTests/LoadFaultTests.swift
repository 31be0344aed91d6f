import Foundation
import LoupeHTTP
import LoupeTestClient
import Testing

/// Fault tests under concurrent load (issue 9): slow clients must not starve others, and a
/// shutdown in the middle of a load must answer every request the server has read.
@Suite("Server: faults under load")
struct LoadFaultTests {
    @Test("200 slowloris connections trickling header bytes do not delay a normal request past 1 s")
    func slowloris_doesNotStarveOthers() throws {
        let server = try RunningServer.make { $0.headerTimeout = 30 }
        let slow = try (0..<200).map { _ in try RawConnection(port: server.port) }
        for connection in slow { try connection.send("GET /echo HTTP/1.1\r\nHost: t\r\nX-Slow: ") }
        let trickling = Locked(true)
        let trickler = Thread {
            while trickling.current {
                for connection in slow { try? connection.send("a") }
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
        trickler.start()
        defer { trickling.withLock { $0 = false } }
        Thread.sleep(forTimeInterval: 0.3)
        for _ in 0..<5 {
            let started = Date()
            #expect(try Curl.request("GET", "\(server.baseURL)/echo").status == 200)
            #expect(Date().timeIntervalSince(started) < 1.0)
        }
    }

    @Test("a burst of new connections is spread evenly over the event loops, whichever loop wakes first")
    func connectionBurst_isSpreadOverTheLoops() throws {
        let server = try RunningServer(application: LoopNamingApplication()) { $0.eventLoops = 2 }
        // Opened back to back, before any is used: the first loop to wake finds them all waiting.
        let connections = try (0..<64).map { _ in try RawConnection(port: server.port) }
        var perLoop: [String: Int] = [:]
        for connection in connections {
            try connection.send("GET /loop HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try #require(connection.readResponse(timeout: 5))
            perLoop[response.text, default: 0] += 1
        }
        #expect(perLoop.count == 2, "\(perLoop)")
        #expect(perLoop.values.allSatisfy { (31...33).contains($0) }, "\(perLoop)")
    }

    @Test("shutdown during a load answers every request the server has read")
    func shutdownUnderLoad_answersEveryAcceptedRequest() throws {
        let counter = CountingApplication()
        let server = try RunningServer(application: counter) { $0.shutdownGracePeriod = 5 }
        let received = Locked(0)
        let done = DispatchGroup()
        for _ in 0..<8 {
            done.enter()
            Thread {
                defer { done.leave() }
                guard let connection = try? RawConnection(port: server.port) else { return }
                while true {
                    guard (try? connection.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc")) != nil,
                        let response = connection.readResponse(timeout: 3)
                    else { return }
                    received.withLock { $0 += 1 }
                    if response.header("Connection") == "close" { return }
                }
            }.start()
        }
        Thread.sleep(forTimeInterval: 0.3)
        server.stop()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(counter.answered > 100, "the load did not run")
        #expect(received.current == counter.answered, "the server answered \(counter.answered) requests, clients received \(received.current)")
    }
}

/// Counts the requests it answers, so a test can compare with what clients received.
final class CountingApplication: HTTPApplication {
    private let count = Locked(0)
    var answered: Int { count.current }

    func handle(_ request: HTTPRequest, context: RequestContext) -> Handling {
        count.withLock { $0 += 1 }
        return .answer(HTTPResponse(status: .ok, contentType: "text/plain", text: "ok"))
    }

    func answer(_ refusal: TransportRefusal, context: RequestContext) -> HTTPResponse {
        HTTPResponse(status: refusal.status, contentType: "text/plain", text: "\(refusal)")
    }

    func didAnswer(_ record: AccessRecord) {}
}

/// Answers with the identity of the thread that answered: which event loop serves a connection.
private struct LoopNamingApplication: HTTPApplication {
    func handle(_ request: HTTPRequest, context: RequestContext) -> Handling {
        .answer(HTTPResponse(status: .ok, contentType: "text/plain", text: String(UInt(bitPattern: Int(bitPattern: pthread_self())))))
    }

    func answer(_ refusal: TransportRefusal, context: RequestContext) -> HTTPResponse {
        HTTPResponse(status: refusal.status, contentType: "text/plain", text: "\(refusal)")
    }

    func didAnswer(_ record: AccessRecord) {}
}
