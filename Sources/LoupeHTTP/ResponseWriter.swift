/// Serialises answers into one contiguous byte buffer, so each answer (or a batch of
/// pipelined ones) leaves in a single `write`.
///
/// It owns the framing headers: handlers cannot get Content-Length or Connection wrong.
struct ResponseWriter {
    private var date = HTTPDate()

    /// Appends `response` to `output`.
    ///
    /// - Parameters:
    ///   - headOnly: the request was HEAD: send the headers GET would, without the body.
    ///   - keepAlive: whether the connection stays open after this answer.
    ///   - http10: the request was HTTP/1.0, whose persistence must be announced explicitly.
    mutating func write(
        _ response: HTTPResponse, requestID: String, headOnly: Bool, keepAlive: Bool, http10: Bool,
        into output: inout [UInt8]
    ) {
        Self.append("HTTP/1.1 ", to: &output)
        Self.appendDecimal(response.status.code, to: &output)
        output.append(UInt8(ascii: " "))
        Self.append(response.status.reason, to: &output)
        Self.append("\r\nDate: ", to: &output)
        output.append(contentsOf: date.current())
        Self.append("\r\n", to: &output)
        for field in response.headers where !Self.isFraming(field.name) {
            Self.append(field.name, to: &output)
            Self.append(": ", to: &output)
            Self.append(field.value, to: &output)
            Self.append("\r\n", to: &output)
        }
        if !response.status.forbidsContent {
            Self.append("Content-Length: ", to: &output)
            Self.appendDecimal(response.body.count, to: &output)
            Self.append("\r\n", to: &output)
        }
        Self.append("X-Request-ID: ", to: &output)
        Self.append(requestID, to: &output)
        Self.append("\r\n", to: &output)
        if !keepAlive {
            Self.append("Connection: close\r\n", to: &output)
        } else if http10 {
            Self.append("Connection: keep-alive\r\n", to: &output)
        }
        Self.append("\r\n", to: &output)
        if !headOnly && !response.status.forbidsContent {
            output.append(contentsOf: response.body)
        }
    }

    /// Appends fixed text: one copy from the binary's constant bytes.
    private static func append(_ text: StaticString, to output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a string's UTF-8 as one copy (appending a `String.UTF8View` goes byte by byte).
    private static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
    }

    /// Appends a non-negative integer's decimal digits (no String in between).
    private static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
        guard value > 0 else {
            output.append(UInt8(ascii: "0"))
            return
        }
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            output.append(UInt8(48 + rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// The interim response to `Expect: 100-continue` (RFC 9110 §10.1.1).
    static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    private static func isFraming(_ name: String) -> Bool {
        name.equalsIgnoringASCIICase("Content-Length") || name.equalsIgnoringASCIICase("Connection")
            || name.equalsIgnoringASCIICase("Transfer-Encoding") || name.equalsIgnoringASCIICase("Date")
            || name.equalsIgnoringASCIICase("X-Request-ID")
    }
}
