@testable import LoupeHTTP
import Testing

/// The head is written into room counted beforehand (issue 22 §4); these pin its bytes.
@Suite("ResponseWriter")
struct ResponseWriterTests {
    /// Replaces the Date field's value, which moves with the clock.
    private func withoutDate(_ output: OutgoingBytes) -> String {
        let text = String(decoding: output.joined, as: UTF8.self)
        guard let start = text.range(of: "Date: "), let end = text[start.upperBound...].range(of: "\r\n") else { return text }
        return text.replacingCharacters(in: start.upperBound..<end.lowerBound, with: "D")
    }

    @Test("the head's bytes: status, date, the response's fields without the framing ones, length, request id, persistence")
    func head_bytes() {
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/json")
        headers.add("content-length", "999")  // framing fields are the writer's own, in any case
        headers.add("CONNECTION", "upgrade")
        headers.add("Transfer-Encoding", "chunked")
        headers.add("date", "yesterday")
        headers.add("x-request-id", "forged")
        headers.add("X-Long", String(repeating: "v", count: 5_000))  // far past any fixed room
        var writer = ResponseWriter()
        var output = OutgoingBytes(Array("previous".utf8))
        writer.write(
            HTTPResponse(status: .ok, headers: headers, body: Array("{}".utf8)), requestID: "r-1", headOnly: false,
            keepAlive: true, http10: true, into: &output)
        #expect(
            withoutDate(output)
                == "previousHTTP/1.1 200 OK\r\nDate: D\r\nContent-Type: application/json\r\nX-Long: \(String(repeating: "v", count: 5_000))\r\n"
                + "Content-Length: 2\r\nX-Request-ID: r-1\r\nConnection: keep-alive\r\n\r\n{}")
    }

    @Test("no Content-Length for a status that forbids content, and no body for HEAD")
    func head_withoutContent() {
        var writer = ResponseWriter()
        var output = OutgoingBytes()
        writer.write(
            HTTPResponse(status: .notModified, body: Array("x".utf8)), requestID: "r-2", headOnly: false, keepAlive: false,
            http10: false, into: &output)
        #expect(withoutDate(output) == "HTTP/1.1 304 Not Modified\r\nDate: D\r\nX-Request-ID: r-2\r\nConnection: close\r\n\r\n")
        output = OutgoingBytes()
        writer.write(
            HTTPResponse(status: .ok, body: Array("hello".utf8)), requestID: "r-3", headOnly: true, keepAlive: true, http10: false,
            into: &output)
        #expect(withoutDate(output) == "HTTP/1.1 200 OK\r\nDate: D\r\nContent-Length: 5\r\nX-Request-ID: r-3\r\n\r\n")
    }
}
