import Synchronization

/// The bytes every connection may hold at once: buffered request input and bodies, queued
/// answers, and the answers being computed. One budget for the whole server.
///
/// Why: per-connection limits alone multiply by the connection count (10,000 × 1 MiB bodies
/// is 10 GiB). With a global budget, memory stays under a figure an operator can fit to the
/// pod, whatever the clients do; what does not fit is refused with 503 and Retry-After,
/// never buffered.
///
/// It is a hard bound: every growth is a reservation that may be refused, so the bytes charged
/// never exceed `limit` (issue 34 §2). The last `refusalHeadroom` bytes are kept for the 503s
/// themselves: ordinary reservations stop short of them, so a refusal still finds room while
/// the budget is full of answers; a connection whose refusal finds none is reset unanswered.
public final class MemoryBudget: Sendable {
    /// The most bytes that may be charged at once.
    public let limit: Int
    /// Room at the top of the budget that only refusals (503 answers, a few hundred bytes
    /// each) may use: an eighth of the budget, at most 1 MiB (about 2,500 refusals at once).
    public let refusalHeadroom: Int
    private let charged = Atomic<Int>(0)
    private let peak = Atomic<Int>(0)
    private let refusals = Atomic<Int>(0)
    /// The most bytes charged at once since memory was last given back to the kernel.
    private let peakSinceTrim = Atomic<Int>(0)
    /// The most bytes charged at once since `claimTrim` last looked: so a look sees the busy
    /// moments between two sweeps, not only the charge at the instant of the sweep.
    private let peakSinceLook = Atomic<Int>(0)
    /// When `claimTrim` last saw more than `trimWhenBelowBytes` charged (monotonic nanoseconds).
    private let lastBusy = Atomic<UInt64>(0)

    /// A burst is worth giving back once it has charged this much and is over.
    static let trimAfterBytes = 8 << 20
    /// "Over": no more than this has been charged at any moment for `trimQuietNanoseconds`.
    static let trimWhenBelowBytes = 2 << 20
    /// How long the charges must stay under `trimWhenBelowBytes` before a burst counts as over.
    /// Without it, a steady load whose charges dip under the mark at some sweeps (64 clients of
    /// computed plans did, every 250 ms) trimmed the heap again and again: ~450 `madvise`
    /// calls a second, each page then faulted back in by the next answers (issue 47 §2).
    static let trimQuietNanoseconds: UInt64 = 1_000_000_000

    public init(limit: Int) {
        self.limit = limit
        refusalHeadroom = min(limit / 8, 1 << 20)
    }

    /// Charges `bytes` if they fit under the limit less the refusals' headroom; false (and
    /// nothing charged) otherwise.
    func reserve(_ bytes: Int) -> Bool {
        reserve(bytes, upTo: limit - refusalHeadroom, counted: true)
    }

    /// Charges the bytes of a refusal (a 503 answer) if they fit under the whole limit.
    func reserveRefusal(_ bytes: Int) -> Bool {
        reserve(bytes, upTo: limit, counted: false)
    }

    private func reserve(_ bytes: Int, upTo ceiling: Int, counted: Bool) -> Bool {
        guard bytes > 0 else { return true }
        var current = charged.load(ordering: .relaxed)
        while true {
            guard current + bytes <= ceiling else {
                if counted { refusals.add(1, ordering: .relaxed) }
                return false
            }
            let (exchanged, original) = charged.compareExchange(
                expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged {
                notePeak(current + bytes)
                return true
            }
            current = original
        }
    }

    /// Gives back `bytes` charged earlier (never more than was charged).
    func refund(_ bytes: Int) {
        guard bytes > 0 else { return }
        charged.subtract(bytes, ordering: .relaxed)
    }

    /// Bytes charged now.
    public var inUse: Int { charged.load(ordering: .relaxed) }
    /// The most bytes charged at once since start.
    public var highWater: Int { peak.load(ordering: .relaxed) }
    /// Reservations refused since start.
    public var refused: Int { refusals.load(ordering: .relaxed) }

    /// True once after each burst: when at least `trimAfterBytes` were charged at some point
    /// and no more than `trimWhenBelowBytes` has been charged at any moment for the last
    /// `trimQuietNanoseconds`. The caller then returns freed heap memory to the kernel
    /// (malloc_trim); without it, glibc keeps a burst's pages for ever. Called by every loop's
    /// sweep; `now` is the monotonic clock in nanoseconds.
    func claimTrim(now: UInt64) -> Bool {
        let recent = max(peakSinceLook.exchange(0, ordering: .relaxed), inUse)
        if recent > Self.trimWhenBelowBytes {
            lastBusy.store(now, ordering: .relaxed)
            return false
        }
        guard now &- lastBusy.load(ordering: .relaxed) >= Self.trimQuietNanoseconds,
            peakSinceTrim.load(ordering: .relaxed) >= Self.trimAfterBytes
        else { return false }
        let previous = peakSinceTrim.exchange(0, ordering: .relaxed)
        return previous >= Self.trimAfterBytes
    }

    private func notePeak(_ total: Int) {
        raise(peakSinceTrim, to: total)
        raise(peakSinceLook, to: total)
        raise(peak, to: total)
    }

    private func raise(_ value: borrowing Atomic<Int>, to total: Int) {
        var seen = value.load(ordering: .relaxed)
        while total > seen {
            let (exchanged, original) = value.compareExchange(expected: seen, desired: total, ordering: .relaxed)
            if exchanged { return }
            seen = original
        }
    }
}
