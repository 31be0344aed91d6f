import Foundation
import LoupeGeometry
@testable import LoupePlanner
import LoupeTestSupport
import Testing

/// The `linear()` easing of the css and waapi renderings follows the plan's progress within
/// 0.5 % everywhere, overshoot included (issue 14 §2).
@Suite("The spring as CSS linear()")
struct SpringEasingTests {
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

    static func worstError(_ json: String) throws -> (error: Double, stops: Int) {
        let answer = try PlanEndpoint.compute(try RequestDocument.parse(Array(json.utf8)))
        let stops = try parse(SpringEasing.css(for: answer))
        #expect(stops.first?.x == 0 && stops.last?.x == 1 && stops.last?.y == 1)
        #expect(zip(stops, stops.dropFirst()).allSatisfy { $0.x < $1.x })
        let plan = answer.plan
        let solution = SpringSolution(spring: plan.spring, from: 0, to: 1, initialVelocity: answer.request.scene.animation.initialVelocity)
        var worst = 0.0
        // Five times denser than the generator's samples, offset so that no point is one of them.
        let points = 100_000
        for index in 0...points {
            let x = min(1, (Double(index) + 0.37) / Double(points))
            let expected = x == 1 ? 1 : solution.value(at: x * plan.duration)
            worst = max(worst, abs(evaluate(stops, at: x) - expected))
        }
        return (worst, stops.count)
    }

    @Test("the default spring's easing stays within 0.5 % of the spring at 100,000 points")
    func examples_stayWithinHalfAPercent() throws {
        let push = #"{"transition":"push","container":{"width":393,"height":852},"source":{"frame":{"x":16,"y":120,"width":110,"height":110}}}"#
        let (error, count) = try Self.worstError(push)
        #expect(error <= 0.005, "worst \(error)")
        #expect(count < 40, "\(count) stops for the default spring")
    }

    @Test("random accepted springs, bouncy and overdamped, with any initial velocity, stay within 0.5 % (seeded)")
    func randomSprings_stayWithinHalfAPercent() throws {
        var random = SeededGenerator(seed: 0xEA51_2026)
        for _ in 0..<40 {
            let response = random.double(in: 0.1...1.5)
            let damping = random.chance(0.5) ? random.double(in: 0.15...1) : random.double(in: 1...5)
            let velocity = random.double(in: -20...20)
            let json =
                #"{"transition":"push","container":{"width":393,"height":852},"source":{"frame":{"x":16,"y":120,"width":110,"height":110}},"animation":{"initialVelocity":\#(velocity),"spring":{"response":\#(response),"dampingRatio":\#(damping)}}}"#
            guard let (error, _) = try? Self.worstError(json) else { continue }
            #expect(error <= 0.005, "response \(response) ζ \(damping) v \(velocity): worst \(error)")
        }
    }

    @Test("css carries it as --loupe-easing and waapi as easing, the same function")
    func renderings_carryTheEasing() throws {
        let push = #"{"transition":"push","container":{"width":393,"height":852},"source":{"frame":{"x":16,"y":120,"width":110,"height":110}}}"#
        let answer = try PlanEndpoint.compute(try RequestDocument.parse(Array(push.utf8)))
        let easing = SpringEasing.css(for: answer)
        let css = String(decoding: PlanEndpoint.render(answer, as: .css), as: UTF8.self)
        #expect(css.contains(":root {\n  --loupe-easing: \(easing);\n}\n"))
        let waapi = try #require(try JSONSerialization.jsonObject(with: Data(PlanEndpoint.render(answer, as: .waapi))) as? [String: Any])
        #expect(waapi["easing"] as? String == easing)
    }
}
