import LoupeLifecycle
import Testing

struct LifecycleStateTests {
    static let edges: [(LifecycleState, LifecycleState, Bool)] = [
        (.disappeared, .appearing, true),
        (.appearing, .appeared, true),
        (.appeared, .disappearing, true),
        (.disappearing, .disappeared, true),
        (.disappearing, .appearing, true),
        (.appearing, .disappearing, true),
        (.disappeared, .appeared, false),
        (.disappeared, .disappearing, false),
        (.appeared, .disappeared, false),
        (.appeared, .appearing, false),
        (.disappearing, .appeared, false),
        (.appearing, .disappeared, false),
        (.appeared, .appeared, false),
        (.disappeared, .disappeared, false)
    ]

    /// Only the diagram's edges, including the two cancel edges, are allowed.
    @Test("state diagram allows only its edges", arguments: edges)
    func stateDiagram_allowsOnlyItsEdges(from: LifecycleState, to: LifecycleState, allowed: Bool) {
        #expect(from.canMove(to: to) == allowed)
    }

    /// The raw values are the names the API shows.
    @Test("raw values are the article names") func rawValues_areTheArticleNames() {
        #expect(LifecycleState.allCases.map(\.rawValue) == ["disappeared", "appearing", "appeared", "disappearing"])
        #expect(DelegateCall.willShow.rawValue == "navigationController(_:willShow:animated:)")
        #expect(TraceEvent.hierarchy(.addedToHierarchy).kind == .hierarchy)
        #expect(TraceEvent.callback(.viewIsAppearing).name == "viewIsAppearing")
    }
}
