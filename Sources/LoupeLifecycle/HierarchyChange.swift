/// A change to whether a view controller's view is in the window's view hierarchy.
///
/// Apple's fluid-transitions article lists these as numbered steps of their own ("Adds the
/// controller's view to the view hierarchy", "Removes the view from the view hierarchy"), between
/// the callbacks.
public enum HierarchyChange: String, Sendable, Hashable, CaseIterable {
    case addedToHierarchy
    case removedFromHierarchy
}
