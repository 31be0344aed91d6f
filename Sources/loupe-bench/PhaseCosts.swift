import Foundation
import LoupeJSON
import LoupePlanner

/// `loupe-bench --phases ROUTE FILE`: where one request's CPU goes, phase by phase (the body
/// read into a tape, the decoding, the engine with its checks, the rendering), each the median
/// of several runs, so a refusal's cost can be traced to the phase that pays it (issue 42 §2:
/// "every refusal costs at most 20 ms"). ROUTE is plans, lifecycle or timelines.
enum PhaseCosts {
    static func run(route: String, path: String, format: RenderingFormat) {
        guard let data = FileManager.default.contents(atPath: path) else {
            print("cannot read \(path)")
            exit(2)
        }
        let body = [UInt8](data)
        switch route {
        case "plans": measure(PlanEndpoint.self, body: body, format: format)
        case "lifecycle": measure(LifecycleEndpoint.self, body: body, format: format)
        case "timelines": measure(TimelineEndpoint.self, body: body, format: format)
        default:
            print("ROUTE is plans, lifecycle or timelines, not \(route)")
            exit(2)
        }
    }

    private static func measure<Endpoint: RenderedEndpoint>(_ endpoint: Endpoint.Type, body: [UInt8], format: RenderingFormat) {
        print("\(body.count) bytes of body")
        let tape = median { _ = try? RequestDocument.parse(body) }
        report("read into a tape", tape)
        guard let document = try? RequestDocument.parse(body) else { return print("not JSON") }
        let scan = median { try? Endpoint.screen(document, as: format, limits: .standard) }
        report("screened before decoding", scan)
        do {
            try Endpoint.screen(document, as: format, limits: .standard)
        } catch {
            return print("refused before decoding: \(error.kind.rawValue): \(error.detail)")
        }
        let decode = median { _ = try? Endpoint.decode(document) }
        report("decoded", decode)
        let request: Endpoint.Request
        do {
            request = try Endpoint.decode(document)
        } catch {
            return print("refused when decoded: \(error.kind.rawValue)")
        }
        let answer = median { _ = try? Endpoint.answer(request, as: format, limits: .standard) }
        report("computed, checked and rendered", answer)
        do {
            let bytes = try Endpoint.answer(request, as: format, limits: .standard)
            print("answered: \(bytes.count) bytes")
        } catch {
            print("refused: \(error.kind.rawValue): \(error.detail)")
        }
    }

    private static func report(_ phase: String, _ seconds: Double) {
        print(phase.padding(toLength: 48, withPad: " ", startingAt: 0) + String(format: "%9.2f ms", seconds * 1_000))
    }

    /// The median wall time of 7 runs of `work` (a phase of tens of milliseconds: no batching).
    private static func median(_ work: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<7 {
            let start = DispatchTime.now().uptimeNanoseconds
            work()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.sorted()[3]
    }
}
