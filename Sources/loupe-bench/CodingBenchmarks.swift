import Foundation
import LoupeGeometry
import LoupeHTTP
import LoupePlanner
import LoupeService

/// JSON decoding and encoding, and the whole request-bytes to response-bytes path.
enum CodingBenchmarks {
    /// examples/push.json, minified: the request the load benchmark sends too.
    static let pushRequest = Array(#"{"transition":"push","platform":{"os":"iOS","version":"18.0","framework":"UIKit"},"container":{"width":393,"height":852,"cornerRadius":55},"source":{"frame":{"x":16,"y":120,"width":110,"height":110},"cornerRadius":8},"destination":{"frame":{"x":0,"y":0,"width":393,"height":852},"alignmentRect":{"x":0,"y":0,"width":393,"height":393}},"animation":{"frameRate":60}}"#.utf8)

    static func all() -> [Benchmark] {
        let plan = (try? ZoomPlanner.plan(EngineBenchmarks.pushScene))
        let mirror = plan.map(FoundationPlanMirror.init)
        let encoder = JSONEncoder()
        let application = LoupeApplication(
            configuration: ServiceConfiguration(),
            logger: Logger(level: .off, sink: LogSink(fd: open("/dev/null", O_WRONLY))))
        let httpRequest = Array("POST /v1/plans HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\nContent-Length: \(pushRequest.count)\r\n\r\n".utf8) + pushRequest
        var connection = InProcessConnection(responder: application)

        return [
            Benchmark(name: "decode+validate push request (ours)") { iterations in
                var count = 0
                for _ in 0..<iterations {
                    if let document = try? RequestDocument.parse(pushRequest), let request = try? PlanRequestDecoder.decode(document) {
                        count &+= Int(request.scene.animation.frameRate)
                    }
                }
                return count
            },
            Benchmark(name: "decode push request (Foundation JSONSerialization)") { iterations in
                var count = 0
                let data = Data(pushRequest)
                for _ in 0..<iterations {
                    if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                        count &+= object.count
                    }
                }
                return count
            },
            Benchmark(name: "plan answer bytes from request bytes (planner)") { iterations in
                var count = 0
                for _ in 0..<iterations {
                    count &+= (try? PlanEndpoint.answer(body: pushRequest))?.count ?? 0
                }
                return count
            },
            Benchmark(name: "encode push plan (Foundation JSONEncoder)") { iterations in
                var count = 0
                for _ in 0..<iterations {
                    count &+= (try? encoder.encode(mirror))?.count ?? 0
                }
                return count
            },
            Benchmark(name: "HTTP request bytes to response bytes, in process") { iterations in
                var count = 0
                for _ in 0..<iterations {
                    count &+= connection.send(httpRequest).count
                }
                return count
            },
        ]
    }

    /// Pairs (ours, reference) whose ratio the run prints.
    static let ratios: [(String, String)] = [
        ("plan answer bytes from request bytes (planner)", "encode push plan (Foundation JSONEncoder)"),
        ("decode+validate push request (ours)", "decode push request (Foundation JSONSerialization)"),
    ]
}

/// The plan's keyframes as Codable values, so Foundation's JSONEncoder can encode the same
/// content as Loupe's writer for comparison.
struct FoundationPlanMirror: Encodable {
    struct Frame: Encodable {
        var time: Double
        var progress: Double
        var transform: [Double]
        var mask: [String: Double]
        var opacity: [String: Double]
        var shadow: [String: Double]
        var covered: [Double]
    }

    var effect: String
    var duration: Double
    var frameRate: Double
    var keyframes: [Frame]

    init(_ plan: ZoomPlan) {
        effect = "\(plan.effect)"
        duration = plan.duration
        frameRate = plan.frameRate
        keyframes = plan.keyframes.map { keyframe in
            Frame(
                time: keyframe.time, progress: keyframe.progress, transform: keyframe.transform.values,
                mask: ["x": keyframe.mask.rect.x, "y": keyframe.mask.rect.y, "width": keyframe.mask.rect.width,
                       "height": keyframe.mask.rect.height, "cornerRadius": keyframe.mask.cornerRadius],
                opacity: ["sourceSlot": keyframe.opacity.sourceSlot, "sourceContent": keyframe.opacity.sourceContent,
                          "destination": keyframe.opacity.destination, "dimming": keyframe.opacity.dimming,
                          "background": keyframe.opacity.background],
                shadow: ["radius": keyframe.shadow.radius, "opacity": keyframe.shadow.opacity, "offsetY": keyframe.shadow.offsetY],
                covered: keyframe.covered.values)
        }
    }
}
