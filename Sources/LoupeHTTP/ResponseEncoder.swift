/// Serialises responses into one contiguous byte buffer, so each response (or a batch of
/// pipelined ones) leaves in a single `write`.
///
/// It owns the framing headers: handlers cannot get Content-Length or Connection wrong.
struct ResponseEncoder {
    private var date = HTTPDate()

    /// Appends `response` to `output`.
    ///
    /// - Parameters:
    ///   - headOnly: the request was HEAD: send the headers GET would, without the body.
    ///   - keepAlive: whether the connection stays open after this response.
    ///   - http10: the request was HTTP/1.0, whose persistence must be announced explicitly.
    mutating func encode(
        _ response: HTTPResponse, requestID: String, headOnly: Bool, keepAlive: Bool, http10: Bool,
        into output: inout [UInt8]
    ) {
        output.append(contentsOf: Self.statusLinePrefix)
        Self.appendDecimal(response.status.code, to: &output)
        output.append(UInt8(ascii: " "))
        output.append(contentsOf: response.status.reason.utf8)
        output.append(contentsOf: Self.lineEnd)
        output.append(contentsOf: "Date: ".utf8)
        output.append(contentsOf: date.current())
        output.append(contentsOf: "\r\n".utf8)
        for field in response.headers where !Self.isFraming(field.name) {
            output.append(contentsOf: field.name.utf8)
            output.append(contentsOf: ": ".utf8)
            output.append(contentsOf: field.value.utf8)
            output.append(contentsOf: "\r\n".utf8)
        }
        if !response.status.forbidsContent {
            output.append(contentsOf: Self.contentLengthPrefix)
            Self.appendDecimal(response.body.count, to: &output)
            output.append(contentsOf: Self.lineEnd)
        }
        output.append(contentsOf: "X-Request-ID: ".utf8)
        output.append(contentsOf: requestID.utf8)
        output.append(contentsOf: "\r\n".utf8)
        if !keepAlive {
            output.append(contentsOf: "Connection: close\r\n".utf8)
        } else if http10 {
            output.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        output.append(contentsOf: "\r\n".utf8)
        if !headOnly && !response.status.forbidsContent {
            output.append(contentsOf: response.body)
        }
    }

    private static let statusLinePrefix = Array("HTTP/1.1 ".utf8)
    private static let contentLengthPrefix = Array("Content-Length: ".utf8)
    private static let lineEnd = Array("\r\n".utf8)

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
