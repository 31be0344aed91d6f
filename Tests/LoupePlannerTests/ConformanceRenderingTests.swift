import Foundation
import LoupeJSON
import LoupePlanner
import Testing

/// Issue 43 §3 and §7: the verdict's picture stays bounded for the longest recordings, and still
/// shows a single failing frame among thousands.
@Suite("Conformance renderings")
struct ConformanceRenderingTests {
    /// 2,400 frames at 240 Hz of a card that holds at the page's size, one of them 50 pt off.
    static func body(frames: Int, glitchAt glitch: Int) -> [UInt8] {
        let list = (0..<frames).map { index in
            let x = index == glitch ? 50 : 0
            return #"{"time":\#(Double(index) / 240),"card":{"x":\#(x),"y":0,"width":393,"height":852}}"#
        }
        let text =
            #"{"expected":{"plan":{"transition":"push","container":{"width":393,"height":852},"source":{"frame":{"x":0,"y":0,"width":393,"height":852}}}},"#
            + #""observed":{"frames":["# + list.joined(separator: ",") + "]},\"alignment\":\"none\"}"
        return Array(text.utf8)
    }

    @Test("a 2,400-frame picture draws at most 430 points a curve, and the one bad frame is marked in red")
    func longRecording_isThinnedButShowsItsFailure() throws {
        let body = Self.body(frames: 2_400, glitchAt: 1_234)
        let svg = String(decoding: try ConformanceEndpoint.answer(try RequestDocument.parse(body), as: .svg, limits: .standard), as: UTF8.self)
        let polylines = svg.components(separatedBy: "<polyline").dropFirst()
        #expect(!polylines.isEmpty)
        for polyline in polylines {
            let points = polyline.components(separatedBy: "points=\"")[1].components(separatedBy: "\"")[0]
            #expect(points.split(separator: " ").count <= 430)
        }
        #expect(svg.contains("fill=\"#d93025\"") || svg.contains("stroke=\"#d93025\""), "the glitch is not marked")
        let json = try JSONReader.parse(try ConformanceEndpoint.answer(body: body))
        guard case .array(let checks)? = json["checks"] else { Issue.record("no checks"); return }
        #expect(checks.first?["pointer"] == .string("/observed/frames/1234/card/x"))
    }
}
