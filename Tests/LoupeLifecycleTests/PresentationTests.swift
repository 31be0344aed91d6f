import LoupeLifecycle
import Testing

struct PresentationTests {
    /// fullScreen: the presenter disappears and reappears; no navigation-delegate calls.
    @Test("full screen present and dismiss trace the presenter") func fullScreenPresentAndDismiss_traceThePresenter() throws {
        let result = try simulate(stack: ["list"], [.present("viewer", at: 0), .dismiss(at: 1)])
        let expected =
            cycle(0, at: 0, beginsDisappearing("list") + beginsAppearing("viewer"))
            + cycle(1, at: 0.5, endsDisappearing("list") + endsAppearing("viewer"))
            + cycle(2, at: 1, beginsDisappearing("viewer") + beginsAppearing("list"))
            + cycle(3, at: 1.5, endsDisappearing("viewer") + endsAppearing("list"))
        #expect(result.trace == expected)
        #expect(result.final.presented.isEmpty)
        #expect(result.final.states == ["list": .appeared, "viewer": .disappeared])
        #expect(result.notes.isEmpty)
    }

    /// overFullScreen: the presenter's view stays in the hierarchy and it gets no callbacks.
    @Test("over full screen present and dismiss leave the presenter alone") func overFullScreenPresentAndDismiss_leaveThePresenterAlone() throws {
        let result = try simulate(
            stack: ["list"], [.present("viewer", at: 0, style: .overFullScreen), .dismiss(at: 1)])
        let expected =
            cycle(0, at: 0, beginsAppearing("viewer"))
            + cycle(1, at: 0.5, endsAppearing("viewer"))
            + cycle(2, at: 1, beginsDisappearing("viewer"))
            + cycle(3, at: 1.5, endsDisappearing("viewer"))
        #expect(result.trace == expected)
        #expect(result.final.states == ["list": .appeared, "viewer": .disappeared])
    }

    /// While an overFullScreen presentation is up, both views are in the hierarchy and appeared.
    @Test("over full screen presentation keeps both views on screen") func overFullScreenPresentation_keepsBothViewsOnScreen() throws {
        let result = try simulate(stack: ["list"], [.present("viewer", at: 0, style: .overFullScreen)])
        #expect(result.final.viewsInHierarchy == ["list", "viewer"])
        #expect(result.final.states == ["list": .appeared, "viewer": .appeared])
        #expect(result.final.presented == [Presentation("viewer", style: .overFullScreen)])
        #expect(result.final.topViewController == "viewer")
    }

    /// An interactive dismissal cancelled like a pop: presenter sent back, presented reappears.
    @Test("interactive dismiss cancelled behaves like a cancelled pop") func interactiveDismissCancelled_behavesLikeACancelledPop() throws {
        let result = try simulate(
            stack: ["list"], presented: [Presentation("viewer")],
            [.dismiss(at: 0, interactive: true), .release(.cancel, at: 0.25)])
        let expected =
            cycle(0, at: 0, beginsDisappearing("viewer") + beginsAppearing("list"))
            + cycle(
                2, at: 0.375,
                beginsDisappearing("list") + endsDisappearing("list")
                    + [("viewer", .appearing), ("viewer", .didAppear), ("viewer", .appeared)])
        #expect(result.trace == expected)
        #expect(result.final.presented == [Presentation("viewer")])
        #expect(result.final.viewsInHierarchy == ["viewer"])
        #expect(result.notes.map(\.code) == [.cancelledTransition, .cancelledTransition])
    }

    /// An interrupted presentation is completed and becomes an interactive dismissal, like a push.
    @Test("interrupted presentation is completed and converted to a dismissal") func interruptedPresentation_isCompletedAndConvertedToADismissal()
        throws
    {
        let result = try simulate(
            stack: ["list"], [.present("viewer", at: 0), .interrupt(at: 0.125), .release(.finish, at: 0.25)])
        let expected =
            cycle(0, at: 0, beginsDisappearing("list") + beginsAppearing("viewer"))
            + cycle(
                1, at: 0.125,
                endsDisappearing("list") + endsAppearing("viewer") + beginsDisappearing("viewer") + beginsAppearing("list"))
            + cycle(3, at: 0.5, endsDisappearing("viewer") + endsAppearing("list"))
        #expect(result.trace == expected)
        #expect(result.notes.map(\.code) == [.interruptedPresentation])
    }

    /// A chain: the second presentation is made by the first presented view controller.
    @Test("presenting over a presentation presents from the topmost one") func presentingOverAPresentation_presentsFromTheTopmostOne() throws {
        let result = try simulate(stack: ["list"], [.present("viewer", at: 0), .present("editor", at: 1)])
        let expected =
            cycle(0, at: 0, beginsDisappearing("list") + beginsAppearing("viewer"))
            + cycle(1, at: 0.5, endsDisappearing("list") + endsAppearing("viewer"))
            + cycle(2, at: 1, beginsDisappearing("viewer") + beginsAppearing("editor"))
            + cycle(3, at: 1.5, endsDisappearing("viewer") + endsAppearing("editor"))
        #expect(result.trace == expected)
        #expect(result.final.presented.map(\.viewController) == ["viewer", "editor"])
        #expect(result.final.viewsInHierarchy == ["editor"])
    }

    /// Dismissing while the presentation still animates completes it first (never cancelled).
    @Test("dismiss during presentation completes the presentation first") func dismissDuringPresentation_completesThePresentationFirst() throws {
        let result = try simulate(stack: ["list"], [.present("viewer", at: 0), .dismiss(at: 0.25)])
        let expected =
            cycle(0, at: 0, beginsDisappearing("list") + beginsAppearing("viewer"))
            + cycle(
                1, at: 0.25,
                endsDisappearing("list") + endsAppearing("viewer") + beginsDisappearing("viewer") + beginsAppearing("list"))
            + cycle(2, at: 0.75, endsDisappearing("viewer") + endsAppearing("list"))
        #expect(result.trace == expected)
        #expect(result.notes.map(\.code) == [.overlappingTransition])
    }

    /// UIKit refuses to present while a presentation or dismissal runs.
    @Test("present during a modal transition is an error") func presentDuringAModalTransition_isAnError() {
        #expect(errors(stack: ["list"], [.present("a", at: 0), .present("b", at: 0.25)]) == [.presentationInProgress(event: 1)])
        #expect(
            errors(stack: ["list"], presented: [Presentation("a")], [.dismiss(at: 0), .present("b", at: 0.25)])
                == [.presentationInProgress(event: 1)])
    }
}
