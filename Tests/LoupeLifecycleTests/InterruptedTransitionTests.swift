import LoupeLifecycle
import Testing

struct InterruptedTransitionTests {
    static let pushBegins = cycle(0, at: 0, [("detail", .willShow)] + beginsDisappearing("list") + beginsAppearing("detail"))

    /// The push completes and the pop begins in the interrupt's cycle (Apple's fluid-transitions
    /// article; its full cycle: viewWillAppear, add, viewIsAppearing, viewDidAppear,
    /// viewWillDisappear, ...).
    static func interruptCycle(_ runLoop: Int, at time: Double) -> [TraceEntry] {
        cycle(
            runLoop, at: time,
            endsDisappearing("list") + endsAppearing("detail") + [("detail", .didShow)]
                + [("list", .willShow)] + beginsDisappearing("detail") + beginsAppearing("list"))
    }

    /// Interrupted push released to finish: the pushed view controller gets the whole
    /// appear-and-disappear cycle, the source reappears.
    @Test("interrupted push is completed and converted to a pop") func interruptedPush_isCompletedAndConvertedToAPop() throws {
        let result = try simulate(
            stack: ["list"], [.push("detail", at: 0), .interrupt(at: 0.125), .release(.finish, at: 0.25)])
        let expected =
            Self.pushBegins + Self.interruptCycle(1, at: 0.125)
            + cycle(3, at: 0.5, endsDisappearing("detail") + endsAppearing("list") + [("list", .didShow)])
        #expect(result.trace == expected)
        #expect(result.final.stack == ["list"])
        #expect(result.final.states == ["list": .appeared, "detail": .disappeared])
        #expect(result.notes.map(\.code) == [.interruptedPush])
        #expect(result.notes.first?.runLoop == 1)
    }

    /// Interrupted push released to cancel: a cancelled pop; the pushed view controller stays.
    @Test("interrupted push released to cancel leaves the pushed view controller on top")
    func interruptedPushReleasedToCancel_leavesThePushedViewControllerOnTop() throws {
        let result = try simulate(
            stack: ["list"], [.push("detail", at: 0), .interrupt(at: 0.125), .release(.cancel, at: 0.25)])
        let expected =
            Self.pushBegins + Self.interruptCycle(1, at: 0.125)
            + cycle(
                3, at: 0.375,
                beginsDisappearing("list") + endsDisappearing("list")
                    + [("detail", .appearing), ("detail", .didAppear), ("detail", .appeared), ("detail", .didShow)])
        #expect(result.trace == expected)
        #expect(result.final.stack == ["list", "detail"])
        // Issue 16: the did-callbacks that run twice are noted too (detail appears twice, the
        // list disappears twice, with nothing in between).
        #expect(result.notes.map(\.code) == [.interruptedPush, .repeatedCallback, .repeatedCallback, .cancelledTransition, .cancelledTransition])
        #expect(
            result.notes.filter { $0.code == .repeatedCallback }.map(\.message).sorted() == [
                "viewDidAppear ran again on detail before viewDidDisappear.",
                "viewDidDisappear ran again on list before viewDidAppear."
            ])
    }

    /// The pop that replaced a push can be grabbed again while it settles, any number of times.
    @Test("pop after an interrupted push can be interrupted again") func popAfterAnInterruptedPush_canBeInterruptedAgain() throws {
        let result = try simulate(
            stack: ["list"],
            [
                .push("detail", at: 0), .interrupt(at: 0.125), .release(.finish, at: 0.25),
                .interrupt(at: 0.375), .release(.cancel, at: 0.5)
            ])
        let expected =
            Self.pushBegins + Self.interruptCycle(1, at: 0.125)
            + cycle(
                5, at: 0.625,
                beginsDisappearing("list") + endsDisappearing("list")
                    + [("detail", .appearing), ("detail", .didAppear), ("detail", .appeared), ("detail", .didShow)])
        #expect(result.trace == expected)
        #expect(result.final.stack == ["list", "detail"])
        #expect(
            result.notes.map(\.code)
                == [.interruptedPush, .interruptedPop, .repeatedCallback, .repeatedCallback, .cancelledTransition, .cancelledTransition])
        #expect(result.notes[1].runLoop == 3)
    }

    /// A non-interactive pop can be grabbed and then finished by the finger.
    @Test("running pop can be grabbed and released") func runningPop_canBeGrabbedAndReleased() throws {
        let result = try simulate(
            stack: ["list", "detail"], [.pop(at: 0), .interrupt(at: 0.125), .release(.finish, at: 0.375)])
        let expected =
            cycle(0, at: 0, [("list", .willShow)] + beginsDisappearing("detail") + beginsAppearing("list"))
            + cycle(3, at: 0.625, endsDisappearing("detail") + endsAppearing("list") + [("list", .didShow)])
        #expect(result.trace == expected)
        #expect(result.notes.map(\.code) == [.interruptedPop])
    }

    /// A touch on a transition a finger already holds is a script error, not a no-op.
    @Test("interrupt while tracking is an error") func interruptWhileTracking_isAnError() {
        #expect(
            errors(stack: ["list", "detail"], [.pop(at: 0, interactive: true), .interrupt(at: 0.125)])
                == [.alreadyTracking(event: 1)])
    }
}
