import LoupeLifecycle
import Testing

struct LifecycleWarningTests {
    /// Two cancelled-then-retried pops: the revealed view controller gets viewWillAppear twice
    /// before viewDidAppear and the top one viewWillDisappear twice before viewDidDisappear.
    @Test("retried pop notes repeated callbacks", arguments: CallbackOrder.allCases)
    func retriedPop_notesRepeatedCallbacks(order: CallbackOrder) throws {
        let result = try simulate(
            stack: ["list", "detail"],
            [
                .pop(at: 0, interactive: true), .release(.cancel, at: 0.25),
                .pop(at: 0.5, interactive: true), .release(.finish, at: 0.75)
            ],
            order: order)
        let repeated = result.notes.filter { $0.code == .repeatedCallback }
        #expect(repeated.map(\.viewController) == ["detail", "list"])
        #expect(
            repeated.map(\.message) == [
                "viewWillDisappear ran again on detail before viewDidDisappear.",
                "viewWillAppear ran again on list before viewDidAppear."
            ])
        #expect(repeated.allSatisfy { $0.guideline == .callbacksMayRepeat && $0.runLoop == 3 && $0.time == 0.5 })
    }

    /// A script that ends with a finger down says so and reports the transition in the final state.
    @Test("script ending mid gesture notes the unreleased gesture") func scriptEndingMidGesture_notesTheUnreleasedGesture() throws {
        let result = try simulate(stack: ["list", "detail"], [.pop(at: 0, interactive: true)])
        #expect(result.notes.map(\.code) == [.unreleasedGesture])
        #expect(result.final.unreleasedGesture == PendingTransition(kind: .pop, viewController: "detail"))
        #expect(result.final.states == ["list": .appearing, "detail": .disappearing])
    }

    /// Lifecycle warnings quote the fluid-transitions article's guidelines word for word.
    @Test("guidelines quote the article") func guidelines_quoteTheArticle() {
        #expect(
            Guideline.callbacksMayRepeat.text
                == "Implement your callback methods so that the system can safely call them multiple times. The system might call these methods more than once before calling anything that uses or cleans up the results."
        )
        #expect(Guideline.startNewTransitions.text.hasPrefix("Don’t avoid starting a new navigation push or pop"))
        #expect(Guideline.cleanUpAtTransitionEnd.text.hasSuffix("The system calls these at the end of the transition."))
    }

    /// Each kind of event calls for one piece of the article's advice, so the guideline follows
    /// from the code (it used to be passed beside it, where a call could pick the wrong one).
    @Test("each code carries the guideline the article gives for it") func eachCode_carriesTheGuidelineTheArticleGivesForIt() {
        let expected: [LifecycleWarningCode: Guideline] = [
            .repeatedCallback: .callbacksMayRepeat,
            .cancelledTransition: .cleanUpAtTransitionEnd,
            .interruptedPush: .cleanUpAtTransitionEnd,
            .interruptedPresentation: .cleanUpAtTransitionEnd,
            .interruptedPop: .minimizeTransitionState,
            .interruptedDismissal: .minimizeTransitionState,
            .overlappingTransition: .startNewTransitions,
            .unreleasedGesture: .minimizeTransitionState
        ]
        #expect(Set(expected.keys) == Set(LifecycleWarningCode.allCases))
        for code in LifecycleWarningCode.allCases {
            #expect(code.guideline == expected[code], "\(code)")
        }
    }

    /// Lifecycle warning codes are stable API.
    @Test("warning codes are stable") func warningCodes_areStable() {
        #expect(
            LifecycleWarningCode.allCases.map(\.rawValue) == [
                "repeated-callback", "cancelled-transition", "interrupted-push", "interrupted-presentation",
                "interrupted-pop", "interrupted-dismissal", "overlapping-transition", "unreleased-gesture"
            ])
    }
}
