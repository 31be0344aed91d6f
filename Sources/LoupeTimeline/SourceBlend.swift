import LoupeGeometry

#if canImport(Glibc)
import Glibc
#endif

/// A source that changed while the card was moving: the card is drawn as a mix of the old
/// source's geometry and the new one's, the new one's share rising from 0 along a critically
/// damped spring at the zoom's own frequency. The share and its rate both start at 0, so the
/// card's position and velocity carry on without a jump, and it has reached the new source
/// (within the zoom's ε of 0.001) after `settlingTime`.
struct SourceBlend: Sendable, Hashable {
    /// The generation drawn before the change.
    var from: Int
    /// When the source changed (timeline seconds).
    var since: Double

    static let naturalFrequency = Spring.zoom.naturalFrequency
    /// Seconds until the share is within 0.001 of 1: (1 + x)·e^(−x) = 0.001 at x ≈ 9.233.
    static let settlingTime = 9.233 / naturalFrequency

    /// The new source's share at `time`: 1 − (1 + ωτ)·e^(−ωτ), exactly 1 once settled.
    func share(at time: Double) -> Double {
        let tau = time - since
        guard tau > 0 else { return 0 }
        guard tau < Self.settlingTime else { return 1 }
        let x = Self.naturalFrequency * tau
        return 1 - (1 + x) * exp(-x)
    }

    /// True while `time` is within the mix.
    func covers(_ time: Double) -> Bool { time < since + Self.settlingTime }
}
