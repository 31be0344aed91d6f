import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// An answer read off a raw connection.
public struct RawResponse: Sendable {
    public var status: Int
    public var statusLine: String
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public var text: String { String(decoding: body, as: UTF8.self) }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// A plain TCP client for the tests a client library would get in the way of: exact
/// bytes, pipelining, malformed framing, slow senders and abrupt disconnects. It is not
/// synchronised: a test hands each connection to one thread at a time.
public final class RawConnection: @unchecked Sendable {
    public let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port` (or ::1 with `ipv6`). `receiveBufferBytes` sets SO_RCVBUF
    /// before connecting, so the window the client offers stays that small (a slow reader).
    ///
    /// The descriptor becomes `fd` only once connected: a class whose throwing init has set every
    /// property is deinitialised, and `deinit` closing a descriptor already closed here would
    /// close whatever another thread had opened under the same number meanwhile.
    public init(port: UInt16, ipv6: Bool = false, receiveBufferBytes: Int32? = nil) throws {
        let fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawConnectionError.failed("socket") }
        if var size = receiveBufferBytes {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var result: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            inet_pton(AF_INET6, "::1", &address.sin6_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard result == 0 else {
            Glibc.close(fd)
            throw RawConnectionError.failed("connect")
        }
        self.fd = fd
    }

    private var closed = false

    deinit { close() }

    /// Closes the connection normally (FIN).
    public func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(fd)
    }

    public func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw RawConnectionError.failed("send") }
            offset += sent
        }
    }

    /// Half-closes the sending side, as a client that is done sending does.
    public func shutdownWrite() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// Closes with a TCP reset instead of a FIN (an abrupt disconnect).
    public func reset() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close()
    }

    /// Reads one complete answer (Content-Length framed), or nil on timeout or EOF first.
    public func readResponse(timeout: Double = 5, headRequest: Bool = false) -> RawResponse? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let response = takeResponse(headRequest: headRequest) { return response }
            guard fill(until: deadline) else { return takeResponse(headRequest: headRequest) }
        }
    }

    /// Everything until the server closes (or the timeout), including anything buffered.
    public func readUntilClose(timeout: Double = 5) -> (bytes: [UInt8], closed: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        while fill(until: deadline) {}
        let closed = lastReadWasEOF
        let bytes = buffer
        buffer.removeAll()
        return (bytes, closed)
    }

    /// Whether the server closes the connection within `timeout` (after any bytes it sends).
    public func waitForClose(timeout: Double = 5) -> Bool {
        readUntilClose(timeout: timeout).closed
    }

    private var lastReadWasEOF = false

    /// Reads more bytes; false on EOF, error or timeout.
    private func fill(until deadline: Date) -> Bool {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { return false }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(remaining * 1000) + 1)
        guard ready > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count <= 0 {
            lastReadWasEOF = true
            return false
        }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    private func takeResponse(headRequest: Bool) -> RawResponse? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let headEnd = buffer.firstRange(of: separator)?.upperBound else { return nil }
        let head = String(decoding: buffer[..<(headEnd - 4)], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        let status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        if (100..<200).contains(status) {
            buffer.removeFirst(headEnd)
            return RawResponse(status: status, statusLine: statusLine, headers: headers, body: [])
        }
        let length = headRequest ? 0 : Int(headers.first { $0.name.lowercased() == "content-length" }?.value ?? "0") ?? 0
        guard buffer.count >= headEnd + length else { return nil }
        let body = Array(buffer[headEnd..<(headEnd + length)])
        buffer.removeFirst(headEnd + length)
        return RawResponse(status: status, statusLine: statusLine, headers: headers, body: body)
    }
}

public enum RawConnectionError: Error {
    case failed(String)
}
