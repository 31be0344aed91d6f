/// Serialises answers into a connection's output: the head into the connection's own buffer, a
/// large body as the array it was rendered into (`OutgoingBytes`), so each answer (or a batch of
/// pipelined ones) leaves in a single write and a body is not copied on its way.
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
        into output: inout OutgoingBytes
    ) {
        // The head is made in a temporary buffer (on the stack when small) and appended in one
        // copy: a dozen appends of a few bytes each to the output array cost more than the rest
        // of a /healthz answer's head. The room is counted first, so the writes never check it.
        let date = self.date.current()
        let hasContent = !response.status.forbidsContent
        var room = Self.fixedHeadBytes + response.status.reason.utf8.count + date.count + requestID.utf8.count
        for field in response.headers {  // framing fields too: an upper bound, and no second test
            room += field.name.utf8.count + field.value.utf8.count + 4
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
            var head = HeadBytes(buffer)
            head.append("HTTP/1.1 ")
            head.appendDecimal(response.status.code)
            head.append(" ")
            head.append(response.status.reason)
            head.append("\r\nDate: ")
            date.withUnsafeBufferPointer { head.append($0) }
            head.append("\r\n")
            for field in response.headers where !Self.isFraming(field.name) {
                head.append(field.name)
                head.append(": ")
                head.append(field.value)
                head.append("\r\n")
            }
            if hasContent {
                head.append("Content-Length: ")
                head.appendDecimal(response.body.count)
                head.append("\r\n")
            }
            head.append("X-Request-ID: ")
            head.append(requestID)
            head.append("\r\n")
            if !keepAlive {
                head.append("Connection: close\r\n")
            } else if http10 {
                head.append("Connection: keep-alive\r\n")
            }
            head.append("\r\n")
            output.append(copying: UnsafeBufferPointer(rebasing: buffer[..<head.count]))
        }
        if !headOnly && hasContent {
            output.append(body: response.body)
        }
    }

    /// The head's bytes other than the reason, date, request id and the response's own fields:
    /// "HTTP/1.1 ", a status code, CRLFs, "Date: ", a Content-Length of up to 20 digits,
    /// "X-Request-ID: " and "Connection: keep-alive", with room to spare.
    static let fixedHeadBytes = 128

    /// Writes into room counted beforehand (`write` sizes it), without checks on the way.
    private struct HeadBytes {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var count = 0

        init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            precondition(bytes.count <= buffer.count - count, "the head outgrew the room counted for it")
            guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
            (buffer.baseAddress.unsafelyUnwrapped + count).update(from: source, count: bytes.count)
            count += bytes.count
        }

        mutating func append(_ text: StaticString) {
            append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        mutating func append(_ text: String) {
            // Native strings lend their UTF-8 as is; others (bridged, rare here) are copied once.
            if text.utf8.withContiguousStorageIfAvailable({ append($0) }) != nil { return }
            var text = text
            text.withUTF8 { append($0) }
        }

        /// A non-negative integer's decimal digits, made right to left in a 24-byte scratch.
        mutating func appendDecimal(_ value: Int) {
            var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
            withUnsafeMutableBytes(of: &scratch) { raw in
                var rest = value.magnitude
                var index = raw.count
                repeat {
                    index -= 1
                    raw[index] = UInt8(truncatingIfNeeded: 48 &+ rest % 10)
                    rest /= 10
                } while rest > 0
                let digits = raw.baseAddress.unsafelyUnwrapped.advanced(by: index).assumingMemoryBound(to: UInt8.self)
                append(UnsafeBufferPointer(start: digits, count: raw.count - index))
            }
        }
    }

    /// The interim response to `Expect: 100-continue` (RFC 9110 §10.1.1).
    static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// The fields this writer owns. The length picks the one name to compare, so an ordinary
    /// field costs one comparison at most, not five.
    private static func isFraming(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4: name.equalsIgnoringASCIICase("Date")
        case 10: name.equalsIgnoringASCIICase("Connection")
        case 12: name.equalsIgnoringASCIICase("X-Request-ID")
        case 14: name.equalsIgnoringASCIICase("Content-Length")
        case 17: name.equalsIgnoringASCIICase("Transfer-Encoding")
        default: false
        }
    }
}
