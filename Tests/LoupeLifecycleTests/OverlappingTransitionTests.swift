import LoupeLifecycle
import Testing

struct OverlappingTransitionTests {
    /// A push while a pop animates: the pop completes and the push begins in the same cycle.
    @Test("push while pop animates completes the pop then pushes") func pushWhilePopAnimates_completesThePopThenPushes() throws {
        let result = try simulate(stack: ["list", "detail"], [.pop(at: 0), .push("other", at: 0.25)])
        let expected =
            cycle(0, at: 0, [("list", .willShow)] + beginsDisappearing("detail") + beginsAppearing("list"))
            + cycle(
                1, at: 0.25,
                endsDisappearing("detail") + endsAppearing("list") + [("list", .didShow)]
                    + [("other", .willShow)] + beginsDisappearing("list") + beginsAppearing("other"))
            + cycle(2, at: 0.75, endsDisappearing("list") + endsAppearing("other") + [("other", .didShow)])
        #expect(result.trace == expected)
        #expect(result.final.stack == ["list", "other"])
        #expect(result.notes.map(\.code) == [.overlappingTransition])
        #expect(result.notes.first?.guideline == .startNewTransitions)
    }

    /// A pop while a push animates: the push is never cancelled; it completes, then the pop starts.
    @Test("pop while push animates completes the push then pops") func popWhilePushAnimates_completesThePushThenPops() throws {
        let result = try simulate(stack: ["list"], [.push("detail", at: 0), .pop(at: 0.25)])
        let expected =
            cycle(0, at: 0, [("detail", .willShow)] + beginsDisappearing("list") + beginsAppearing("detail"))
            + cycle(
                1, at: 0.25,
                endsDisappearing("list") + endsAppearing("detail") + [("detail", .didShow)]
                    + [("list", .willShow)] + beginsDisappearing("detail") + beginsAppearing("list"))
            + cycle(2, at: 0.75, endsDisappearing("detail") + endsAppearing("list") + [("list", .didShow)])
        #expect(result.trace == expected)
        #expect(result.final.stack == ["list"])
    }

    /// A push while a finger tracks a pop finishes that pop: the app already sees the shorter stack.
    @Test("push while a pop is tracked finishes the pop") func pushWhileAPopIsTracked_finishesThePop() throws {
        let result = try simulate(
            stack: ["list", "detail"], [.pop(at: 0, interactive: true), .push("other", at: 0.25)])
        #expect(result.final.stack == ["list", "other"])
        #expect(result.final.states == ["list": .disappeared, "detail": .disappeared, "other": .appeared])
    }

    /// Two quick pops: the first completes when the second starts; the stack loses both.
    @Test("two quick pops pop two view controllers") func twoQuickPops_popTwoViewControllers() throws {
        let result = try simulate(stack: ["a", "b", "c"], [.pop(at: 0), .pop(at: 0.125)])
        #expect(result.final.stack == ["a"])
        #expect(result.final.states == ["a": .appeared, "b": .disappeared, "c": .disappeared])
    }

    /// A spring-back still settling is completed as cancelled when a new transition starts.
    @Test("new transition during a cancel spring completes it as cancelled") func newTransitionDuringACancelSpring_completesItAsCancelled() throws {
        let result = try simulate(
            stack: ["list", "detail"],
            [.pop(at: 0, interactive: true), .release(.cancel, at: 0.25), .push("other", at: 0.3125)])
        #expect(result.final.stack == ["list", "detail", "other"])
    }
}
