import LoupeGeometry

#if canImport(Glibc)
    import Glibc
#endif

/// Sources that changed while the card was moving: the card is drawn as a mix of the old
/// source's geometry and the new one's, the new one's share rising from 0 along a critically
/// damped spring at the zoom's own frequency. The share and its rate both start at 0, so the
/// card's position and velocity carry on without a jump, and it has reached the new source
/// (within the zoom's ε of 0.001) after `settlingTime`.
///
/// Changes chain: a second change while the first still settles mixes toward the newest source
/// from whatever mix was drawn, so that one stays continuous too.
struct SourceBlend: Sendable, Hashable {
    /// One change: the generation it made current and when.
    struct Change: Sendable, Hashable {
        var generation: Int
        var since: Double

        /// The new source's share at `time`: 1 − (1 + ωτ)·e^(−ωτ), exactly 1 once settled.
        func share(at time: Double) -> Double {
            let tau = time - since
            guard tau > 0 else { return 0 }
            guard tau < SourceBlend.settlingTime else { return 1 }
            let x = SourceBlend.naturalFrequency * tau
            return 1 - (1 + x) * exp(-x)
        }
    }

    /// The generation drawn before the first change.
    var base: Int
    /// The changes still settling, oldest first.
    var changes: [Change]

    static let naturalFrequency = Spring.zoom.naturalFrequency
    /// Seconds until the share is within 0.001 of 1: (1 + x)·e^(−x) = 0.001 at x ≈ 9.233.
    static let settlingTime = 9.233 / naturalFrequency

    /// Every generation the mix draws, oldest first.
    var generations: [Int] { [base] + changes.map(\.generation) }

    /// True while `time` is within the mix.
    func covers(_ time: Double) -> Bool {
        guard let last = changes.last else { return false }
        return time < last.since + Self.settlingTime
    }

    /// The mix after one more change at `time`: changes already settled then are folded into
    /// the base, since they no longer move the card.
    func adding(generation: Int, at time: Double) -> SourceBlend {
        var blend = self
        while let first = blend.changes.first, first.share(at: time) >= 1 {
            blend.base = first.generation
            blend.changes.removeFirst()
        }
        blend.changes.append(Change(generation: generation, since: time))
        return blend
    }

    /// The frame at `time`: `frame(generation)` for each generation, mixed oldest to newest.
    func frame(at time: Double, _ frame: (Int) -> FrameState?) -> FrameState? {
        guard var mixed = frame(base) else { return nil }
        for change in changes {
            let share = change.share(at: time)
            guard share > 0 else { continue }
            guard let next = frame(change.generation) else { return nil }
            mixed = share >= 1 ? next : mixed.mixed(with: next, share: share)
        }
        return mixed
    }
}
