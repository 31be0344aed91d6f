/// `options.viewTransitionNavigation`: which kind of view transition the `view-transition`
/// rendering's stylesheet drives. A multi-page site has no `document.startViewTransition` to
/// call: the browser starts the transition itself when both documents opt in with
/// `@view-transition` (CSS View Transitions Level 2), so the stylesheet must carry the opt-in and
/// tell a push from a pop by the transition's type.
public enum ViewTransitionNavigation: String, Sendable, Hashable, CaseIterable {
    /// `document.startViewTransition(update)` in one document (Level 1). The default.
    case sameDocument = "same-document"
    /// A same-origin navigation between two documents: `@view-transition { navigation: auto;
    /// types: push }` (or `pop`), and every rule scoped to `:active-view-transition-type()`.
    case crossDocument = "cross-document"
}
