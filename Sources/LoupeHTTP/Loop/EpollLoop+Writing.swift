import CLoupeSystem
#if canImport(Glibc)
    import Glibc
#endif

/// Writing, write coalescing, the epoll interest a connection's action implies, and closing.
extension EpollLoop {
    /// Writes the connection's output until it is drained or the socket is full, and says what
    /// the machine makes of that.
    func writeOutput(_ connection: Connection, now: UInt64) -> ConnectionAction {
        while connection.machine.output.pending > 0 {
            let sent = connection.machine.output.withUnwritten { pieces in Self.send(pieces, to: connection.fd) }
            if sent > 0 {
                connection.machine.sent(sent, now: now)
                pending.bytesOut += sent
            } else if sent < 0 && errno == EINTR {
                continue
            } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return connection.machine.writeBlocked(now: now).next
            } else {
                return connection.machine.connectionFailed().next
            }
        }
        return connection.machine.outputDrained(now: now).next
    }

    /// Sends `pieces` in order in one call: `send` for one, `sendmsg` with an `iovec` each for
    /// several (a head and the body it frames, or pipelined answers), so a body shared with the
    /// answer cache goes to the kernel from where it was rendered. Returns what `send` returns.
    static func send(_ pieces: UnsafeBufferPointer<UnsafeRawBufferPointer>, to fd: Int32) -> Int {
        if pieces.count == 1 { return Glibc.send(fd, pieces[0].baseAddress, pieces[0].count, Int32(MSG_NOSIGNAL)) }
        return withUnsafeTemporaryAllocation(of: iovec.self, capacity: pieces.count) { vectors in
            for (index, piece) in pieces.enumerated() {
                vectors[index] = iovec(iov_base: UnsafeMutableRawPointer(mutating: piece.baseAddress), iov_len: piece.count)
            }
            var message = msghdr()
            message.msg_iov = vectors.baseAddress
            message.msg_iovlen = vectors.count
            return sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
        }
    }

    /// Keeps the connection's write for the end of the pass (`dispatchCoalescingWrites`).
    func holdWrite(_ connection: Connection) {
        // Held twice in one pass, the second write finds nothing left and changes nothing.
        if heldWrites.last !== connection { heldWrites.append(connection) }
    }

    /// Writes every held answer (a connection closed meanwhile, or whose descriptor now
    /// serves another client, is skipped).
    func writeHeld(now: UInt64) {
        let coalescing = coalescingWrites
        coalescingWrites = false
        for connection in heldWrites where connections[connection.fd] === connection {
            perform(writeOutput(connection, now: now), on: connection, now: now)
        }
        heldWrites.removeAll(keepingCapacity: true)
        coalescingWrites = coalescing
    }

    /// Registers the events the connection waits for: its bytes when it reads, room to write
    /// while output waits; each change once rather than at every wait when `edgeTriggered`.
    func watch(_ connection: Connection, reading: Bool, edgeTriggered: Bool = false) {
        var wanted: UInt32 = edgeTriggered ? LOUPE_EPOLLET : 0
        if connection.machine.output.pending > 0 {
            wanted |= LOUPE_EPOLLOUT
        }
        if reading {
            wanted |= LOUPE_EPOLLIN | LOUPE_EPOLLRDHUP
        }
        guard wanted != connection.interest || !connection.isRegistered else { return }
        let result =
            connection.isRegistered
            ? loupe_epoll_modify(epollFD, connection.fd, wanted)
            : loupe_epoll_add(epollFD, connection.fd, wanted)
        if result != 0 {
            closeConnection(connection)
            return
        }
        connection.isRegistered = true
        connection.interest = wanted
    }

    func closeConnection(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.fd) != nil else { return }
        _ = connection.machine.close()
        loop.connectionClosed()
        close(connection.fd)
        state.connectionClosed()
    }
}
