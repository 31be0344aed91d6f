import Foundation
import LoupeGeometry
import LoupeTestSupport
import LoupeTimeline

/// Reading keyframes back: the numbers a renderer moves, and their continuity at an instant.
enum Measure {
    /// The visual numbers that must move continuously: mask centre, size and radius, and the
    /// content transform's four matrix entries and translation.
    static func values(_ k: Keyframe) -> [Double] {
        [
            k.mask.rect.midX, k.mask.rect.midY, k.mask.rect.width, k.mask.rect.height, k.mask.cornerRadius,
            k.transform.a, k.transform.b, k.transform.c, k.transform.d, k.transform.tx, k.transform.ty
        ]
    }

    /// The content transform's uniform scale.
    static func scale(_ k: Keyframe) -> Double { hypot(k.transform.a, k.transform.b) }

    /// The content transform's rotation, radians.
    static func rotation(_ k: Keyframe) -> Double { atan2(k.transform.b, k.transform.a) }

    /// The keyframe at or just before `time`.
    static func frame(_ timeline: Timeline, at time: Double) -> Keyframe? {
        timeline.keyframes.last { $0.time <= time + 1e-9 }
    }

    /// Continuity of the keyframes' visual values through `time` (see `ContinuityGap`).
    static func gap(_ frames: [Keyframe], at time: Double) -> Gap? {
        ContinuityGap(times: frames.map(\.time), samples: frames.map(values), at: time).map(Gap.init)
    }

    /// `ContinuityGap` with this file's value groups: lengths and translations, matrix entries.
    struct Gap {
        var gap: ContinuityGap
        var leftVelocity: [Double] { gap.leftVelocity }
        var rightVelocity: [Double] { gap.rightVelocity }

        func worstPositionGap(floors: [Double]) -> Double { gap.worstPositionGap(floors: floors) }

        func worstVelocityGap(floors: [Double]) -> Double {
            gap.worstVelocityGap(groups: [Measure.lengths, Measure.matrix], floors: floors)
        }
    }

    /// Indices of `values` in points, and of the matrix entries.
    static let lengths = [0, 1, 2, 3, 4, 9, 10]
    static let matrix = [5, 6, 7, 8]

    /// Position floors per value: 1 pt for lengths and translations, 0.01 for matrix entries.
    static let floors: [Double] = [1, 1, 1, 1, 1, 0.01, 0.01, 0.01, 0.01, 1, 1]
    /// Velocity floors: 5 pt/s (under a tenth of a point per 60 Hz frame) and 0.1/s for matrix
    /// entries, so the fit's own error on a nearly still card under a stiff spring is not a jump.
    static let velocityFloors: [Double] = [5, 5, 5, 5, 5, 0.1, 0.1, 0.1, 0.1, 5, 5]

    /// The times of every release, every interruption and every app call that took over a moving
    /// or held card.
    static func handOffs(_ timeline: Timeline) -> [Double] {
        let interrupts = timeline.segments.filter { $0.outcome == .interrupted || $0.outcome == .superseded }.map(\.end)
        return (interrupts + timeline.releases.map(\.time)).sorted()
    }
}
