/// What a connection owes its client: answers queued and not yet written, and the kernel's share
/// (what it holds of the written ones until the peer acknowledges them).
struct ConnectionOutput {
    /// Answers queued and not yet written, from `start` on.
    private var bytes: [UInt8] = []
    private var start = 0
    /// Since when output has waited, and what has been written since; nil while nothing waits.
    private(set) var sending: SendProgress?
    /// Bytes the kernel still holds (written, not yet acknowledged): counted as written,
    /// re-measured by the sweep (`acknowledged`), charged to the budget.
    private(set) var kernelQueued = 0
    /// When the last write was made, and when the peer was last seen to acknowledge some of
    /// `kernelQueued` (monotonic ns): a closing connection waits for its last answer while they move.
    private(set) var lastWriteAt: UInt64
    private(set) var lastAcknowledgedAt: UInt64 = 0
    /// The most the kernel's send queue holds for one connection (`ServerConfiguration`).
    let kernelQueueCap: Int

    init(kernelQueueCap: Int, now: UInt64) {
        self.kernelQueueCap = kernelQueueCap
        lastWriteAt = now
    }

    /// Bytes queued and not yet written.
    var pending: Int { bytes.count - start }

    /// Bytes held, the kernel's share included: what the memory budget charges for the output.
    var heldBytes: Int { bytes.capacity + kernelCharge(pending: pending) }

    /// What the output would hold were the lent buffer, with an answer appended, back in place:
    /// asked before an answer is kept, so one the budget cannot hold is refused.
    func heldBytes(lent: [UInt8]) -> Int { lent.capacity + kernelCharge(pending: lent.count - start) }

    /// The kernel's share: everything owed (queued here or held by the kernel), up to what the
    /// kernel may hold. It is whole as soon as output is queued and never grows while that
    /// output is written (the bytes only move from here into the kernel), so writing needs no
    /// new room from the budget; it shrinks as the peer acknowledges.
    func kernelCharge(pending: Int) -> Int { min(pending + kernelQueued, kernelQueueCap) }

    /// Hands the buffer out for the application to append an answer to (`Answerer`); the
    /// unwritten part still starts at the same offset when it comes back (`restore`).
    mutating func lend() -> [UInt8] {
        var lent: [UInt8] = []
        swap(&lent, &bytes)
        return lent
    }

    mutating func restore(_ lent: consuming [UInt8]) {
        bytes = lent
    }

    /// Queues an answer built elsewhere (on the compute pool).
    mutating func append(_ answer: consuming [UInt8]) {
        if pending == 0 {
            bytes = answer
            start = 0
        } else {
            bytes.append(contentsOf: answer)
        }
    }

    /// Starts the send rate's clock if nothing was owed before (`ConnectionStateMachine.isSendTooSlow`).
    mutating func noteWaiting(now: UInt64) {
        if pending > 0 && sending == nil { sending = SendProgress(since: now) }
    }

    /// Lends the unwritten bytes to a write.
    func withUnwritten<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    }

    /// `count` bytes went to the kernel: still memory, charged (up to the queue's cap) until
    /// the peer acknowledges them.
    mutating func wrote(_ count: Int, now: UInt64) {
        start += count
        lastWriteAt = now
        kernelQueued = min(kernelQueued + count, kernelQueueCap)
        sending?.sent += count
    }

    /// Everything queued is written: the buffer goes (a small one is kept) and the rate's clock stops.
    mutating func drained() {
        bytes.removeAll(keepingCapacity: bytes.capacity <= ConnectionInput.retainedBufferBytes)
        start = 0
        sending = nil
    }

    /// The kernel's queue measured at `queued` bytes: what it holds shrinks as the peer
    /// acknowledges.
    mutating func acknowledged(queued: Int, now: UInt64) {
        let queued = min(queued, kernelQueued)
        if queued < kernelQueued { lastAcknowledgedAt = now }
        kernelQueued = queued
    }
}
