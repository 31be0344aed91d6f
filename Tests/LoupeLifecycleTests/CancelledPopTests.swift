import LoupeLifecycle
import Testing

struct CancelledPopTests {
    static let script: [NavigationEvent] = [.pop(at: 0, interactive: true), .release(.cancel, at: 0.25)]
    static let popBegins = cycle(0, at: 0, [("list", .willShow)] + beginsDisappearing("detail") + beginsAppearing("list"))

    /// Article order (diagram and caption): the top view controller goes disappearing → appearing →
    /// viewDidAppear → appeared in one cycle; the revealed one is sent back as the classic logs show.
    @Test("cancelled pop in article order ends with view did appear and no second view will appear")
    func cancelledPop_inArticleOrder_endsWithViewDidAppearAndNoSecondViewWillAppear() throws {
        let result = try simulate(stack: ["list", "detail"], Self.script, order: .article)
        let expected =
            Self.popBegins
            + cycle(
                2, at: 0.375,
                beginsDisappearing("list") + endsDisappearing("list")
                    + [("detail", .appearing), ("detail", .didAppear), ("detail", .appeared), ("detail", .didShow)])
        #expect(result.trace == expected)
        #expect(result.final.stack == ["list", "detail"])
        #expect(result.final.states == ["list": .disappeared, "detail": .appeared])
        #expect(result.final.viewsInHierarchy == ["detail"])
    }

    /// Classic order (classic UINavigationController logs): revealed gets
    /// willAppear → willDisappear → didDisappear; top gets willDisappear → willAppear → didAppear.
    @Test("cancelled pop in classic order calls view will appear again on the top")
    func cancelledPop_inClassicOrder_callsViewWillAppearAgainOnTheTop() throws {
        let result = try simulate(stack: ["list", "detail"], Self.script, order: .classic)
        let expected =
            Self.popBegins
            + cycle(
                2, at: 0.375,
                beginsDisappearing("list") + endsDisappearing("list")
                    + [("detail", .willAppear), ("detail", .isAppearing), ("detail", .appearing)]
                    + endsAppearing("detail") + [("detail", .didShow)])
        #expect(result.trace == expected)
        #expect(result.final.states == ["list": .disappeared, "detail": .appeared])
    }

    /// Neither order lets the top view controller end appeared right after viewDidDisappear (the
    /// article's body text), which would break the state machine.
    @Test("cancelled pop never calls view did disappear on the top", arguments: CallbackOrder.allCases)
    func cancelledPop_neverCallsViewDidDisappearOnTheTop(order: CallbackOrder) throws {
        let result = try simulate(stack: ["list", "detail"], Self.script, order: order)
        let topCallbacks = result.trace.filter { $0.viewController == "detail" && $0.kind == .callback }.map(\.name)
        #expect(!topCallbacks.contains("viewDidDisappear"))
        #expect(topCallbacks.last == "viewDidAppear")
    }

    /// Both view controllers get a cancelled-transition note pointing at the clean-up guideline.
    @Test("cancelled pop notes both view controllers") func cancelledPop_notesBothViewControllers() throws {
        let result = try simulate(stack: ["list", "detail"], Self.script)
        #expect(result.notes.map(\.code) == [.cancelledTransition, .cancelledTransition])
        #expect(result.notes.map(\.viewController) == ["detail", "list"])
        #expect(result.notes.allSatisfy { $0.guideline == .cleanUpAtTransitionEnd && $0.runLoop == 2 })
    }
}
