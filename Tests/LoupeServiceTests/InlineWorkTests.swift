import LoupeJSON
import LoupePlanner
import LoupeTestSupport
import Testing
@testable import LoupeService

/// Issue 34 §1: where a plan's work runs is the service's choice, made by comparing the planner's
/// estimate of the whole work with the loop's ceiling (`InlineWork`, issue 46 §1).
@Suite("Inline work")
struct InlineWorkTests {
    static func document(_ text: String) throws -> JSONDocument {
        try RequestDocument.parse(Array(text.utf8))
    }

    /// Issue 34 item 1's request: 431 bytes, a popover at 24 fps on a 10 s spring with a
    /// 0.0001 tolerance, as css; 15-27 ms of CPU, which the old rule built on the event loop.
    static func slowPopover() -> String {
        """
        {"transition":"present","container":{"width":393,"height":852},\
        "source":{"frame":{"x":16,"y":120,"width":110,"height":110},"cornerRadius":8},\
        "destination":{"frame":{"x":40,"y":200,"width":300,"height":400},"presentationStyle":"popover"},\
        "animation":{"frameRate":24,"spring":{"response":10,"dampingRatio":1}},"options":{"easingTolerance":0.0001}}
        """
    }

    @Test("regression (issue 34 §1): the slow css popover is not estimated within the loop's ceiling")
    func slowPopover_goesToThePool() throws {
        let text = Self.slowPopover()
        let estimate = PlanEndpoint.estimatedWork(of: try Self.document(text), bodyBytes: text.utf8.count, as: .css)
        #expect(estimate > InlineWork.ceiling)
        // The same plan in a format without a fit is bounded by its keyframes.
        let json = PlanEndpoint.estimatedWork(of: try Self.document(text), bodyBytes: text.utf8.count, as: .json)
        #expect(json.microseconds.isFinite)
    }

    @Test("an ordinary push at 60 fps is within the ceiling as json; its svg, view transition and lottie are not")
    func ordinaryPush_isInlineAsJSON() throws {
        let text = String(decoding: try ExampleFiles.bytes("push.json"), as: UTF8.self)
        let json = PlanEndpoint.estimatedWork(of: try Self.document(text), bodyBytes: text.utf8.count, as: .json)
        #expect(json <= InlineWork.ceiling, "json: \(json.microseconds) µs")
        // Measured (docs/benchmarks.md): the picture's panels alone cost over 200 µs, and a view
        // transition's or a Lottie keyframe costs about 6-9 µs each.
        for format in [RenderingFormat.svg, .viewTransition, .lottie] {
            let estimate = PlanEndpoint.estimatedWork(of: try Self.document(text), bodyBytes: text.utf8.count, as: format)
            #expect(estimate > InlineWork.ceiling, "\(format): \(estimate.microseconds) µs")
        }
    }

    @Test("the estimate grows with the keyframes: the same push at 240 fps on a slow spring leaves the loop")
    func manyKeyframes_leaveTheLoop() throws {
        let text = """
            {"transition":"push","container":{"width":393,"height":852},\
            "source":{"frame":{"x":16,"y":120,"width":110,"height":110}},\
            "destination":{"frame":{"x":0,"y":0,"width":393,"height":852}},\
            "animation":{"frameRate":240,"spring":{"response":4,"dampingRatio":1}}}
            """
        let slow = PlanEndpoint.estimatedWork(of: try Self.document(text), bodyBytes: text.utf8.count, as: .json)
        let push = String(decoding: try ExampleFiles.bytes("push.json"), as: UTF8.self)
        let fast = PlanEndpoint.estimatedWork(of: try Self.document(push), bodyBytes: push.utf8.count, as: .json)
        #expect(slow > InlineWork.ceiling)
        #expect(fast < slow)
    }
}
