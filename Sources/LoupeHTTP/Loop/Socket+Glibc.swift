import CLoupeSystem
#if canImport(Glibc)
    import Glibc
#endif

/// Thin wrappers over the Glibc socket calls the server uses, so the rest of the module
/// reads without `#if` noise or casts. Every wrapper either succeeds or throws a
/// `SocketError` naming the call.
enum Socket {
    static func setNonBlocking(_ fd: Int32) throws {
        let flags = fcntl(fd, F_GETFL, 0)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) >= 0 else {
            throw SocketError(call: "fcntl")
        }
    }

    static func setOption(_ fd: Int32, level: Int32, name: Int32, value: Int32) throws {
        var value = value
        guard setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw SocketError(call: "setsockopt")
        }
    }

    /// Whether `host` is a numeric IPv4 or IPv6 address (what `makeListener` binds to).
    static func isAddressLiteral(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    /// Creates a non-blocking listening socket bound to `host`:`port`.
    ///
    /// `host` is a numeric IPv4 or IPv6 address, never a name: a listener binds an interface's
    /// address, and resolving a name at start-up would make where the service listens depend
    /// on DNS. "::" listens on IPv6 and, with IPV6_V6ONLY off, on IPv4 too. `sendBufferBytes`
    /// (when above 0) caps each accepted connection's kernel send buffer: accepted sockets
    /// inherit it from the listener, so it costs no call per connection.
    static func makeListener(host: String, port: UInt16, backlog: Int32, sendBufferBytes: Int = 0) throws -> (fd: Int32, port: UInt16) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV | AI_NUMERICHOST
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw SocketError(call: "getaddrinfo(\(host))", code: status == EAI_SYSTEM ? errno : EINVAL)
        }
        defer { freeaddrinfo(list) }

        let fd = socket(first.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SocketError(call: "socket") }
        do {
            try setOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)
            if first.pointee.ai_family == AF_INET6 {
                try setOption(fd, level: Int32(IPPROTO_IPV6), name: IPV6_V6ONLY, value: 0)
            }
            if sendBufferBytes > 0 {
                try setOption(fd, level: SOL_SOCKET, name: SO_SNDBUF, value: Int32(clamping: sendBufferBytes))
            }
            guard bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
                throw SocketError(call: "bind(\(host):\(port))")
            }
            guard listen(fd, backlog) == 0 else { throw SocketError(call: "listen") }
            try setNonBlocking(fd)
            return (fd, try boundPort(fd))
        } catch {
            close(fd)
            throw error
        }
    }

    /// Makes the next `close` of `fd` abortive (SO_LINGER with a zero timeout): the kernel drops
    /// what it still holds for the peer and sends a reset, rather than delivering it for as long
    /// as the peer takes. For clients dropped for reading too slowly.
    static func discardUnsentOnClose(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Bytes of a connection's output the kernel still holds (written, not yet acknowledged);
    /// 0 when the socket cannot say.
    static func queuedOutputBytes(_ fd: Int32) -> Int {
        max(0, Int(loupe_socket_queued_bytes(fd)))
    }

    /// The receive window the peer last advertised, or nil when the kernel cannot say.
    static func peerWindow(_ fd: Int32) -> Int? {
        let window = loupe_socket_peer_window(fd)
        return window < 0 ? nil : Int(window)
    }

    static func boundPort(_ fd: Int32) throws -> UInt16 {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { throw SocketError(call: "getsockname") }
        return peerAddress(storage).port
    }

    /// The printable address and port of a socket address, "[::1]:5000" style for IPv6.
    static func peerAddress(_ storage: sockaddr_storage) -> (text: String, port: UInt16) {
        var storage = storage
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var addr = address.pointee.sin_addr
                    inet_ntop(AF_INET, &addr, &buffer, socklen_t(buffer.count))
                    let port = UInt16(bigEndian: address.pointee.sin_port)
                    return ("\(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)):\(port)", port)
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var addr = address.pointee.sin6_addr
                    inet_ntop(AF_INET6, &addr, &buffer, socklen_t(buffer.count))
                    let port = UInt16(bigEndian: address.pointee.sin6_port)
                    return ("[\(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))]:\(port)", port)
                }
            }
        default:
            return ("unknown", 0)
        }
    }

    /// Makes a listener deaf before it closes.
    ///
    /// Closing a listener resets every connection the kernel completed into its backlog after
    /// the last `accept`: the client has sent its request and gets a reset, not an answer. A
    /// listener that drops every packet completes no new handshake, so once its backlog has
    /// been accepted to the end nothing can be waiting when it closes, however long the
    /// accepting thread is descheduled in between. A client whose SYN was dropped retries it,
    /// meets the closed port and is refused before it has sent anything: safe to retry
    /// elsewhere, even a POST.
    static func refuseNewConnections(_ listener: Int32) throws {
        guard loupe_refuse_new_connections(listener) == 0 else { throw SocketError(call: "setsockopt(SO_ATTACH_FILTER)") }
    }

    /// Accepts one pending connection, non-blocking and close-on-exec; nil when none is
    /// pending or accept failed (`errno` says which).
    static func accept(_ listener: Int32) -> (fd: Int32, peer: String)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = loupe_accept(listener, &storage, &length)
        guard fd >= 0 else { return nil }
        return (fd, peerAddress(storage).text)
    }

    /// Whether a failed `accept` concerned only the connection it tried to take: one aborted
    /// while queued, a network error Linux reports through `accept` (accept(2): treat these
    /// like EAGAIN and retry), or an interrupted call. The queue behind it is unaffected.
    static func isAcceptRetryable(_ code: Int32) -> Bool {
        switch code {
        case ECONNABORTED, EINTR, EPROTO, ENETDOWN, ENOPROTOOPT, EHOSTDOWN, ENONET, EHOSTUNREACH, EOPNOTSUPP, ENETUNREACH:
            return true
        default:
            return false
        }
    }
}
