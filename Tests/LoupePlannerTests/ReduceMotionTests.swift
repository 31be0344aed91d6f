import Foundation
import LoupeGeometry
import LoupeJSON
import LoupeLifecycle
import LoupePlanner
import Testing

/// Issue 23 §8: `options.reduceMotion: true` gives the system's cross-fade: effect `crossfade`, no
/// scale, the transition's callbacks, in every format. It used to be an `unknown-field` warning.
@Suite("Reduce Motion")
struct ReduceMotionTests {
    static func body(_ transition: String, reduceMotion: Bool = true) -> [UInt8] {
        Array(
            """
            {"transition":"\(transition)","container":{"width":393,"height":852,"cornerRadius":55},
             "source":{"frame":{"x":16,"y":120,"width":110,"height":110},"cornerRadius":8},"options":{"reduceMotion":\(reduceMotion)}}
            """.utf8)
    }

    @Test(
        "reduceMotion cross-fades the page in place with no scale, about 140 ms, with its callbacks", arguments: ["push", "pop", "present", "dismiss"]
    )
    func reduceMotion_crossFadesWithoutScale(transition: String) throws {
        let answer = try PlanEndpoint.compute(try RequestDocument.parse(Self.body(transition)))
        let plan = answer.plan
        #expect(plan.effect == .crossfade)
        #expect(answer.warnings.isEmpty, "\(answer.warnings.map(\.code))")
        #expect(abs(plan.duration - 0.14) < 0.005, "the cross-fade lasts about 140 ms: \(plan.duration)")
        for keyframe in plan.keyframes {
            #expect(keyframe.transform == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0), "no scale, no movement")
            #expect(keyframe.mask.rect == Rect(x: 0, y: 0, width: 393, height: 852))
            #expect(keyframe.opacity.sourceSlot == 1 && keyframe.opacity.dimming == 0 && keyframe.shadow.opacity == 0)
        }
        let opacities = plan.keyframes.map(\.opacity.destination)
        let reverse = transition == "pop" || transition == "dismiss"
        #expect(opacities.first == (reverse ? 1 : 0) && opacities.last == (reverse ? 0 : 1), "fades \(reverse ? "out" : "in")")
        // The callbacks are the transition's own, on the cross-fade's clock, and not interruptible.
        #expect(!answer.callbacks.isEmpty)
        #expect(answer.callbacks.last?.time == plan.duration)
        for format in PlanEndpoint.formats {
            let bytes = PlanEndpoint.render(answer, as: format)
            #expect(!bytes.isEmpty, "\(format.rawValue)")
        }
        let json = try JSONReader.parse(PlanEndpoint.render(answer, as: .json))
        #expect(json["effect"] == .string("crossfade"))
    }

    @Test("every rendering of the cross-fade keeps the page unscaled")
    func renderings_haveNoScale() throws {
        let answer = try PlanEndpoint.compute(try RequestDocument.parse(Self.body("push")))
        let css = String(decoding: PlanEndpoint.render(answer, as: .css), as: UTF8.self)
        let checker = CSSChecker(css)
        #expect(checker.problems.isEmpty)
        let destination = try #require(checker.keyframes.first { $0.name == "loupe-destination" })
        #expect(destination.frames.allSatisfy { $0.declarations.first { $0.property == "transform" }?.value == "matrix(1, 0, 0, 1, 0, 0)" })
        let transition = String(decoding: PlanEndpoint.render(answer, as: .viewTransition), as: UTF8.self)
        #expect(!transition.contains("matrix(0."))
        let lottie = try JSONReader.parse(PlanEndpoint.render(answer, as: .lottie))
        #expect(lottie["layers"] != nil)
    }

    @Test("without reduceMotion (or false) the zoom runs as before")
    func reduceMotionOff_zooms() throws {
        let answer = try PlanEndpoint.compute(try RequestDocument.parse(Self.body("push", reduceMotion: false)))
        #expect(answer.plan.effect == .zoom && !answer.warnings.contains { $0.code == "unknown-field" })
    }

    @Test("reduceMotion on a timeline: app calls cross-fade with their callbacks; no unknown-field warning")
    func timeline_crossFades() throws {
        let json = """
            {"container":{"width":393,"height":852,"cornerRadius":55},"source":{"frame":{"x":16,"y":120,"width":110,"height":110},"cornerRadius":8},
             "options":{"reduceMotion":true},"initial":"source","events":[{"time":0,"type":"push"},{"time":1,"type":"pop"}]}
            """
        let answer = try JSONReader.parse(try TimelineEndpoint.answer(body: Array(json.utf8)))
        #expect(answer["warnings"]?.array.isEmpty == true, "\(String(describing: answer["warnings"]))")
        let keyframes = try #require(answer["keyframes"]).array
        #expect(!keyframes.isEmpty)
        for keyframe in keyframes {
            #expect(keyframe["transform"] == .array([.number(1), .number(0), .number(0), .number(1), .number(0), .number(0)]))
        }
        let destination = keyframes.compactMap { $0["opacity"]?["destination"]?.number }
        #expect(destination.contains { $0 > 0 && $0 < 1 }, "it fades")
        #expect(answer["callbacks"]?.array.isEmpty == false)
        #expect(answer["final"]?["stack"] == .array([.string("source")]))
    }
}
