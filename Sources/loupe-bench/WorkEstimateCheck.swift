import Foundation
import LoupeJSON
import LoupePlanner
import LoupeService

/// `loupe-bench --work-estimates`: each plan the event loop may build, timed whole (the body
/// read into a tape, the plan, the rendering) beside `PlanEndpoint.estimatedWork`, so the
/// estimate's unit costs are checked to stay above what the work really costs on this machine
/// (issue 34 §1; docs/benchmarks.md, "Where work runs"). A ratio over 1 among the requests
/// estimated within `InlineWork.ceiling` is an estimate that is low: the loop could be
/// held longer than the ceiling. Above the ceiling the work goes to the pool whatever its ratio.
enum WorkEstimateCheck {
    static func run(quick: Bool) {
        let runner = BenchmarkRunner(samples: quick ? 3 : 9, sampleSeconds: quick ? 0.002 : 0.02)
        var worst = 0.0
        var worstInline = 0.0
        var inline = 0
        print("request".padding(toLength: 58, withPad: " ", startingAt: 0) + " keyframes   estimate µs   measured µs   ratio")
        for request in requests(quick: quick) {
            for format in [RenderingFormat.json, .svg, .viewTransition, .lottie] {
                let body = Array(request.body.utf8)
                guard let document = try? RequestDocument.parse(body) else { continue }
                let estimate = PlanEndpoint.estimatedWork(of: document, bodyBytes: body.count, as: format)
                guard estimate.microseconds.isFinite else { continue }
                let result = runner.measure(
                    Benchmark(name: "\(request.name) as \(format.rawValue)") { iterations in
                        var total = 0
                        for _ in 0..<iterations {
                            guard let parsed = try? RequestDocument.parse(body),
                                let answer = try? PlanEndpoint.answer(parsed, as: format, limits: .standard)
                            else { continue }
                            total &+= answer.count
                        }
                        return total
                    })
                let measured = result.medianNanoseconds / 1_000
                let ratio = measured / estimate.microseconds
                worst = max(worst, ratio)
                if InlineWork.fits(estimate) {
                    inline += 1
                    worstInline = max(worstInline, ratio)
                }
                print(
                    result.name.padding(toLength: 58, withPad: " ", startingAt: 0)
                        + String(
                            format: "%10d%14.1f%14.1f%8.2f", PlanEndpoint.estimatedKeyframes(of: document) ?? 0, estimate.microseconds,
                            measured, ratio))
            }
        }
        print(
            String(
                format:
                    "worst measured/estimate: %.2f over all, %.2f over the %d estimated within the %.0f µs ceiling (built on the loop; over 1 there: an estimate below the work)",
                worst, worstInline, inline, InlineWork.ceiling.microseconds))
    }

    /// Pushes, presentations and popovers over a range of springs and frame rates, from a few
    /// keyframes to the sampler's 2,400, with and without the options that add layers.
    static func requests(quick: Bool) -> [(name: String, body: String)] {
        let responses = quick ? [0.5, 2.0] : [0.3, 0.5, 1.0, 2.0, 4.0]
        let rates = quick ? [60.0, 240.0] : [30.0, 60.0, 120.0, 240.0]
        var requests: [(String, String)] = []
        for response in responses {
            for rate in rates {
                requests.append(
                    (
                        "push r\(response) \(Int(rate)) fps",
                        """
                        {"transition":"push","container":{"width":393,"height":852,"cornerRadius":55},\
                        "source":{"frame":{"x":16,"y":120,"width":110,"height":110},"cornerRadius":8},\
                        "destination":{"frame":{"x":0,"y":0,"width":393,"height":852}},\
                        "animation":{"frameRate":\(rate),"spring":{"response":\(response),"dampingRatio":0.8}}}
                        """
                    ))
                requests.append(
                    (
                        "present crossfade blur r\(response) \(Int(rate)) fps",
                        """
                        {"transition":"present","container":{"width":393,"height":852,"cornerRadius":55},\
                        "source":{"frame":{"x":138,"y":300,"width":117,"height":176},"cornerRadius":12},\
                        "destination":{"frame":{"x":0,"y":0,"width":393,"height":852},"presentationStyle":"fullScreen"},\
                        "animation":{"frameRate":\(rate),"spring":{"response":\(response),"dampingRatio":0.7}},\
                        "options":{"backgroundMode":"crossfade","dimmingVisualEffect":"systemMaterial"}}
                        """
                    ))
                requests.append(
                    (
                        "popover r\(response) \(Int(rate)) fps",
                        """
                        {"transition":"present","container":{"width":393,"height":852},\
                        "source":{"frame":{"x":16,"y":120,"width":110,"height":110},"cornerRadius":8},\
                        "destination":{"frame":{"x":40,"y":200,"width":300,"height":400},"presentationStyle":"popover"},\
                        "animation":{"frameRate":\(rate),"spring":{"response":\(response),"dampingRatio":1}}}
                        """
                    ))
            }
        }
        return requests
    }
}

/// `loupe-bench --rendering-costs`: each rendering timed alone (the answer computed once, the
/// fit remembered, so css and waapi are timed without it) beside its size and its estimated size
/// (what is known before rendering), in microseconds per estimated byte: the unit cost
/// `WorkEstimate.renderingPerByte` must stay above (issue 34 §4). The last column, the estimate
/// over the measured time, must stay at or above 1 for large answers.
enum RenderingCostCheck {
    static func run(quick: Bool) {
        let runner = BenchmarkRunner(samples: quick ? 3 : 7, sampleSeconds: quick ? 0.002 : 0.02)
        print(
            "rendering".padding(toLength: 58, withPad: " ", startingAt: 0)
                + "     bytes  estimated   median µs  µs/estimated byte  estimate/measured")
        func time<Endpoint: RenderedEndpoint>(_ endpoint: Endpoint.Type, _ name: String, _ body: String, _ format: RenderingFormat) {
            guard let document = try? RequestDocument.parse(Array(body.utf8)), let answer = try? Endpoint.compute(document) else {
                print("\(name): does not compute")
                return
            }
            let bytes = Endpoint.render(answer, as: format).count
            let estimated = Endpoint.estimatedBytes(of: answer, as: format)
            let result = runner.measure(
                Benchmark(name: "\(name) as \(format.rawValue)") { iterations in
                    var total = 0
                    for _ in 0..<iterations { total &+= Endpoint.render(answer, as: format).count }
                    return total
                })
            let micros = result.medianNanoseconds / 1_000
            let work = Endpoint.estimatedRenderingWork(of: answer, bytes: estimated, as: format)
            print(
                result.name.padding(toLength: 58, withPad: " ", startingAt: 0)
                    + String(
                        format: "%10d%11d%12.1f%19.4f%19.2f", bytes, estimated, micros, micros / Double(estimated),
                        work.microseconds / micros))
        }
        for request in WorkEstimateCheck.requests(quick: true) {
            for format in PlanEndpoint.formats { time(PlanEndpoint.self, request.name, request.body, format) }
        }
        for pushes in quick ? [100] : [100, 300, 700, 1_500] {
            let events = (0..<pushes).map { #"{"time":\#(Double($0) / 1000),"type":"push","viewController":"v\#($0)"}"# }
            let body = #"{"stack":["root"],"events":["# + events.joined(separator: ",") + "]}"
            for format in LifecycleEndpoint.formats { time(LifecycleEndpoint.self, "lifecycle \(pushes) pushes", body, format) }
        }
    }
}
