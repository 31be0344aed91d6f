/// A UIViewController appearance callback, named as UIKit names the method (without the
/// `(_:)` suffix), so a trace reads like a log taken from a real app.
public enum Callback: String, Sendable, Hashable, CaseIterable {
    case viewWillAppear
    case viewIsAppearing
    case viewDidAppear
    case viewWillDisappear
    case viewDidDisappear
}

/// A change to whether a view controller's view is in the window's view hierarchy.
///
/// Apple's fluid-transitions article lists these as numbered steps of their own ("Adds the
/// controller's view to the view hierarchy", "Removes the view from the view hierarchy"), between
/// the callbacks.
public enum HierarchyChange: String, Sendable, Hashable, CaseIterable {
    case addedToHierarchy
    case removedFromHierarchy
}

/// A UINavigationControllerDelegate call, named by its full Swift selector because the
/// fluid-transitions article's guidelines name them that way. The trace entry's view controller is
/// the one being shown.
public enum DelegateCall: String, Sendable, Hashable, CaseIterable {
    case willShow = "navigationController(_:willShow:animated:)"
    case didShow = "navigationController(_:didShow:animated:)"
}
