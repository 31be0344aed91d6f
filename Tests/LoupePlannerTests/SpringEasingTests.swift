import Foundation
import LoupeGeometry
@testable import LoupePlanner
import LoupeRendering
import LoupeTestSupport
import Testing

/// The `linear()` easing of the css and waapi renderings follows the plan's progress within
/// `options.easingTolerance` (default 0.001) everywhere, overshoot included, with the fewest stops
/// the simplification finds, and says how many and how close (issue 14 §2, issue 25 §4).
@Suite("The spring as a bounded CSS linear() (issue 25 §4)")
struct SpringEasingTests {
    static let push = #"{"transition":"push","container":{"width":393,"height":852},"source":{"frame":{"x":16,"y":120,"width":110,"height":110}}"#

    /// The stops of a `linear(y x%, …)` string.
    static func parse(_ text: String) throws -> [(x: Double, y: Double)] {
        let inner = try #require(text.hasPrefix("linear(") && text.hasSuffix(")") ? text.dropFirst(7).dropLast() : nil)
        return try inner.split(separator: ",").map { stop in
            let parts = stop.split(separator: " ").map(String.init)
            let y = try #require(Double(parts[0]))
            let x = try #require(Double(parts[1].dropLast())) / 100
            return (x, y)
        }
    }

    /// The polyline's value at `x`.
    static func evaluate(_ stops: [(x: Double, y: Double)], at x: Double) -> Double {
        guard let upper = stops.firstIndex(where: { $0.x >= x }) else { return stops.last?.y ?? 0 }
        guard upper > 0 else { return stops[0].y }
        let a = stops[upper - 1], b = stops[upper]
        return b.x == a.x ? b.y : a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)
    }

    struct Measured {
        var error: Double
        var stops: Int
        var easing: LinearEasing
        var duration: Double
        /// What the answer-size estimate counts for it (`AnswerSize.easingStop` each).
        var estimatedStops: Int
    }

    /// The easing's largest difference from the spring, measured here at 200,000 points (offset
    /// so that none is one of the generator's samples), from the CSS text as a browser reads it.
    static func measure(_ json: String) throws -> Measured {
        let answer = try PlanEndpoint.compute(try RequestDocument.parse(Array(json.utf8)))
        let easing = SpringEasing.easing(for: answer)
        let stops = try parse(easing.css)
        #expect(stops.first?.x == 0 && stops.last?.x == 1 && stops.last?.y == 1)
        #expect(zip(stops, stops.dropFirst()).allSatisfy { $0.x < $1.x })
        let plan = answer.plan
        let solution = SpringSolution(spring: plan.spring, from: 0, to: 1, initialVelocity: answer.request.scene.animation.initialVelocity)
        // The plan's progress: the spring until the last of the generator's samples, then its snap
        // to rest at 1 (the spring is within its settling threshold of 1 there).
        let samples = min(
            SpringEasing.sampleCounts.upperBound,
            max(SpringEasing.sampleCounts.lowerBound, Int((plan.duration / SpringEasing.sampleSpacing).rounded(.up))))
        let snap = 1 - 1 / Double(samples)
        let last = solution.value(at: snap * plan.duration)
        var worst = 0.0
        var upper = 1
        let points = 200_000
        for index in 0...points {
            let x = min(1, (Double(index) + 0.37) / Double(points))
            let expected = x < snap ? solution.value(at: x * plan.duration) : last + (1 - last) * (x - snap) / (1 - snap)
            while upper < stops.count - 1 && stops[upper].x < x { upper += 1 }
            let a = stops[upper - 1], b = stops[upper]
            let actual = b.x == a.x ? b.y : a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)
            worst = max(worst, abs(actual - expected))
        }
        return Measured(
            error: worst, stops: stops.count, easing: easing, duration: plan.duration, estimatedStops: SpringEasing.stopCountBound(for: answer))
    }

    @Test(
        "the default tolerance is at most 0.001; the default spring's and SwiftUI presets' easings keep it at 200,000 points with fewer than half a 10 ms sampling's points"
    )
    func defaultSpring_keepsTheDefaultTolerance() throws {
        #expect(SpringEasing.defaultTolerance <= 0.001)
        let measured = try Self.measure(Self.push + "}")
        #expect(measured.error <= SpringEasing.defaultTolerance, "worst \(measured.error)")
        #expect(measured.easing.tolerance == SpringEasing.defaultTolerance)
        // What the answer reports is what a denser measurement finds (within the curve between samples).
        #expect(abs(measured.easing.maximumError - measured.error) < 0.0002)
        #expect(measured.stops < 40, "\(measured.stops) stops for the default spring")
        #expect(Double(measured.stops) < Double(Int((measured.duration / 0.01).rounded(.up)) + 1) / 2)
        // SwiftUI's presets too: within the tolerance, with fewer than half a 10 ms sampling's points.
        for spring in ["smooth", "snappy", "bouncy"] {
            let preset = try Self.measure(Self.push + #","animation":{"spring":"\#(spring)"}}"#)
            let tenMillisecondSamples = Int((preset.duration / 0.01).rounded(.up)) + 1
            #expect(preset.error <= SpringEasing.defaultTolerance, "\(spring): worst \(preset.error)")
            #expect(Double(preset.stops) < Double(tenMillisecondSamples) / 2, "\(spring): \(preset.stops) stops, \(tenMillisecondSamples) samples")
        }
    }

    /// The fits are memoised by `FitKey`; a key that let two different numbers compare equal
    /// would hand one spring's easing to another. Every number is compared by its bits.
    @Test("the fit memo's key tells every number apart by its bits, -0 and NaN included")
    func fitKeyComparesBits() throws {
        let answer = try PlanEndpoint.compute(try RequestDocument.parse(Array((Self.push + "}").utf8)))
        let key = SpringEasing.FitKey(answer)
        #expect(key == SpringEasing.FitKey(answer))
        let changes: [(String, (inout SpringEasing.FitKey) -> Void)] = [
            ("response", { $0.spring = Spring(response: $0.spring.response.nextUp, dampingRatio: $0.spring.dampingRatio) }),
            ("damping ratio", { $0.spring = Spring(response: $0.spring.response, dampingRatio: $0.spring.dampingRatio.nextDown) }),
            ("initial velocity -0", { $0.initialVelocity = -0.0 }),
            ("duration", { $0.duration = $0.duration.nextUp }),
            ("tolerance", { $0.tolerance = $0.tolerance.nextUp })
        ]
        for (name, change) in changes {
            var other = key
            change(&other)
            #expect(other != key, "\(name)")
        }
        var nan = key
        nan.tolerance = .nan
        #expect(nan == nan, "the same NaN bits are the same key")
    }

    @Test("a looser tolerance buys fewer stops, a tighter one more, and each is kept")
    func tolerance_tradesStopsForError() throws {
        var counts: [Int] = []
        for tolerance in [0.02, 0.005, 0.001, 0.0002] {
            let measured = try Self.measure(Self.push + #","animation":{"spring":"bouncy"},"options":{"easingTolerance":\#(tolerance)}}"#)
            #expect(measured.error <= tolerance, "tolerance \(tolerance): worst \(measured.error)")
            #expect(measured.easing.maximumError <= tolerance)
            counts.append(measured.stops)
        }
        #expect(counts == counts.sorted() && Set(counts).count == counts.count, "\(counts)")
    }

    @Test(
        "random accepted springs, bouncy and overdamped, fast and slow, with any initial velocity and tolerance: the error stays within the tolerance (seeded)"
    )
    func randomSprings_keepTheTolerance() throws {
        var random = SeededGenerator(seed: 0xEA51_2026)
        var checked = 0
        for _ in 0..<24 {
            let response = random.double(in: 0.05...2)
            let damping = random.chance(0.5) ? random.double(in: 0.1...1) : random.double(in: 1...10)
            let velocity = random.double(in: -40...40)
            let tolerance = random.chance(0.5) ? SpringEasing.defaultTolerance : random.double(in: SpringEasing.toleranceRange)
            let json =
                Self.push
                + #","animation":{"initialVelocity":\#(velocity),"spring":{"response":\#(response),"dampingRatio":\#(damping)}},"options":{"easingTolerance":\#(tolerance)}}"#
            guard let measured = try? Self.measure(json) else { continue }
            checked += 1
            let context = "response \(response) ζ \(damping) v \(velocity) tolerance \(tolerance)"
            #expect(measured.error <= tolerance, "\(context): worst \(measured.error)")
            #expect(measured.easing.maximumError <= tolerance, "\(context): reported \(measured.easing.maximumError)")
            #expect(
                measured.estimatedStops >= measured.stops,
                "\(context): the size estimate counts \(measured.estimatedStops) stops, \(measured.stops) written")
        }
        #expect(checked > 16)
    }

    @Test(
        "random springs as slow as iOS's zoom or slower, at the default tolerance: fewer stops than half of a 10 ms sampling (seeded)"
    )
    func randomSprings_needFewerThanHalfATenMillisecondSampling() throws {
        var random = SeededGenerator(seed: 0x10_2026)
        for _ in 0..<24 {
            // Spring.zoom's response (2π/19 ≈ 0.331 s) and up; faster springs need more (docs/behaviour.md).
            let response = random.double(in: (2 * Double.pi / 19)...1.5)
            let damping = random.chance(0.5) ? random.double(in: 0.3...1) : random.double(in: 1...5)
            let velocity = random.double(in: -5...5)
            let json =
                Self.push + #","animation":{"initialVelocity":\#(velocity),"spring":{"response":\#(response),"dampingRatio":\#(damping)}}}"#
            let measured = try Self.measure(json)
            let tenMillisecondSamples = Int((measured.duration / 0.01).rounded(.up)) + 1
            #expect(measured.error <= SpringEasing.defaultTolerance)
            #expect(
                Double(measured.stops) < Double(tenMillisecondSamples) / 2,
                "response \(response) ζ \(damping) v \(velocity): \(measured.stops) stops, \(tenMillisecondSamples) samples at 10 ms")
        }
    }

    @Test("css carries it as --loupe-easing with its stop count and error, waapi as easing and easingAccuracy")
    func renderings_carryTheEasingAndItsAccuracy() throws {
        let answer = try PlanEndpoint.compute(try RequestDocument.parse(Array((Self.push + #","options":{"easingTolerance":0.002}}"#).utf8)))
        let easing = SpringEasing.easing(for: answer)
        #expect(easing.tolerance == 0.002)
        let css = String(decoding: PlanEndpoint.render(answer, as: .css), as: UTF8.self)
        #expect(css.contains(":root {\n  --loupe-easing: \(easing.css);\n}\n"))
        let error = DecimalText.text(easing.maximumError, places: 6)
        #expect(css.contains("   \(easing.stops.count) stops, at most \(error) from the spring's progress (options.easingTolerance 0.002). */"))
        let waapi = try #require(try JSONSerialization.jsonObject(with: Data(PlanEndpoint.render(answer, as: .waapi))) as? [String: Any])
        #expect(waapi["easing"] as? String == easing.css)
        let accuracy = try #require(waapi["easingAccuracy"] as? [String: Any])
        #expect(accuracy["stops"] as? Int == easing.stops.count)
        #expect(accuracy["tolerance"] as? Double == 0.002)
        #expect(try #require(accuracy["maximumError"] as? Double) <= 0.002)
    }

    @Test("options.easingTolerance outside 0.0001...0.05 or not a number is a 422 at its pointer", arguments: ["0", "0.00001", "0.2", "\"tight\""])
    func badTolerance_isRefusedAtItsPointer(value: String) throws {
        let body = Array((Self.push + #","options":{"easingTolerance":\#(value)}}"#).utf8)
        #expect {
            _ = try PlanEndpoint.compute(try RequestDocument.parse(body))
        } throws: { error in
            (error as? Problem)?.errors.map(\.pointer) == ["/options/easingTolerance"]
        }
    }

    @Test("both simplifications (Ramer–Douglas–Peucker and the greedy walk) keep every sample within the bound")
    func simplifications_keepTheBound() {
        let solution = SpringSolution(spring: .bouncy, from: 0, to: 1)
        let values = (0...2_000).map { solution.value(at: Double($0) / 2_000 * 1.5) }
        for bound in [0.01, 0.001, 0.0001] {
            for indices in [SpringEasing.ramerDouglasPeucker(values, bound: bound), SpringEasing.greedyWalk(values, bound: bound)] {
                #expect(indices.first == 0 && indices.last == values.count - 1)
                for (start, end) in zip(indices, indices.dropFirst()) {
                    let rise = (values[end] - values[start]) / Double(end - start)
                    for index in start...end {
                        #expect(abs(values[start] + rise * Double(index - start) - values[index]) <= bound + 1e-12)
                    }
                }
            }
        }
    }
}
