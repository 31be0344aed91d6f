/// A UINavigationControllerDelegate call, named by its full Swift selector because the
/// fluid-transitions article's guidelines name them that way. The trace entry's view controller is
/// the one being shown.
public enum DelegateCall: String, Sendable, Hashable, CaseIterable {
    case willShow = "navigationController(_:willShow:animated:)"
    case didShow = "navigationController(_:didShow:animated:)"
}
