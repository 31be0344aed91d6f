import Foundation
import LoupePlanner
import Testing

/// Requests every rendering test runs over: each example file, and the modes the examples do
/// not reach (crossfade, arc, fallbacks, precision 0, a bouncy spring).
enum RenderingFixture {
    /// The repository's examples/ directory, found from this file's path.
    static let examples: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("examples")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("push.json").path) { return candidate }
        }
        return URL(fileURLWithPath: "examples")
    }()

    static func example(_ name: String) -> [UInt8] {
        (try? Array(Data(contentsOf: examples.appendingPathComponent(name)))) ?? []
    }

    static var planExamples: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix("lifecycle-") && !$0.contains("timeline") && !$0.hasPrefix("conformance-") }.sorted()
    }

    static var lifecycleExamples: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []).filter { $0.hasPrefix("lifecycle-") }.sorted()
    }

    /// Plan request bodies: every example file plus the extra modes.
    static var planBodies: [(name: String, body: [UInt8])] {
        planExamples.map { ($0, example($0)) } + [
            (
                "crossfade-arc",
                Array(Fixture.adding(##""options":{"backgroundMode":"crossfade","motionPath":"arc","dimming":{"color":"#33669980"}}"##).utf8)
            ),
            ("bouncy-precision-0", Array(Fixture.adding(#""animation":{"spring":"bouncy"},"options":{"precision":0}"#).utf8)),
            (
                "pop-slide-rtl",
                Array(#"{"transition":"pop","platform":{"os":"tvOS"},"container":{"width":1920,"height":1080,"layoutDirection":"rightToLeft"}}"#.utf8)
            ),
            (
                "popover",
                Array(
                    #"{"transition":"present","container":{"width":820,"height":1180},"destination":{"frame":{"x":100,"y":200,"width":400,"height":500},"presentationStyle":"popover"}}"#
                        .utf8)
            ),
            (
                "cover-vertical",
                Array(#"{"transition":"dismiss","platform":{"os":"watchOS","version":"10.0"},"container":{"width":205,"height":251}}"#.utf8)
            ),
            ("huge-scale-precision-6", Array(ContractRegressionTests.hugeScale.utf8)),
            (
                "tiny-alignment",
                Array(
                    #"{"transition":"push","container":{"width":393,"height":852},"source":{"frame":{"x":10,"y":10,"width":100,"height":100}},"destination":{"alignmentRect":{"x":0,"y":0,"width":0.000001,"height":0.000001}}}"#
                        .utf8)
            )
        ]
    }

    static func plan(_ body: [UInt8], as format: RenderingFormat) throws -> [UInt8] {
        PlanEndpoint.render(try PlanEndpoint.compute(try RequestDocument.parse(body)), as: format)
    }

    /// A text format's plan rendering of the request `json`.
    static func planText(_ json: String, as format: RenderingFormat) throws -> String {
        String(decoding: try plan(Array(json.utf8), as: format), as: UTF8.self)
    }

    static func lifecycle(_ body: [UInt8], as format: RenderingFormat) throws -> [UInt8] {
        LifecycleEndpoint.render(try LifecycleEndpoint.compute(try RequestDocument.parse(body)), as: format)
    }
}
