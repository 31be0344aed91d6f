import Foundation
import LoupeJSON
import LoupePlanner

/// `loupe-bench --conformance`: conformance requests at the route's limits (2,400 frames at 60
/// and 240 Hz, every alignment, a plan's and a timeline's expected side) timed whole beside the
/// comparison's work estimate plus the expected side's own, so the unit costs in
/// `ConformanceEndpoint+Work.swift` are checked to stay above what the work costs on this machine
/// (docs/benchmarks.md, "Conformance"). A ratio over 1 is an estimate that is low.
enum ConformanceCostCheck {
    static func run(quick: Bool) {
        let runner = BenchmarkRunner(samples: quick ? 3 : 9, sampleSeconds: quick ? 0.002 : 0.05)
        print("request".padding(toLength: 52, withPad: " ", startingAt: 0) + "   frames   estimate µs   measured µs   ratio")
        var worst = 0.0
        for (name, expected, expectedWork) in expectations() {
            for (rate, count) in quick ? [(60.0, 120)] : [(60.0, 60), (60.0, 2_400), (240.0, 2_400)] {
                for alignment in ["firstMotion", "none", "best"] {
                    let body = Array(request(expected, rate: rate, frames: count, alignment: alignment).utf8)
                    guard let document = try? RequestDocument.parse(body), let answer = try? ConformanceEndpoint.compute(document) else {
                        print("\(name): the request was refused")
                        continue
                    }
                    let estimate = answer.comparisonWork.microseconds + expectedWork + WorkEstimate.reading(bodyBytes: body.count).microseconds
                    let result = runner.measure(
                        Benchmark(name: "\(name), \(Int(rate)) Hz, \(alignment)") { iterations in
                            var total = 0
                            for _ in 0..<iterations {
                                guard let parsed = try? RequestDocument.parse(body), let answer = try? ConformanceEndpoint.compute(parsed)
                                else { continue }
                                total &+= answer.verdict.checks.count
                            }
                            return total
                        })
                    let measured = result.medianNanoseconds / 1_000
                    worst = max(worst, measured / estimate)
                    print(
                        result.name.padding(toLength: 52, withPad: " ", startingAt: 0)
                            + String(format: "%9d%14.1f%14.1f%8.2f", count, estimate, measured, measured / estimate))
                }
            }
        }
        print(String(format: "largest ratio of measured to estimated CPU: %.2f (over 1 is an estimate that is low)", worst))
    }

    /// The expected bodies, with their own estimated work (µs).
    static func expectations() -> [(name: String, body: String, work: Double)] {
        let plan =
            #"{"transition":"push","container":{"width":393,"height":852,"cornerRadius":55},"source":{"frame":{"x":16,"y":120,"width":110,"height":110},"cornerRadius":8},"destination":{"frame":{"x":0,"y":0,"width":393,"height":852}}}"#
        let timeline =
            #"{"container":{"width":393,"height":852,"cornerRadius":55},"source":{"frame":{"x":16,"y":120,"width":110,"height":110},"cornerRadius":8},"initial":"pushed","events":[{"time":0,"type":"touchesBegan","gesture":"pan","touches":[{"x":200,"y":300}]},{"time":0.05,"type":"touchesMoved","touches":[{"x":205,"y":380}]},{"time":0.1,"type":"touchesMoved","touches":[{"x":210,"y":480}]},{"time":0.1,"type":"touchesEnded"}]}"#
        var found: [(String, String, Double)] = []
        if let document = try? RequestDocument.parse(Array(plan.utf8)) {
            found.append(("push plan", plan, PlanEndpoint.estimatedWork(of: document, bodyBytes: 0, as: .json).microseconds))
        }
        if let document = try? RequestDocument.parse(Array(timeline.utf8)), let request = try? TimelineEndpoint.decode(document) {
            found.append(("swipe-down timeline", timeline, TimelineEndpoint.estimatedSimulationWork(of: request.script).microseconds))
        }
        return found
    }

    /// A recording of `frames` frames at `rate` whose card moves from the thumbnail to the page
    /// over the first 0.5 s and then holds (a plausible player, not the plan itself: the cost does
    /// not depend on what was recorded), with callbacks none.
    static func request(_ expected: String, rate: Double, frames: Int, alignment: String) -> String {
        var list: [String] = []
        list.reserveCapacity(frames)
        for index in 0..<frames {
            let time = Double(index) / rate
            let p = min(1, max(0, (time - 0.05) / 0.5))
            let eased = 1 - (1 - p) * (1 - p)
            let x = 16 * (1 - eased), y = 120 * (1 - eased)
            let width = 110 + (393 - 110) * eased, height = 110 + (852 - 110) * eased
            list.append(
                String(
                    format:
                        #"{"time":%.5f,"card":{"x":%.3f,"y":%.3f,"width":%.3f,"height":%.3f},"cornerRadius":%.2f,"dimming":%.3f,"sourceContent":%.3f}"#,
                    time, x, y, width, height, 8 + 47 * eased, 0.15 * eased, 1 - eased))
        }
        let route = expected.contains("\"events\"") ? "timeline" : "plan"
        return #"{"expected":{""# + route + #"":"# + expected + #"},"observed":{"frames":["# + list.joined(separator: ",")
            + #"]},"alignment":""# + alignment + #""}"#
    }
}
