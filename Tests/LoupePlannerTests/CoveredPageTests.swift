import Foundation
import LoupeGeometry
import LoupeJSON
import LoupePlanner
import Testing

/// Issue 23 §3: keyframes carry `opacity.covered`, 1 while the covered page shows and 0 from the
/// moment the trace removes its view, and every rendering follows it: a transparent page
/// presented `fullScreen` hides what it covered at rest (its trace removes the presenter's view),
/// an `overFullScreen` one keeps it.
@Suite("The covered page at rest")
struct CoveredPageTests {
    static func request(style: String, transition: String = "present") -> [UInt8] {
        Array(
            """
            {"transition":"\(transition)","container":{"width":393,"height":852},"source":{"frame":{"x":16,"y":120,"width":110,"height":110}},
             "destination":{"frame":{"x":0,"y":0,"width":393,"height":852},"opaque":false,"presentationStyle":"\(style)","closeButton":true}}
            """.utf8)
    }

    static func answer(_ body: [UInt8]) throws -> PlanAnswer {
        try PlanEndpoint.compute(try RequestDocument.parse(body))
    }

    @Test("a fullScreen presentation hides the covered page from the moment the trace removes it; overFullScreen keeps it")
    func coveredOpacity_followsTheTrace() throws {
        let full = try Self.answer(Self.request(style: "fullScreen"))
        let removal = try #require(full.callbacks.first { $0.viewController == "source" && $0.name == "removedFromHierarchy" })
        for keyframe in full.plan.keyframes {
            #expect(keyframe.opacity.covered == (keyframe.time >= removal.time ? 0 : 1), "t \(keyframe.time)")
        }
        #expect(full.plan.keyframes.last?.opacity.covered == 0)
        #expect(full.plan.keyframes.dropLast().allSatisfy { $0.opacity.covered == 1 }, "shows through the flight")

        let over = try Self.answer(Self.request(style: "overFullScreen"))
        #expect(!over.callbacks.contains { $0.name == "removedFromHierarchy" })
        #expect(over.plan.keyframes.allSatisfy { $0.opacity.covered == 1 })

        // A dismissal puts the covered page back at its start: it shows throughout.
        let dismiss = try Self.answer(Self.request(style: "fullScreen", transition: "dismiss"))
        #expect(dismiss.plan.keyframes.allSatisfy { $0.opacity.covered == 1 })
    }

    @Test("the JSON keyframe writes opacity.covered after background")
    func json_writesCovered() throws {
        let json = try JSONReader.parse(PlanEndpoint.render(try Self.answer(Self.request(style: "fullScreen")), as: .json))
        let keyframes = try #require(json["keyframes"]).array
        guard case .object(let members)? = keyframes.last?["opacity"] else {
            Issue.record("no opacity")
            return
        }
        #expect(members.map(\.key) == ["sourceSlot", "sourceContent", "destination", "dimming", "background", "covered"])
        #expect(keyframes.last?["opacity"]?["covered"] == .number(0))
        #expect(keyframes.first?["opacity"]?["covered"] == .number(1))
    }

    @Test("every rendering hides the covered page at rest under a fullScreen page and keeps it under an overFullScreen one")
    func renderings_followCovered() throws {
        for (style, shown) in [("fullScreen", "0"), ("overFullScreen", "1")] {
            let answer = try Self.answer(Self.request(style: style))
            let css = CSSChecker(String(decoding: PlanEndpoint.render(answer, as: .css), as: UTF8.self))
            let covered = try #require(css.keyframes.first { $0.name == "loupe-covered" })
            #expect(covered.frames.last?.declarations.first { $0.property == "opacity" }?.value == shown, "css \(style)")
            let waapi = try JSONReader.parse(PlanEndpoint.render(answer, as: .waapi))
            #expect(waapi["keyframes"]?["covered"]?.array.last?["opacity"] == .number(shown == "1" ? 1 : 0), "waapi \(style)")
            let transition = CSSChecker(String(decoding: PlanEndpoint.render(answer, as: .viewTransition), as: UTF8.self))
            let root = try #require(transition.keyframes.first { $0.name == "loupe-zoom-covered" })
            #expect(root.frames.last?.declarations.first { $0.property == "opacity" }?.value == shown, "view transition \(style)")
            // Lottie: the covered layers' opacity property ends at 0 or 100.
            let lottie = try JSONReader.parse(PlanEndpoint.render(answer, as: .lottie))
            let layer = try #require(lottie["layers"]?.array.first { $0["nm"] == .string("covered-image") })
            let opacity = layer["ks"]?["o"]
            let end = opacity?["k"]?.array.last?["s"]?[0]?.number ?? opacity?["k"]?.number
            #expect(end == (shown == "1" ? 100 : 0), "lottie \(style)")
            // SVG: the last filmstrip frame goes dark where the covered page was removed.
            let svg = String(decoding: PlanEndpoint.render(answer, as: .svg), as: UTF8.self)
            #expect(svg.contains("fill=\"#1b1b1f\"") == (shown == "0"), "svg \(style)")
        }
    }
}
