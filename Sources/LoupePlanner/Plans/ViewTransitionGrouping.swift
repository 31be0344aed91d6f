/// `options.viewTransitionGroup`: whether the `view-transition` rendering expects the card's
/// element to nest the view transitions of named elements inside it (`view-transition-group:
/// contain`, nested view transition groups, Chromium 140+). In the flat tree every named element's
/// group is a sibling of the card's, so the card cannot clip them; nested, they live in
/// `::view-transition-group-children(NAME)`, which the stylesheet then clips to the card's
/// rounded mask at every keyframe.
public enum ViewTransitionGrouping: String, Sendable, Hashable, CaseIterable {
    /// The flat tree of Level 1. The default, and what browsers without nested groups build.
    case normal
    /// The card's element carries `view-transition-group: contain`.
    case contain
}
