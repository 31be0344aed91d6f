import LoupeLifecycle
import Testing

struct ViewControllerMachineTests {
    /// Push, Apple's fluid-transitions article steps 1–6: viewWillAppear, add to hierarchy,
    /// viewIsAppearing, appearing, viewDidAppear, appeared.
    @Test("appearing follows the articles push steps") func appearing_followsTheArticlesPushSteps() {
        var machine = ViewControllerMachine()
        let steps = machine.willAppear() + machine.didAppear()
        #expect(steps == [.willAppear, .added, .isAppearing, .appearing, .didAppear, .appeared])
        #expect(machine == .onScreen)
    }

    /// Pop, Apple's fluid-transitions article steps 1–5: viewWillDisappear, disappearing, remove,
    /// viewDidDisappear, disappeared.
    @Test("disappearing follows the articles pop steps") func disappearing_followsTheArticlesPopSteps() {
        var machine = ViewControllerMachine.onScreen
        let steps = machine.willDisappear() + machine.didDisappear()
        #expect(steps == [.willDisappear, .disappearing, .removed, .didDisappear, .disappeared])
        #expect(machine == ViewControllerMachine())
    }

    /// Article order: the cancel goes "directly to the appearing state", no callback.
    @Test("cancelled disappearance in article order is only a state change") func cancelledDisappearance_inArticleOrder_isOnlyAStateChange() {
        var machine = ViewControllerMachine.onScreen
        _ = machine.willDisappear()
        #expect(machine.cancelDisappearance(order: .article) + machine.didAppear() == [.appearing, .didAppear, .appeared])
        #expect(machine == .onScreen)
    }

    /// Classic order: a second viewWillAppear (and viewIsAppearing), no re-adding of the view.
    @Test("cancelled disappearance in classic order calls view will appear again")
    func cancelledDisappearance_inClassicOrder_callsViewWillAppearAgain() {
        var machine = ViewControllerMachine.onScreen
        _ = machine.willDisappear()
        let steps = machine.cancelDisappearance(order: .classic) + machine.didAppear()
        #expect(steps == [.willAppear, .isAppearing, .appearing, .didAppear, .appeared])
    }

    /// An appearing view controller can be sent back (the revealed one of a cancelled pop).
    @Test("appearing view controller can disappear without ever appearing") func appearingViewController_canDisappearWithoutEverAppearing() {
        var machine = ViewControllerMachine()
        _ = machine.willAppear()
        #expect(machine.willDisappear() + machine.didDisappear() == [.willDisappear, .disappearing, .removed, .didDisappear, .disappeared])
    }

    /// Calls without an edge in the diagram change nothing and return nothing.
    @Test("events without an edge are ignored") func eventsWithoutAnEdge_areIgnored() {
        var hidden = ViewControllerMachine()
        #expect(hidden.didAppear().isEmpty)
        #expect(hidden.willDisappear().isEmpty)
        #expect(hidden.didDisappear().isEmpty)
        #expect(hidden.cancelDisappearance(order: .classic).isEmpty)
        #expect(hidden == ViewControllerMachine())

        var shown = ViewControllerMachine.onScreen
        #expect(shown.willAppear().isEmpty)
        #expect(shown.didAppear().isEmpty)
        #expect(shown.didDisappear().isEmpty)
        #expect(shown == .onScreen)
    }
}
