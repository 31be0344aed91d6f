import LoupeLifecycle
import Testing

struct ScriptErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var stack: [String] = ["list"]
        var presented: [Presentation] = []
        var events: [NavigationEvent]
        var timing: TransitionTiming = testTiming
        var expected: [LifecycleError]
        var testDescription: String { label }
    }

    static let staticCases: [Case] = [
        Case(label: "empty stack", stack: [], events: [], expected: [.emptyStack]),
        Case(
            label: "blank and duplicate stack names", stack: ["a", " ", "a"], events: [],
            expected: [.blankStackName(index: 1), .duplicateStackName(index: 2, name: "a")]),
        Case(
            label: "presented names", presented: [Presentation(""), Presentation("list")], events: [],
            expected: [.blankPresentedName(index: 0), .duplicatePresentedName(index: 1, name: "list")]),
        Case(
            label: "bad durations", events: [],
            timing: TransitionTiming(settleDuration: -1, finishSettleDuration: .nan, cancelSettleDuration: .infinity),
            expected: [.invalidDuration(.settleDuration), .invalidDuration(.finishSettleDuration), .invalidDuration(.cancelSettleDuration)]),
        Case(
            label: "bad and backwards times",
            events: [.push("a", at: -1), .push("b", at: .nan), .push("c", at: 0.5), .pop(at: 0.25), .pop(at: 2e9)],
            expected: [.invalidTime(event: 0), .invalidTime(event: 1), .timeWentBackwards(event: 3, previousTime: 0.5), .invalidTime(event: 4)]),
        Case(
            label: "blank view controller", events: [.push("", at: 0), .present("\t", at: 1)],
            expected: [.blankViewController(event: 0), .blankViewController(event: 1)]),
        Case(
            label: "every static problem in one pass", stack: ["a", "a"], events: [.push(" ", at: 1), .pop(at: 0)],
            expected: [.duplicateStackName(index: 1, name: "a"), .blankViewController(event: 0), .timeWentBackwards(event: 1, previousTime: 1)])
    ]

    static let simulationCases: [Case] = [
        Case(label: "pop the root", events: [.pop(at: 0)], expected: [.cannotPopRoot(event: 0)]),
        Case(
            label: "pop the root after a pop", stack: ["list", "detail"], events: [.pop(at: 0), .pop(at: 0.125)],
            expected: [.cannotPopRoot(event: 1)]),
        Case(label: "push a name on the stack", events: [.push("list", at: 0)], expected: [.viewControllerAlreadyShown(event: 0, name: "list")]),
        Case(
            label: "push a name twice", events: [.push("d", at: 0), .push("d", at: 1)],
            expected: [.viewControllerAlreadyShown(event: 1, name: "d")]),
        Case(
            label: "present a name on the stack", stack: ["list", "detail"], events: [.present("list", at: 0)],
            expected: [.viewControllerAlreadyShown(event: 0, name: "list")]),
        Case(label: "dismiss nothing", events: [.dismiss(at: 0)], expected: [.nothingPresented(event: 0)]),
        Case(label: "interrupt nothing", events: [.interrupt(at: 0)], expected: [.nothingToInterrupt(event: 0)]),
        Case(
            label: "interrupt after the push settled", events: [.push("d", at: 0), .interrupt(at: 1)],
            expected: [.nothingToInterrupt(event: 1)]),
        Case(label: "release nothing", events: [.release(.cancel, at: 0)], expected: [.nothingToRelease(event: 0)]),
        Case(
            label: "release an animating push", events: [.push("d", at: 0), .release(.finish, at: 0.125)],
            expected: [.nothingToRelease(event: 1)]),
        Case(
            label: "interrupt while tracking", stack: ["list", "detail"], events: [.pop(at: 0, interactive: true), .interrupt(at: 0.125)],
            expected: [.alreadyTracking(event: 1)]),
        Case(
            label: "interrupt a standard push", events: [.push("d", at: 0, transition: .standard), .interrupt(at: 0.125)],
            expected: [.notInterruptible(event: 1)]),
        Case(
            label: "push under a presentation", presented: [Presentation("viewer")], events: [.push("d", at: 0)],
            expected: [.navigationCoveredByPresentation(event: 0)]),
        Case(
            label: "pop during a presentation", stack: ["list", "detail"], events: [.present("v", at: 0), .pop(at: 0.125)],
            expected: [.navigationCoveredByPresentation(event: 1)]),
        Case(
            label: "present while presenting", events: [.present("a", at: 0), .present("b", at: 0.125)],
            expected: [.presentationInProgress(event: 1)]),
        Case(
            label: "present while dismissing", presented: [Presentation("a")], events: [.dismiss(at: 0), .present("b", at: 0.125)],
            expected: [.presentationInProgress(event: 1)]),
        Case(
            label: "dismiss while dismissing", presented: [Presentation("a"), Presentation("b")],
            events: [.dismiss(at: 0, interactive: true), .dismiss(at: 0.125)],
            expected: [.presentationInProgress(event: 1)]),
        Case(
            label: "interactive dismiss without zoom", presented: [Presentation("a", transition: .standard)],
            events: [.dismiss(at: 0, interactive: true)], expected: [.gestureUnavailable(event: 0)]),
        Case(
            label: "stops at the first simulation error", events: [.pop(at: 0), .dismiss(at: 1)],
            expected: [.cannotPopRoot(event: 0)])
    ]

    /// Problems that need no simulation are all reported together.
    @Test("static problems are all reported", arguments: staticCases)
    func staticProblems_areAllReported(_ testCase: Case) {
        let script = LifecycleScript(stack: testCase.stack, presented: testCase.presented, events: testCase.events, timing: testCase.timing)
        #expect(LifecycleEngine.validate(script) == testCase.expected)
        #expect(errors(stack: testCase.stack, presented: testCase.presented, testCase.events, timing: testCase.timing) == testCase.expected)
    }

    /// Simulation stops at the first impossible event.
    @Test("impossible events are reported with their index", arguments: simulationCases)
    func impossibleEvents_areReportedWithTheirIndex(_ testCase: Case) {
        #expect(errors(stack: testCase.stack, presented: testCase.presented, testCase.events, timing: testCase.timing) == testCase.expected)
    }

    /// Each error points at the script field to blame (for JSON pointers like /events/3/viewController).
    @Test(
        "errors point at the field to blame",
        arguments: [
            (LifecycleError.emptyStack, ErrorLocation.stack),
            (.duplicateStackName(index: 1, name: "a"), .stackEntry(1)),
            (.blankPresentedName(index: 0), .presentedEntry(0)),
            (.invalidDuration(.cancelSettleDuration), .timing(.cancelSettleDuration)),
            (.tooManyEvents(count: 10_001, limit: 10_000), .events),
            (.timeWentBackwards(event: 3, previousTime: 1), .event(3, .time)),
            (.viewControllerAlreadyShown(event: 3, name: "d"), .event(3, .viewController)),
            (.gestureUnavailable(event: 2), .event(2, .interactive)),
            (.cannotPopRoot(event: 5), .event(5, .type)),
            (.nothingToRelease(event: 4), .event(4, .type))
        ])
    func errors_pointAtTheFieldToBlame(error: LifecycleError, location: ErrorLocation) {
        #expect(error.location == location)
        #expect(!error.message.isEmpty)
    }
}
