/// What the event loop does next for a connection, as its `ConnectionStateMachine` names it.
/// The loop makes no call on a connection's socket, and asks the application nothing on its
/// behalf, that an action does not name; it reports what happened as the machine's next event.
enum ConnectionAction: Equatable, Sendable {
    /// Ask the application for the request's answer (`Answerer.handle`, with the output lent by
    /// `lendOutput`), then report `answered`, or `handedToPool` for work.
    case answer(HTTPRequest, RequestArrival, mayKeepAlive: Bool)
    /// Screen a head that asked for `100 Continue` (`Answerer.screen`), then report `screened`.
    case screen(HTTPRequest, RequestArrival)
    /// Answer a refusal the transport made itself (`Answerer.refuse`), then report `refused`.
    /// The connection closes after it.
    case refuse(TransportRefusal, RequestArrival?)
    /// Send the queued output, now or at the end of the loop's pass over ready events (write
    /// coalescing): report `sent` for each write, then `outputDrained` or `writeBlocked`.
    case write
    /// Wait for the peer's bytes, and for room in the socket while output waits.
    case read
    /// Wait with reading off (for the pool's answer, for output to drain, for the kernel's queue
    /// to be acknowledged), and for room in the socket while output waits.
    case hold
    /// Send FIN (shut the write side down), then report `finSent`.
    case sendFIN
    /// Measure what the kernel still holds unacknowledged, and report `acknowledged`.
    case checkAcknowledged
    /// Wait, reading off, for the socket to change: the acknowledgement that ends it, or a reset.
    /// Edge-triggered, as a socket shut down both ways reports a hang-up at every wait: each
    /// change is reported once, as the end of the peer's bytes (`peerClosed`).
    case awaitAcknowledgement
    /// Close the socket.
    case close
    /// Reset the socket: the kernel discards what it still holds, at once, and closes.
    case reset(ResetReason)
}

/// Why a connection is reset rather than closed.
enum ResetReason: Equatable, Sendable {
    /// Not even a 503 refusal fits in the memory budget (`ServerStatistics.resetForMemory`).
    case memory
    /// The client stops reading its answers, or reads them slower than the minimum send rate.
    case slowReader
    /// The peer stopped acknowledging a closing connection's last answer for the write timeout:
    /// closed plainly, the kernel would keep those bytes as an orphan (`ServerStatistics.orphansReset`).
    case orphan
    /// An event came in a state it cannot come in: a bug, reset rather than trusted
    /// (`ServerStatistics.illegalMoves`; debug builds trap instead).
    case illegalMove
}
