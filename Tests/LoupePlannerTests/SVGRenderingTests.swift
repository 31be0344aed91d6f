import Foundation
import LoupeJSON
import LoupePlanner
import Testing

/// `format=svg`: well-formed SVG (parsed as XML), labelled, and rendered to PNG by librsvg
/// (scripts/test installs rsvg-convert) into artifacts/renderings/ for a person to look at.
@Suite("SVG renderings")
struct SVGRenderingTests {
    @Test("every plan renders as well-formed SVG with a filmstrip and a progress curve", arguments: RenderingFixture.planBodies.map(\.name))
    func planSVG_isWellFormed(name: String) throws {
        let body = try #require(RenderingFixture.planBodies.first { $0.name == name }?.body)
        let svg = SVGChecker(try RenderingFixture.plan(body, as: .svg))
        #expect(svg.error == nil, "\(name): \(svg.error ?? "")")
        #expect(svg.root == "svg")
        #expect(svg.elements["polyline"] == 1, "one progress curve")
        #expect((svg.elements["clipPath"] ?? 0) >= 2, "the overview and at least one frame")
        #expect(svg.texts.contains { $0.hasPrefix("t = 0 s") }, "the first frame is labelled with its time")
        #expect(svg.texts.contains("time (s)") && svg.texts.contains("progress"))
    }

    @Test("every lifecycle example renders one lane per view controller", arguments: RenderingFixture.lifecycleExamples)
    func lifecycleSVG_hasALanePerViewController(name: String) throws {
        let body = RenderingFixture.example(name)
        let svg = SVGChecker(try RenderingFixture.lifecycle(body, as: .svg))
        #expect(svg.error == nil, "\(name): \(svg.error ?? "")")
        let trace = try JSONReader.parse(try LifecycleEndpoint.answer(body: body))["trace"]?.array ?? []
        let names = Set(
            trace.compactMap { entry -> String? in
                if case .string(let name)? = entry["viewController"] { return name }
                return nil
            })
        for name in names { #expect(svg.texts.contains(name), "a lane for \(name)") }
        #expect(svg.texts.contains { $0.hasPrefix("run loop ") })
        #expect(svg.texts.contains("viewWillAppear"))
    }

    @Test("view-controller names that are markup or control characters cannot break the XML")
    func hostileNames_areEscaped() throws {
        let hostile = #"<b>&amp;\"x\"' ]]> \u0001\u001f\uffff"#
        let body = #"{"stack":["\#(hostile)"],"events":[{"time":0,"type":"push","viewController":"</svg><script>"},{"time":1,"type":"pop"}]}"#
        let svg = SVGChecker(try RenderingFixture.lifecycle(Array(body.utf8), as: .svg))
        #expect(svg.error == nil, "\(svg.error ?? "")")
        #expect(svg.texts.contains("</svg><script>"))
        #expect(svg.elements["script"] == nil)
    }

    @Test("an empty script still draws a labelled picture")
    func emptyScript_isStillAPicture() throws {
        let svg = SVGChecker(try RenderingFixture.lifecycle(Array(#"{"stack":["root"],"events":[]}"#.utf8), as: .svg))
        #expect(svg.error == nil)
        #expect(svg.texts.contains("The script produced no trace entries."))
    }

    @Test(
        "the push filmstrip and the interrupted-push swimlane render to PNG with librsvg",
        .enabled(if: RSVG.isAvailable, "rsvg-convert is not installed (scripts/test installs librsvg2-bin)"))
    func svgs_renderToPNG() throws {
        let renderings: [(String, [UInt8])] = [
            ("plan-push", try RenderingFixture.plan(RenderingFixture.example("push.json"), as: .svg)),
            (
                "plan-crossfade-arc",
                try RenderingFixture.plan(try #require(RenderingFixture.planBodies.first { $0.name == "crossfade-arc" }?.body), as: .svg)
            ),
            ("plan-tvos-fallback", try RenderingFixture.plan(RenderingFixture.example("tvos-fallback.json"), as: .svg)),
            ("lifecycle-interrupted-push", try RenderingFixture.lifecycle(RenderingFixture.example("lifecycle-interrupted-push.json"), as: .svg)),
            ("lifecycle-cancelled-pop", try RenderingFixture.lifecycle(RenderingFixture.example("lifecycle-cancelled-pop.json"), as: .svg))
        ]
        for (name, svg) in renderings {
            let png = try RSVG.render(svg, name: name)
            let bytes = try Data(contentsOf: png)
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name) is a PNG")
            #expect(bytes.count > 10_000, "\(name) has content")
        }
    }
}

/// rsvg-convert (Debian's librsvg2-bin), run as a process.
enum RSVG {
    static let path = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var isAvailable: Bool { path != nil }

    /// Writes `svg` and its PNG to artifacts/renderings/ and returns the PNG's URL.
    static func render(_ svg: [UInt8], name: String) throws -> URL {
        let directory = RenderingFixture.examples.deletingLastPathComponent().appendingPathComponent("artifacts/renderings")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let source = directory.appendingPathComponent(name + ".svg"), png = directory.appendingPathComponent(name + ".png")
        try Data(svg).write(to: source)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path ?? "rsvg-convert")
        process.arguments = ["--format", "png", "--output", png.path, source.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw RSVGError(status: process.terminationStatus, name: name) }
        return png
    }

    struct RSVGError: Error { var status: Int32; var name: String }
}
