import Foundation
import LoupePlanner
import LoupeTimeline
import Testing

/// Issue 16 §2: UIKit's `interactiveDismissShouldBegin` answering false, as
/// `options.interactiveDismissShouldBegin: false` on a timeline.
@Suite("The app's veto of an interactive dismissal")
struct DismissVetoTests {
    static func pinchDismiss(options: String) -> String {
        """
        {"container":{"width":393,"height":852,"cornerRadius":55},
         "source":{"frame":{"x":16,"y":120,"width":110,"height":110},"cornerRadius":8},
         "destination":{"alignmentRect":{"x":0,"y":0,"width":393,"height":393},"presentationStyle":"fullScreen"},
         "initial":"presented","options":{\(options)},
         "events":[
          {"time":0,"type":"touchesBegan","gesture":"pinch","touches":[{"x":86,"y":426},{"x":306,"y":426}]},
          {"time":0.04,"type":"touchesMoved","touches":[{"x":86.3,"y":386.9},{"x":280.3,"y":406.4}]},
          {"time":0.12,"type":"touchesMoved","touches":[{"x":88.7,"y":316.6},{"x":227.3,"y":359.4}]},
          {"time":0.24,"type":"touchesMoved","touches":[{"x":91.1,"y":230.2},{"x":148.9,"y":269.8}]},
          {"time":0.24,"type":"touchesEnded"}]}
        """
    }

    static func answer(_ json: String) throws -> TimelineAnswer {
        try TimelineEndpoint.compute(try RequestDocument.parse(Array(json.utf8)))
    }

    @Test("a vetoed pinch does not dismiss: no dismissal segment or callback, the page stays, a dismissal-vetoed warning")
    func vetoedPinch_leavesThePageShown() throws {
        let vetoed = try Self.answer(Self.pinchDismiss(options: #""interactiveDismissShouldBegin":false"#))
        #expect(vetoed.timeline.segments.allSatisfy { $0.kind == .idle && $0.transition == nil })
        #expect(!vetoed.timeline.callbacks.contains { $0.name.lowercased().contains("disappear") })
        #expect(vetoed.timeline.final.presented.count == 1)
        #expect(vetoed.timeline.keyframes.allSatisfy { $0.progress == 1 })
        let warning = try #require(vetoed.warnings.first { $0.code.contains("veto") })
        #expect(warning.code == "dismissal-vetoed" && warning.pointer == "/events/0")
    }

    @Test("without the veto (the default, or true) the same pinch dismisses")
    func unvetoedPinch_dismisses() throws {
        for options in ["", #""interactiveDismissShouldBegin":true"#] {
            let answer = try Self.answer(Self.pinchDismiss(options: options))
            #expect(answer.timeline.segments.contains { $0.transition == .dismiss })
            #expect(answer.timeline.final.presented.isEmpty)
            #expect(!answer.warnings.contains { $0.code.contains("veto") })
        }
    }

    /// Issue 44 §7: UIKit asks `interactiveDismissShouldBegin` with an `InteractionContext` (the
    /// touch's location and velocity), so an app can answer per gesture: the script says each
    /// answer on its touchesBegan.
    @Test("issue 44 §7: a gesture's own dismissShouldBegin decides for it, over the timeline's option")
    func perGestureAnswer_decidesForItsGesture() throws {
        let refused = try Self.answer(
            Self.pinchDismiss(options: "").replacingOccurrences(of: #""gesture":"pinch","#, with: #""gesture":"pinch","dismissShouldBegin":false,"#))
        #expect(refused.timeline.final.presented.count == 1)
        #expect(refused.warnings.contains { $0.code == "dismissal-vetoed" && $0.pointer == "/events/0" })
        #expect(!refused.warnings.contains { $0.code == "unknown-field" })
        let allowed = try Self.answer(
            Self.pinchDismiss(options: #""interactiveDismissShouldBegin":false"#)
                .replacingOccurrences(of: #""gesture":"pinch","#, with: #""gesture":"pinch","dismissShouldBegin":true,"#))
        #expect(allowed.timeline.final.presented.isEmpty, "the gesture's own true wins over the option")
    }
}
