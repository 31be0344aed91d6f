import LoupeLifecycle
import Testing

struct SingleTransitionTests {
    /// The plans route's one-liner: a push on the keyframes' clock, ending at the duration.
    @Test("single push is the scripted push") func singlePush_isTheScriptedPush() throws {
        let trace = try LifecycleEngine.trace(of: .push(from: "source", to: "destination"), duration: 0.5)
        let expected =
            cycle(0, at: 0, [("destination", .willShow)] + beginsDisappearing("source") + beginsAppearing("destination"))
            + cycle(1, at: 0.5, endsDisappearing("source") + endsAppearing("destination") + [("destination", .didShow)])
        #expect(trace == expected)
    }

    /// Pop, present and dismiss: `from` disappears and `to` appears, ending at the duration.
    @Test(
        "single transition moves from one view controller to the other",
        arguments: [
            SingleTransition.pop(from: "destination", to: "source"),
            .present(from: "source", to: "destination"),
            .dismiss(from: "destination", to: "source")
        ])
    func singleTransition_movesFromOneViewControllerToTheOther(_ transition: SingleTransition) throws {
        let trace = try LifecycleEngine.trace(of: transition, duration: 0.25)
        let states = trace.filter { $0.kind == .state && $0.runLoop == 1 }
        #expect(trace.last?.time == 0.25)
        #expect(states.contains(TraceEntry(time: 0.25, runLoop: 1, viewController: transition.to, event: .appeared)))
        #expect(states.contains(TraceEntry(time: 0.25, runLoop: 1, viewController: transition.from, event: .disappeared)))
    }

    /// An overFullScreen dismissal leaves the presenter out of the trace.
    @Test("single over full screen dismiss traces only the presented") func singleOverFullScreenDismiss_tracesOnlyThePresented() throws {
        let trace = try LifecycleEngine.trace(of: .dismiss(from: "viewer", to: "list", style: .overFullScreen), duration: 0.25)
        #expect(trace.allSatisfy { $0.viewController == "viewer" })
    }

    /// Bad input is an error, not a crash.
    @Test("single transition with bad input throws") func singleTransitionWithBadInput_throws() {
        #expect(throws: LifecycleFailure(errors: [.duplicateStackName(index: 1, name: "a")])) {
            try LifecycleEngine.trace(of: .pop(from: "a", to: "a"), duration: 0.25)
        }
        #expect(
            throws: LifecycleFailure(errors: [
                .invalidDuration(.settleDuration), .invalidDuration(.finishSettleDuration), .invalidDuration(.cancelSettleDuration)
            ])
        ) {
            try LifecycleEngine.trace(of: .push(from: "a", to: "b"), duration: -1)
        }
    }
}

extension SingleTransition {
    var from: String {
        switch self {
        case .push(let from, _, _), .pop(let from, _), .present(let from, _, _, _), .dismiss(let from, _, _): from
        }
    }

    var to: String {
        switch self {
        case .push(_, let to, _), .pop(_, let to), .present(_, let to, _, _), .dismiss(_, let to, _): to
        }
    }
}
