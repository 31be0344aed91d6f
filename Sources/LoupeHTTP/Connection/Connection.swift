/// One client connection as its event loop keeps it: the socket, and the state machine that
/// decides what is done with it (`ConnectionStateMachine`). It lives on exactly one loop's
/// thread, which is the only code that touches it, so it needs no locks.
final class Connection {
    let fd: Int32
    let peer: String
    /// Tells this connection from a later one that reuses its descriptor, so an answer
    /// computed for a client that has gone is never written to the next one.
    let serial: UInt64
    var machine: ConnectionStateMachine
    /// The epoll events registered, and whether the descriptor is registered: a connection
    /// that neither reads nor writes is registered with no events (the kernel still reports
    /// hang-ups), so registration is tracked apart from the events.
    var interest: UInt32 = 0
    var isRegistered = false

    init(fd: Int32, peer: String, serial: UInt64, machine: ConnectionStateMachine) {
        self.fd = fd
        self.peer = peer
        self.serial = serial
        self.machine = machine
    }
}
