@testable import LoupeHTTP
import Foundation
import Testing

@Suite("InProcessConnection")
struct InProcessConnectionTests {
    @Test("answers pipelined requests with the exact bytes a socket would carry")
    func pipelinedRequests_getExactBytes() {
        var connection = InProcessConnection(application: TestApplication())
        let output = connection.send(
            Array("GET /echo HTTP/1.1\r\nHost: t\r\nX-Request-ID: a1\r\n\r\nGET /close HTTP/1.1\r\nHost: t\r\nX-Request-ID: a2\r\n\r\n".utf8))
        let text = String(decoding: output, as: UTF8.self)
        let responses = text.components(separatedBy: "HTTP/1.1 200 OK\r\n").filter { !$0.isEmpty }
        #expect(responses.count == 2)
        #expect(responses[0].contains("Content-Length: 12\r\nX-Request-ID: a1\r\n\r\nGET /echo 0\n"))
        #expect(responses[1].hasSuffix("X-Request-ID: a2\r\nConnection: close\r\n\r\nbye"))
        #expect(connection.isClosed)
    }

    @Test("a framing error is answered and closes the connection")
    func framingError_closes() {
        var connection = InProcessConnection(application: TestApplication())
        let output = String(decoding: connection.send(Array("GET / HTTP/1.1\nHost: t\n\n".utf8)), as: UTF8.self)
        #expect(output.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(output.contains("Connection: close\r\n"))
        #expect(connection.isClosed)
        #expect(connection.send(Array("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n".utf8)).isEmpty)
    }

    @Test("regression: work the application hands to the pool is run, as a socket connection runs it, in order with inline answers")
    func pooledWork_isRun() {
        var connection = InProcessConnection(application: TestApplication())
        let output = String(
            decoding: connection.send(
                Array("POST /pooled HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nhiGET /echo HTTP/1.1\r\nHost: t\r\n\r\n".utf8)),
            as: UTF8.self)
        let pooled = output.range(of: "POST /pooled 2 pooled\nhi")
        let inline = output.range(of: "GET /echo 0\n")
        #expect(pooled != nil && inline != nil && pooled!.lowerBound < inline!.lowerBound)
        #expect(!connection.isClosed)
    }

    @Test("regression: Expect: 100-continue is screened, as on a socket: a refused head gets its answer, never 100, and closes")
    func expectContinue_isScreened() {
        var refused = InProcessConnection(application: TestApplication())
        let answer = String(
            decoding: refused.send(Array("POST /refused HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n".utf8)),
            as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 401 Unauthorized\r\n") && !answer.contains("100 Continue"))
        #expect(refused.isClosed)

        var invited = InProcessConnection(application: TestApplication())
        let interim = String(
            decoding: invited.send(Array("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n".utf8)),
            as: UTF8.self)
        #expect(interim == "HTTP/1.1 100 Continue\r\n\r\n")
        #expect(String(decoding: invited.send(Array("ok".utf8)), as: UTF8.self).hasSuffix("POST /echo 2\nok"))
    }

    @Test("a request split across sends is answered once complete")
    func splitRequest_isAnsweredWhenComplete() {
        var connection = InProcessConnection(application: TestApplication())
        #expect(connection.send(Array("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Le".utf8)).isEmpty)
        #expect(connection.send(Array("ngth: 2\r\n\r\nh".utf8)).isEmpty)
        let output = String(decoding: connection.send(Array("i".utf8)), as: UTF8.self)
        #expect(output.hasSuffix("POST /echo 2\nhi"))
    }
}

@Suite("ServerConfiguration")
struct ServerConfigurationTests {
    @Test("a cgroup CPU quota limits the default loop count, rounded up")
    func cgroupQuota_isRoundedUp() {
        #expect(ServerConfiguration.cgroupCPUQuota("200000 100000\n") == 2)
        #expect(ServerConfiguration.cgroupCPUQuota("150000 100000") == 2)
        #expect(ServerConfiguration.cgroupCPUQuota("50000 100000") == 1)
        #expect(ServerConfiguration.cgroupCPUQuota("max 100000") == nil)
        #expect(ServerConfiguration.cgroupCPUQuota(nil) == nil)
        #expect(ServerConfiguration.cgroupCPUQuota("garbage") == nil)
    }

    @Test("the default loop count never exceeds the processors the machine has")
    func coreCount_isWithinTheMachine() {
        #expect(ServerConfiguration.coreCount <= ProcessInfo.processInfo.processorCount)
    }
}
