import LoupeLifecycle
import Testing

struct PushAndPopTraceTests {
    /// A push: willShow first; the covered view controller's will-callback before the pushed one's,
    /// its did-callback before the pushed one's at the end; didShow last (classic UIKit logs).
    @Test("push traces both view controllers and the delegate") func push_tracesBothViewControllersAndTheDelegate() throws {
        let result = try simulate(stack: ["list"], [.push("detail", at: 0)])
        let expected =
            cycle(0, at: 0, [("detail", .willShow)] + beginsDisappearing("list") + beginsAppearing("detail"))
            + cycle(1, at: 0.5, endsDisappearing("list") + endsAppearing("detail") + [("detail", .didShow)])
        #expect(result.trace == expected)
        #expect(result.final.stack == ["list", "detail"])
        #expect(result.final.states == ["list": .disappeared, "detail": .appeared])
        #expect(result.final.viewsInHierarchy == ["detail"])
        #expect(result.notes.isEmpty)
    }

    /// A pop: the popped view controller disappears, the revealed one appears, same interleaving.
    @Test("pop traces both view controllers and the delegate") func pop_tracesBothViewControllersAndTheDelegate() throws {
        let result = try simulate(stack: ["list", "detail"], [.pop(at: 0)])
        let expected =
            cycle(0, at: 0, [("list", .willShow)] + beginsDisappearing("detail") + beginsAppearing("list"))
            + cycle(1, at: 0.5, endsDisappearing("detail") + endsAppearing("list") + [("list", .didShow)])
        #expect(result.trace == expected)
        #expect(result.final.stack == ["list"])
        #expect(result.final.states == ["list": .appeared, "detail": .disappeared])
        #expect(result.final.viewsInHierarchy == ["list"])
        #expect(result.notes.isEmpty)
    }

    /// An interactive pop released with finish completes like a pop, at release + finish settle.
    @Test("interactive pop released to finish completes at release plus settle") func interactivePopReleasedToFinish_completesAtReleasePlusSettle()
        throws
    {
        let result = try simulate(stack: ["list", "detail"], [.pop(at: 0, interactive: true), .release(.finish, at: 0.25)])
        let expected =
            cycle(0, at: 0, [("list", .willShow)] + beginsDisappearing("detail") + beginsAppearing("list"))
            + cycle(2, at: 0.5, endsDisappearing("detail") + endsAppearing("list") + [("list", .didShow)])
        #expect(result.trace == expected)
        #expect(result.final.stack == ["list"])
    }

    /// A standard (slide) push traces the same callbacks as a zoom push.
    @Test("standard push has the same callbacks as a zoom push") func standardPush_hasTheSameCallbacksAsAZoomPush() throws {
        let zoom = try simulate(stack: ["list"], [.push("detail", at: 0)])
        let standard = try simulate(stack: ["list"], [.push("detail", at: 0, transition: .standard)])
        #expect(zoom.trace == standard.trace)
    }

    /// A popped name is free again: pushing it again reuses its (disappeared) machine.
    @Test("popped view controller can be pushed again") func poppedViewController_canBePushedAgain() throws {
        let result = try simulate(stack: ["list"], [.push("detail", at: 0), .pop(at: 1), .push("detail", at: 2)])
        #expect(result.final.stack == ["list", "detail"])
        #expect(result.final.states == ["list": .disappeared, "detail": .appeared])
        #expect(result.notes.isEmpty)
    }
}
