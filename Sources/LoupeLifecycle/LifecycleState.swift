/// The four appearance states of a view controller, as drawn in Apple's state diagram
/// ("Enhancing your app with fluid transitions", "Work with state changes and callbacks").
///
/// The engine reports every state change as a `.state` trace entry, so a client can see the
/// diagram being walked, including the cancel edges that only fluid transitions take.
public enum LifecycleState: String, Sendable, Hashable, CaseIterable {
    case disappeared
    case appearing
    case appeared
    case disappearing

    /// Whether the state diagram has an edge from `self` to `next`.
    ///
    /// The ordinary cycle is disappeared → appearing → appeared → disappearing → disappeared.
    /// Two cancel edges exist: disappearing → appearing (the top view controller of a cancelled pop
    /// "transitions directly to the appearing state", Apple's fluid-transitions article) and
    /// appearing → disappearing (the revealed view controller of a cancelled pop, classic
    /// UINavigationController logs). Nothing else is legal; property tests check every trace
    /// against this.
    public func canMove(to next: LifecycleState) -> Bool {
        switch (self, next) {
        case (.disappeared, .appearing), (.appearing, .appeared),
            (.appeared, .disappearing), (.disappearing, .disappeared),
            (.disappearing, .appearing), (.appearing, .disappearing):
            return true
        default:
            return false
        }
    }
}
