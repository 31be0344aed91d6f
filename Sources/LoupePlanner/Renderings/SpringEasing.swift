import LoupeGeometry

/// The plan's progress curve (its spring) as a CSS `linear()` easing function, so a developer can
/// put the iOS spring on any property of their own: `transition-timing-function:
/// var(--loupe-easing)` in CSS, or `easing` in `Element.animate()`.
///
/// How the stops are chosen: the spring's closed form is sampled every half millisecond of the
/// plan's duration (at least 1,000 and at most 20,000 samples); from each stop the next is a
/// sample as far on as a binary search finds such that every sample in between lies within 0.4 %
/// (of the whole 0 → 1 progress) of the straight line joining the two. Between samples half a
/// millisecond apart a spring bends too little to matter, so the curve stays within 0.5 %
/// everywhere, overshoot and steep launches included; outputs keep 4 decimals and inputs 3, which
/// adds at most 0.01 %. The default spring needs about 20 stops.
enum SpringEasing {
    /// How far a sample may lie from the line between two stops, in progress units.
    static let tolerance = 0.004
    /// Seconds between samples, and the bounds on their count.
    static let sampleSpacing = 0.0005
    static let sampleCounts = 1_000...20_000

    /// The easing of `answer`'s journey: progress (0 → 1, the spring's value) over time ÷ duration.
    static func css(for answer: PlanAnswer) -> String {
        let plan = answer.plan
        let solution = SpringSolution(
            spring: plan.spring, from: 0, to: 1, initialVelocity: answer.request.scene.animation.initialVelocity)
        return css(stops(duration: plan.duration) { solution.value(at: $0) })
    }

    /// Stops `(input, output)`, input from 0 to 1, that keep the polyline within `tolerance` of
    /// `progress` at every sample; the last stop is the rest at 1.
    static func stops(duration: Double, progress: (Double) -> Double) -> [(input: Double, output: Double)] {
        guard duration > 0, duration.isFinite else { return [(0, 0), (1, 1)] }
        let samples = min(sampleCounts.upperBound, max(sampleCounts.lowerBound, Int((duration / sampleSpacing).rounded(.up))))
        let values = (0...samples).map { index in
            index == samples ? 1 : progress(duration * Double(index) / Double(samples))
        }
        var stops: [(input: Double, output: Double)] = [(0, values[0])]
        var start = 0
        while start < samples {
            // The farthest end a binary search finds whose chord fits (a chord to the next
            // sample always does): O(n log n) over the samples, not O(n²).
            var fitting = start + 1, failing = samples + 1
            while failing - fitting > 1 {
                let middle = (fitting + failing) / 2
                if fits(values, from: start, to: middle) { fitting = middle } else { failing = middle }
            }
            stops.append((Double(fitting) / Double(samples), values[fitting]))
            start = fitting
        }
        return stops
    }

    /// Whether every sample strictly between `from` and `to` is within tolerance of their chord.
    private static func fits(_ values: [Double], from: Int, to: Int) -> Bool {
        let rise = (values[to] - values[from]) / Double(to - from)
        for index in (from + 1)..<to where abs(values[from] + rise * Double(index - from) - values[index]) > tolerance {
            return false
        }
        return true
    }

    /// `linear(0 0%, 0.4512 10.2%, …, 1 100%)`.
    static func css(_ stops: [(input: Double, output: Double)]) -> String {
        let parts = stops.map { "\(DecimalText.text($0.output, places: 4)) \(DecimalText.text($0.input * 100, places: 3))%" }
        return "linear(" + parts.joined(separator: ", ") + ")"
    }
}
