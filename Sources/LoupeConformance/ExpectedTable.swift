import LoupeGeometry

/// The expected card sampled densely (every `step` seconds from 0 to the end), read between
/// samples by straight lines: what the alignment searches and the travel times cross, where
/// thousands of evaluations of the engine per candidate offset would cost too much. The frames
/// themselves are compared with the engine at their exact times (`ExpectedMotion.sample(at:)`);
/// at a millisecond's step the lines are within a hundredth of a point of the curve for any
/// spring the API accepts.
struct ExpectedTable {
    let motion: ExpectedMotion
    let step: Double
    let samples: [CardSample]
    let duration: Double

    /// At most this many samples: a step of 1 ms up to 4 s of motion, coarser beyond.
    static let maximumSamples = 4_000

    init(_ motion: ExpectedMotion) {
        self.motion = motion
        duration = motion.duration
        let step = max(0.001, motion.duration / Double(Self.maximumSamples - 1))
        self.step = step
        let count = Int((motion.duration / step).rounded(.up)) + 1
        var samples: [CardSample] = []
        samples.reserveCapacity(count + 1)
        for k in 0..<count { samples.append(motion.sample(at: min(Double(k) * step, motion.duration))) }
        samples.append(motion.sample(at: motion.duration))
        self.samples = samples
    }

    func time(at index: Int) -> Double { min(Double(index) * step, duration) }

    /// `quantity` at `time`, clamped to the table's span.
    func value(_ quantity: Quantity, at time: Double) -> Double {
        let position = min(max(time, 0), duration) / step
        let index = min(Int(position), samples.count - 2)
        let fraction = min(1, position - Double(index))
        let start = quantity.value(in: samples[index]) ?? 0
        let end = quantity.value(in: samples[index + 1]) ?? 0
        return start + (end - start) * fraction
    }

    /// The first time at which `distance` of a sample reaches `level`, between samples by a
    /// straight line; nil when it never does.
    func firstTime(where distance: (CardSample) -> Double, reaches level: Double) -> Double? {
        var previous = distance(samples[0])
        if previous >= level { return 0 }
        for index in 1..<samples.count {
            let current = distance(samples[index])
            if current >= level {
                return Crossing.time(time(at: index - 1), previous, time(at: index), current, level: level)
            }
            previous = current
        }
        return nil
    }

    /// `firstTime`, then refined on the engine itself between the two samples that bracket it
    /// (bisection, to a microsecond): near a spring's start distance grows with the square of
    /// time, where a straight line between samples a millisecond apart is off by a few hundredths
    /// of a point.
    func exactFirstTime(where distance: (CardSample) -> Double, reaches level: Double) -> Double? {
        guard let rough = firstTime(where: distance, reaches: level) else { return nil }
        var low = max(0, rough - step)
        var high = min(duration, rough + step)
        guard distance(motion.sample(at: low)) < level else { return rough }
        guard distance(motion.sample(at: high)) >= level else { return rough }
        while high - low > 1e-6 {
            let middle = (low + high) / 2
            if distance(motion.sample(at: middle)) >= level { high = middle } else { low = middle }
        }
        return (low + high) / 2
    }

    /// The last time at which `distance` is still above `level` before staying under it, between
    /// samples by a straight line; 0 when it never is above.
    func lastTime(where distance: (CardSample) -> Double, isAbove level: Double) -> Double {
        guard let last = samples.lastIndex(where: { distance($0) > level }) else { return 0 }
        guard last + 1 < samples.count else { return duration }
        return Crossing.time(time(at: last), distance(samples[last]), time(at: last + 1), distance(samples[last + 1]), level: level)
    }
}

/// Where a straight line between two samples crosses a level.
enum Crossing {
    static func time(_ t0: Double, _ v0: Double, _ t1: Double, _ v1: Double, level: Double) -> Double {
        guard v1 != v0 else { return t1 }
        let fraction = min(1, max(0, (level - v0) / (v1 - v0)))
        return t0 + (t1 - t0) * fraction
    }
}
