#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import LoupeGeometry

/// The path of one gesture's fingers, from touchesBegan to touchesEnded: straight lines between
/// samples (the simplest path through what was reported, and one whose velocity is defined
/// everywhere but at the samples).
struct TouchTrack: Sendable, Hashable {
    struct Sample: Sendable, Hashable {
        var time: Double
        var touches: [Point]
    }

    var gesture: GestureKind
    var input: TouchInput
    /// Index of the touchesBegan event.
    var began: Int
    /// Index of the touchesEnded event; nil when the script ends with the fingers down.
    var ended: Int?
    var samples: [Sample]
    /// Pinch only: the finger-to-finger angle at each sample, unwrapped so a full turn reads 2π.
    private var angles: [Double] = []

    init(gesture: GestureKind, input: TouchInput, began: Int, ended: Int?, samples: [Sample]) {
        self.gesture = gesture
        self.input = input
        self.began = began
        self.ended = ended
        self.samples = samples
        var angles: [Double] = []
        var previousRaw = 0.0
        for (k, sample) in samples.enumerated() {
            let raw = Self.rawAngle(sample.touches)
            angles.append(k == 0 ? raw : angles[k - 1] + Self.wrapped(raw - previousRaw))
            previousRaw = raw
        }
        self.angles = angles
    }

    var startTouches: [Point] { samples.first?.touches ?? [] }

    // MARK: - Position

    /// Index of the last sample at or before `time` (0 before the first).
    private func sampleIndex(atOrBefore time: Double) -> Int {
        var low = 0, high = samples.count - 1
        guard high > 0 else { return 0 }
        while low < high {
            let mid = (low + high + 1) / 2
            if samples[mid].time <= time { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The segment `time` lies in and how far along it: `(index, fraction)`; fraction 0 at or
    /// after the last sample.
    private func locate(_ time: Double) -> (index: Int, fraction: Double) {
        let j = sampleIndex(atOrBefore: time)
        guard j + 1 < samples.count, time > samples[j].time else { return (j, 0) }
        let span = samples[j + 1].time - samples[j].time
        guard span > 0 else { return (j, 0) }
        return (j, Scalar.unit((time - samples[j].time) / span))
    }

    /// Every touch at `time`, interpolated along the path.
    func touches(at time: Double) -> [Point] {
        guard !samples.isEmpty else { return [] }
        let (j, f) = locate(time)
        guard f > 0 else { return samples[j].touches }
        let a = samples[j].touches, b = samples[j + 1].touches
        return zip(a, b).map { Point.lerp($0, $1, f) }
    }

    /// The first touch (the only one of a swipe) at `time`.
    func point(at time: Double) -> Point { touches(at: time).first ?? .zero }

    /// The centroid of the touches at `time` (a pinch's focal point).
    func centroid(at time: Double) -> Point { Self.centroid(touches(at: time)) }

    /// The distance between the two fingers at `time` (0 for one finger).
    func distance(at time: Double) -> Double { Self.distance(touches(at: time)) }

    /// The unwrapped finger-to-finger angle at `time`, radians.
    func angle(at time: Double) -> Double {
        guard !angles.isEmpty else { return 0 }
        let (j, f) = locate(time)
        let base = angles[min(j, angles.count - 1)]
        guard f > 0 else { return base }
        return base + Self.wrapped(Self.rawAngle(touches(at: time)) - Self.rawAngle(samples[j].touches))
    }

    // MARK: - Velocity

    /// The velocity of the tracked point (first touch, or the pinch centroid) arriving at `time`,
    /// points per second: the slope of the last stretch of path with a positive duration that
    /// ends at or contains `time`. Zero when the finger rested before `time`.
    func velocity(arrivingAt time: Double) -> Point {
        guard let (a, b, span) = stretch(arrivingAt: time) else { return .zero }
        let from = trackedPoint(samples[a].touches), to = trackedPoint(samples[b].touches)
        return Point(x: (to.x - from.x) / span, y: (to.y - from.y) / span)
    }

    /// How fast the finger distance grows arriving at `time`, points per second, over the same
    /// stretch of path as `velocity(arrivingAt:)` (a spread's release projects it).
    func distanceRate(arrivingAt time: Double) -> Double {
        guard let (a, b, span) = stretch(arrivingAt: time) else { return 0 }
        return (Self.distance(samples[b].touches) - Self.distance(samples[a].touches)) / span
    }

    /// The fingers' mean speed arriving at `time`, points per second (each touch's own speed over
    /// the same stretch of path as `velocity(arrivingAt:)`): what quickens a landing (a pinch's
    /// fingers move apart from its centroid, which may hold still).
    func fingerSpeed(arrivingAt time: Double) -> Double {
        guard let (a, b, span) = stretch(arrivingAt: time) else { return 0 }
        let pairs = zip(samples[a].touches, samples[b].touches)
        let speeds = pairs.map { hypot($1.x - $0.x, $1.y - $0.y) / span }
        return speeds.isEmpty ? 0 : speeds.reduce(0, +) / Double(speeds.count)
    }

    /// The samples bounding the last stretch of path with a positive duration that ends at or
    /// contains `time`, and its duration; nil when the finger rested before `time`.
    private func stretch(arrivingAt time: Double) -> (from: Int, to: Int, span: Double)? {
        guard samples.count >= 2 else { return nil }
        let j = sampleIndex(atOrBefore: time)
        var a = j, b = j
        if j + 1 < samples.count, time > samples[j].time, samples[j + 1].time > samples[j].time {
            b = j + 1
        } else {
            // Arriving exactly at sample j (or after the last one): the stretch into the first
            // sample at that instant.
            while b > 0, samples[b - 1].time == samples[j].time { b -= 1 }
            guard b > 0 else { return nil }
            a = b - 1
            while a > 0, samples[a - 1].time == samples[a].time { a -= 1 }
        }
        let span = samples[b].time - samples[a].time
        guard span > 0 else { return nil }
        return (a, b, span)
    }

    private func trackedPoint(_ touches: [Point]) -> Point {
        gesture == .pinch ? Self.centroid(touches) : (touches.first ?? .zero)
    }

    // MARK: - Helpers

    static func centroid(_ touches: [Point]) -> Point {
        guard !touches.isEmpty else { return .zero }
        let n = Double(touches.count)
        return Point(x: touches.map(\.x).reduce(0, +) / n, y: touches.map(\.y).reduce(0, +) / n)
    }

    static func distance(_ touches: [Point]) -> Double {
        guard touches.count >= 2 else { return 0 }
        return hypot(touches[1].x - touches[0].x, touches[1].y - touches[0].y)
    }

    static func rawAngle(_ touches: [Point]) -> Double {
        guard touches.count >= 2 else { return 0 }
        return atan2(touches[1].y - touches[0].y, touches[1].x - touches[0].x)
    }

    /// `angle` brought into (−π, π].
    static func wrapped(_ angle: Double) -> Double {
        guard angle.isFinite else { return 0 }
        var a = angle.truncatingRemainder(dividingBy: 2 * .pi)
        if a > .pi { a -= 2 * .pi }
        if a <= -.pi { a += 2 * .pi }
        return a
    }
}
