import LoupeGeometry

/// The card's motion over a whole timeline, to evaluate at any time: what the keyframes sample
/// at the frame rate, read at the exact instant a caller needs (a recording's frame times, for
/// conformance), so nothing is interpolated between keyframes.
public struct TimelineMotion: Sendable {
    let pieces: [MotionPiece]
    let plans: HostPlans
    /// Seconds from 0 to the end of the motion (the timeline's `duration`).
    public let duration: Double

    /// The keyframe at `time`, clamped to `0...duration`; nil only for a timeline with no motion.
    public func keyframe(at time: Double) -> Keyframe? {
        guard !pieces.isEmpty else { return nil }
        let clamped = min(max(time, 0), duration)
        // The last piece that has started by `clamped` (pieces are in time order).
        var low = 0
        var high = pieces.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if pieces[middle].start <= clamped { low = middle } else { high = middle - 1 }
        }
        return try? KeyframeStream.keyframe(pieces[low], at: clamped, plans: plans)
    }
}
