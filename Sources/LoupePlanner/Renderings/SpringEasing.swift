import LoupeGeometry
import LoupeRendering

/// The plan's progress curve (its spring) as a CSS `linear()` easing function, so a developer can
/// put the iOS spring on any property of their own: `transition-timing-function:
/// var(--loupe-easing)` in CSS, or `easing` in `Element.animate()`.
///
/// The stops are the fewest this finds that keep the polyline within `options.easingTolerance`
/// (default 0.001, a tenth of a percent of the whole 0 → 1 progress) of the spring's closed form.
/// The spring is sampled every half millisecond of the plan's duration (at least 1,000 and at most
/// 20,000 samples); two simplifications of those samples run, and the one with fewer stops wins:
/// Ramer–Douglas–Peucker (split each chord at its farthest sample until every sample is within
/// the bound) and a greedy walk (from each stop, the farthest sample whose chord keeps every sample
/// in between within the bound, found with the cone of slopes the samples allow). Both measure
/// vertical distance: the error of an easing is a difference in progress at the same time. Each
/// inner stop then moves off the curve to balance its two segments' errors (`balanced`), which
/// lets the first bound be 1.9 times the tolerance. The stops are rounded as written and the
/// polyline is measured against the spring at every sample and halfway between; when it misses
/// the tolerance, the bound shrinks in proportion to the miss and the fit runs again. The
/// measured error is reported (`LinearEasing.maximumError`).
enum SpringEasing {
    /// `options.easingTolerance` when the request has none.
    static let defaultTolerance = 0.001
    /// The tolerances a request may ask for: below 0.0001 rounding and the half-millisecond
    /// sampling are no longer small beside the bound; above 0.05 the curve is no longer the spring.
    static let toleranceRange = 0.0001...0.05
    /// Seconds between samples, and the bounds on their count.
    static let sampleSpacing = 0.0005
    static let sampleCounts = 1_000...20_000
    /// The first bound the simplification tries, as a share of the tolerance, and how many
    /// tries it makes.
    private static let firstShare = 1.9
    private static let attempts = 8
    /// Passes over the stops, and bisection steps per stop, when balancing.
    private static let balancingSweeps = 3
    private static let balancingSteps = 14

    /// The easing of `answer`'s journey: progress (0 → 1, the spring's value) over time ÷ duration.
    ///
    /// It depends only on the spring, the start velocity, the duration and the tolerance, and a
    /// fit costs most of a css or waapi answer (about 0.7 ms for the push), so the last few are
    /// remembered (`fits`).
    static func easing(for answer: PlanAnswer) -> LinearEasing {
        let key = FitKey(answer)
        return fits.value(for: key) {
            fit(duration: key.duration, tolerance: key.tolerance) { key.solution.value(at: $0) }
        }
    }

    /// Everything a fit depends on.
    struct FitKey: Equatable, Sendable {
        var spring: Spring
        var initialVelocity: Double
        var duration: Double
        var tolerance: Double

        init(_ answer: PlanAnswer) {
            spring = answer.plan.spring
            initialVelocity = answer.request.scene.animation.initialVelocity
            duration = answer.plan.duration
            tolerance = answer.request.easingTolerance ?? SpringEasing.defaultTolerance
        }

        /// The journey's progress: the spring from 0 to 1.
        var solution: SpringSolution { SpringSolution(spring: spring, from: 0, to: 1, initialVelocity: initialVelocity) }

        /// Every number by its bits, the spring's too, so -0 and NaN cannot alias.
        static func == (lhs: FitKey, rhs: FitKey) -> Bool {
            lhs.spring.response.bitPattern == rhs.spring.response.bitPattern
                && lhs.spring.dampingRatio.bitPattern == rhs.spring.dampingRatio.bitPattern
                && lhs.initialVelocity.bitPattern == rhs.initialVelocity.bitPattern
                && lhs.duration.bitPattern == rhs.duration.bitPattern && lhs.tolerance.bitPattern == rhs.tolerance.bitPattern
        }
    }

    /// The last 16 fits (a few KB each at most), and the last 16 stop-count bounds.
    static let fits = RecentResults<FitKey, LinearEasing>(capacity: 16)
    static let stopCountBounds = RecentResults<FitKey, Int>(capacity: 16)

    /// `easing(for:)` as CSS text.
    static func css(for answer: PlanAnswer) -> String { easing(for: answer).css }

    /// At least as many stops as `easing(for:)` writes, for the answer-size estimate, at a small
    /// share of its cost: the unbalanced greedy walk at the tightest bound the fit tries in
    /// practice, 0.45 × the tolerance (the fit's balanced stops at 1 to 1.9 × the tolerance
    /// follow the curve as closely as on-curve stops at about half that bound; fewer stops for a
    /// looser bound). `AnswerSizeTests` keeps it an upper bound over random requests.
    static func stopCountBound(for answer: PlanAnswer) -> Int {
        let key = FitKey(answer)
        guard key.duration > 0, key.duration.isFinite else { return 2 }
        return stopCountBounds.value(for: key) {
            let solution = key.solution
            let values = samples(duration: key.duration) { solution.value(at: $0) }
            return greedyWalk(values, bound: key.tolerance * estimateShare).count
        }
    }

    private static let estimateShare = 0.45

    /// How many samples a fit of `duration` seconds takes: what its cost follows
    /// (`WorkEstimate.fitPerSample`).
    static func sampleCount(duration: Double) -> Int {
        guard duration.isFinite, duration > 0 else { return sampleCounts.lowerBound }
        return min(sampleCounts.upperBound, max(sampleCounts.lowerBound, Int((duration / sampleSpacing).rounded(.up))))
    }

    /// `progress` every `sampleSpacing` of `duration` (within `sampleCounts`), the last sample the
    /// rest at 1.
    private static func samples(duration: Double, progress: (Double) -> Double) -> [Double] {
        let count = sampleCount(duration: duration)
        return (0...count).map { index in
            index == count ? 1 : progress(duration * Double(index) / Double(count))
        }
    }

    /// The easing of `progress` over `duration` seconds within `tolerance`; the last stop is the
    /// rest at 1.
    static func fit(duration: Double, tolerance: Double, progress: (Double) -> Double) -> LinearEasing {
        guard duration > 0, duration.isFinite else {
            return LinearEasing(stops: [.init(input: 0, output: 0), .init(input: 1, output: 1)], maximumError: 0, tolerance: tolerance)
        }
        let values = samples(duration: duration, progress: progress)
        let count = values.count - 1
        // The curve halfway between samples, where a chord through samples strays farthest. The
        // plan comes to rest at 1 at its end, where the spring is within its settling threshold
        // (0.001) of it: that snap is the plan's own, taken over the last sample interval.
        var midpoints = (0..<count).map { index -> Double in
            let time = duration * (Double(index) + 0.5) / Double(count)
            return progress(time)
        }
        midpoints[count - 1] = (values[count - 1] + 1) / 2
        var best = LinearEasing(stops: [], maximumError: .infinity, tolerance: tolerance)
        // Loosest first: balancing nearly halves a chord's error, so a bound near twice the
        // tolerance often keeps it, with the fewest stops. When it does not, the next bound is
        // this one scaled by how far the error overshot (the error follows the bound closely),
        // so two or three tries suffice.
        var share = firstShare
        for _ in 0..<attempts {
            let bound = tolerance * share
            let peucker = ramerDouglasPeucker(values, bound: bound)
            let walk = greedyWalk(values, bound: bound)
            let indices = walk.count < peucker.count ? walk : peucker
            let outputs = balanced(indices, values: values, reach: bound)
            let easing = rounded(indices, outputs: outputs, values: values, tolerance: tolerance, midpoints: midpoints)
            if easing.maximumError <= tolerance { return easing }
            if easing.maximumError < best.maximumError { best = easing }
            share *= min(0.9, 0.97 * tolerance / easing.maximumError)
        }
        return best
    }

    /// Moves each inner stop's output off the curve, one at a time and a few times over, to where
    /// the larger of its two segments' errors is smallest: a chord through two points of a bent
    /// curve errs on one side only, and lowering or raising its ends by half that error halves
    /// it, so the simplification can run with a looser bound. The first and last stops stay on
    /// the curve (0 and the rest at 1).
    ///
    /// For one stop, each sample's error is `base + shift × weight` (weight 0 to 1, the share of
    /// the stop's move the sample sees): the largest error above the curve grows with the shift
    /// and the largest below shrinks, so the best shift, where the two meet, is found by bisection.
    static func balanced(_ indices: [Int], values: [Double], reach: Double) -> [Double] {
        var outputs = indices.map { values[$0] }
        guard indices.count > 2 else { return outputs }
        var bases: [Double] = []
        var weights: [Double] = []
        for _ in 0..<balancingSweeps {
            for stop in 1..<(indices.count - 1) {
                let (before, at, after) = (indices[stop - 1], indices[stop], indices[stop + 1])
                bases.removeAll(keepingCapacity: true)
                weights.removeAll(keepingCapacity: true)
                for index in (before + 1)..<after {
                    let weight = index <= at ? Double(index - before) / Double(at - before) : Double(after - index) / Double(after - at)
                    let other = index <= at ? outputs[stop - 1] : outputs[stop + 1]
                    bases.append(other + (outputs[stop] - other) * weight - values[index])
                    weights.append(weight)
                }
                func extremes(_ shift: Double) -> (above: Double, below: Double) {
                    var above = -Double.infinity, below = -Double.infinity
                    for index in bases.indices {
                        let error = bases[index] + shift * weights[index]
                        above = max(above, error)
                        below = max(below, -error)
                    }
                    return (above, below)
                }
                var low = -reach, high = reach
                for _ in 0..<balancingSteps {
                    let middle = (low + high) / 2
                    let (above, below) = extremes(middle)
                    if above > below { high = middle } else { low = middle }
                }
                let shift = (low + high) / 2
                let moved = extremes(shift), still = extremes(0)
                if max(moved.above, moved.below) < max(still.above, still.below) { outputs[stop] += shift }
            }
        }
        return outputs
    }

    /// The chosen samples as rounded stops, with the polyline's largest difference from the curve.
    private static func rounded(
        _ indices: [Int], outputs: [Double], values: [Double], tolerance: Double, midpoints: [Double]
    ) -> LinearEasing {
        let count = values.count - 1
        func round(_ value: Double, _ places: Int) -> Double {
            Double(DecimalText.text(value, places: places)) ?? value
        }
        let stops = zip(indices, outputs).map { index, output in
            LinearEasing.Stop(
                input: round(Double(index) / Double(count) * 100, LinearEasing.inputPercentPlaces) / 100,
                output: round(output, LinearEasing.outputPlaces))
        }
        var easing = LinearEasing(stops: stops, maximumError: 0, tolerance: tolerance)
        var worst = 0.0
        var segment = 1
        for index in 0...count {
            let input = Double(index) / Double(count)
            worst = max(worst, abs(value(of: stops, at: input, from: &segment) - values[index]))
            if index < count {
                let halfway = (Double(index) + 0.5) / Double(count)
                worst = max(worst, abs(value(of: stops, at: halfway, from: &segment) - midpoints[index]))
            }
        }
        easing.maximumError = worst
        return easing
    }

    /// The polyline at `input`, walking `segment` forward (inputs are visited in order).
    private static func value(of stops: [LinearEasing.Stop], at input: Double, from segment: inout Int) -> Double {
        while segment < stops.count - 1 && stops[segment].input < input { segment += 1 }
        let low = stops[segment - 1], high = stops[segment]
        guard high.input > low.input else { return high.output }
        let share = min(1, max(0, (input - low.input) / (high.input - low.input)))
        return low.output + (high.output - low.output) * share
    }

    /// Ramer–Douglas–Peucker with vertical distance: the sample indices kept.
    static func ramerDouglasPeucker(_ values: [Double], bound: Double) -> [Int] {
        let last = values.count - 1
        var keep = [Bool](repeating: false, count: values.count)
        keep[0] = true
        keep[last] = true
        var pending = [(0, last)]
        while let (start, end) = pending.popLast() {
            guard end - start > 1 else { continue }
            let rise = (values[end] - values[start]) / Double(end - start)
            var farthest = start, distance = 0.0
            for index in (start + 1)..<end {
                let gap = abs(values[start] + rise * Double(index - start) - values[index])
                if gap > distance { (farthest, distance) = (index, gap) }
            }
            guard distance > bound else { continue }
            keep[farthest] = true
            pending.append((start, farthest))
            pending.append((farthest, end))
        }
        return keep.indices.filter { keep[$0] }
    }

    /// From each stop, the farthest sample whose chord keeps every sample in between within
    /// `bound`: the slopes from the stop that pass within `bound` of every sample so far form a
    /// cone, and a sample is reachable while its own slope lies in the cone of those before it.
    static func greedyWalk(_ values: [Double], bound: Double) -> [Int] {
        let last = values.count - 1
        var indices = [0]
        var start = 0
        while start < last {
            var low = -Double.infinity, high = Double.infinity
            var reach = start + 1
            var index = start + 1
            while index <= last {
                let run = Double(index - start)
                let slope = (values[index] - values[start]) / run
                if slope >= low && slope <= high { reach = index }
                low = max(low, (values[index] - bound - values[start]) / run)
                high = min(high, (values[index] + bound - values[start]) / run)
                if low > high { break }
                index += 1
            }
            indices.append(reach)
            start = reach
        }
        return indices
    }
}
