import CLoupeSystem
#if canImport(Glibc)
    import Glibc
#endif

/// A minimal blocking HTTP/1.1 GET against a local port, for container health checks:
/// the runtime image has no curl, so the binary probes itself.
public enum HealthProbe {
    /// The status code of `GET path` on 127.0.0.1:`port`, or nil when the server does not
    /// answer within `timeout` seconds.
    public static func status(port: UInt16, path: String = "/healthz", timeout: Double = 2) -> Int? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var interval = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))

        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }

        let request = Array("GET \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else { return nil }

        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        while received.count < 64, !received.contains(ASCII.lf) {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received.append(contentsOf: chunk[..<count])
        }
        // "HTTP/1.1 200 OK"
        let statusLine = received.split(separator: ASCII.lf).first ?? []
        let parts = statusLine.split(separator: ASCII.space)
        guard parts.count >= 2, parts[0].starts(with: Array("HTTP/1.".utf8)) else { return nil }
        return Int(String(decoding: parts[1], as: UTF8.self))
    }
}
