/// What a connection owes its client: answers queued and not yet written, and the kernel's share
/// (what it holds of the written ones until the peer acknowledges them, and what the peer has
/// acknowledged but not yet read).
struct ConnectionOutput {
    /// Answers queued and not yet written: heads copied in, large bodies shared as they were
    /// rendered (`OutgoingBytes`).
    private var bytes = OutgoingBytes()
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
    /// The largest receive window the peer has advertised (measured at accept and at each sweep).
    private(set) var peerWindowMax = 0
    /// What the peer holds of ours unread, as its window's shrinking shows (`acknowledged`).
    ///
    /// Why (issue 42 §3): an acknowledged byte leaves our send queue but not the machine's
    /// memory when the peer is on this host (a sidecar, a node-local proxy, the tests' loopback):
    /// it waits in the peer's receive buffer until the peer reads it. 1,000 clients that never
    /// read /openapi.yaml held 128 KB each there, uncharged, and the kernel's TCP memory grew by
    /// half again the budget. Counting it costs a remote peer's connection the same room, which
    /// is what a peer that does not read should cost.
    private(set) var peerHeld = 0
    /// Bytes acknowledged since the peer was last seen to have read everything: the most the
    /// peer can hold of ours, so `peerHeld` never counts a byte twice.
    private var acknowledgedSinceDrained = 0

    /// A window shrunk by less than this is a peer reading as it goes, not holding: a few small
    /// answers left unread cost nothing (3,000 of them: under 12 MiB).
    static let peerHeldThreshold = 4 << 10

    init(kernelQueueCap: Int, now: UInt64) {
        self.kernelQueueCap = kernelQueueCap
        lastWriteAt = now
    }

    /// Bytes queued and not yet written.
    var pending: Int { bytes.count }

    /// Bytes held, the kernel's share included: what the memory budget charges for the output.
    var heldBytes: Int { bytes.heldBytes + kernelCharge(pending: pending) }

    /// What the output would hold were the lent buffer, with an answer appended, back in place:
    /// asked before an answer is kept, so one the budget cannot hold is refused.
    func heldBytes(lent: OutgoingBytes) -> Int { lent.heldBytes + kernelCharge(pending: lent.count) }

    /// The kernel's share: everything owed (queued here, held by the kernel, or delivered and
    /// held by the peer unread), up to what the kernel may hold. It is whole as soon as output is
    /// queued and never grows while that output is written (the bytes only move from here into
    /// the kernel), so writing needs no new room from the budget; it shrinks as the peer
    /// acknowledges and reads, and grows only when a peer's window shows it holds more than was
    /// counted (`acknowledged`, which reserves that growth).
    func kernelCharge(pending: Int) -> Int { min(pending + kernelQueued + peerHeld, kernelQueueCap) }

    /// Hands the output out for the application to append an answer to (`Answerer`); what is
    /// unwritten comes back with it (`restore`).
    mutating func lend() -> OutgoingBytes {
        var lent = OutgoingBytes()
        swap(&lent, &bytes)
        return lent
    }

    mutating func restore(_ lent: consuming OutgoingBytes) {
        bytes = lent
    }

    /// Queues an answer built elsewhere (on the compute pool), its pieces moved, not copied.
    mutating func append(_ answer: consuming OutgoingBytes) {
        bytes.append(answer)
    }

    /// Queues bytes made here (`100 Continue`).
    mutating func append(copying answer: [UInt8]) {
        bytes.append(copying: answer)
    }

    /// Starts the send rate's clock if nothing was owed before (`ConnectionStateMachine.isSendTooSlow`).
    mutating func noteWaiting(now: UInt64) {
        if pending > 0 && sending == nil { sending = SendProgress(since: now) }
    }

    /// Lends the unwritten bytes to a write, as the pieces they are in (`OutgoingBytes`).
    func withUnwritten<Result>(_ body: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Result) rethrows -> Result {
        try bytes.withUnwrittenPieces(body)
    }

    /// `count` bytes went to the kernel: still memory, charged (up to the queue's cap) until
    /// the peer acknowledges them.
    mutating func wrote(_ count: Int, now: UInt64) {
        bytes.removeFirst(count)
        lastWriteAt = now
        kernelQueued = min(kernelQueued + count, kernelQueueCap)
        sending?.sent += count
    }

    /// Everything queued is written: the buffer goes (a small one is kept) and the rate's clock stops.
    mutating func drained() {
        bytes.removeAll()
        sending = nil
    }

    /// The kernel's queue measured at `queued` bytes: what it holds shrinks as the peer
    /// acknowledges.
    mutating func acknowledged(queued: Int, peerWindow: Int? = nil, now: UInt64) {
        let queued = min(queued, kernelQueued)
        if queued < kernelQueued { lastAcknowledgedAt = now }
        acknowledgedSinceDrained += kernelQueued - queued
        kernelQueued = queued
        guard let peerWindow else { return }
        notePeerWindow(peerWindow)
        // The window a peer offers is a share of its free buffer (Linux offers about half, and
        // grows it as data arrives), so what it holds is up to twice the shrinking; never more
        // than it was sent.
        let shrunk = peerWindowMax - peerWindow
        let held = shrunk < Self.peerHeldThreshold ? 0 : min(2 * shrunk, acknowledgedSinceDrained)
        if held == 0 { acknowledgedSinceDrained = 0 }
        if held < peerHeld { lastAcknowledgedAt = now }
        peerHeld = held
    }

    /// The peer advertised `window` (at accept, before anything was sent).
    mutating func notePeerWindow(_ window: Int) {
        peerWindowMax = max(peerWindowMax, window)
    }

    /// Whether nothing written is left to the kernel or unread by the peer.
    var isDelivered: Bool { kernelQueued == 0 && peerHeld == 0 }
}
