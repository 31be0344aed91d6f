#if canImport(Glibc)
    import Glibc
#endif
import CLoupeSystem
import Synchronization

/// One request's trip through the compute pool: reserve room for its answer, build the
/// answer (or the 503 when there is no room), hand the bytes back to the connection's loop.
struct ComputeJob: Sendable {
    let exchange: Exchange
    let work: @Sendable () -> HTTPResponse
    let fd: Int32
    let serial: UInt64
    let reservation: Int
    let budget: MemoryBudget
    let loop: EventLoop

    func run() {
        var writer = ResponseWriter()
        var bytes = OutgoingBytes()
        var keepAlive = false
        var reserved = 0
        if budget.reserve(reservation) {
            keepAlive = exchange.finish(work(), writer: &writer, into: &bytes)
            reserved = reservation
        } else {
            exchange.refuse(.busy(.memoryBudget), writer: &writer, into: &bytes)
        }
        loop.deliver(EventLoop.Completion(fd: fd, serial: serial, bytes: bytes, keepAlive: keepAlive, reserved: reserved))
    }
}
