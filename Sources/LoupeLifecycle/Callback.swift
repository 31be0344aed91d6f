/// A UIViewController appearance callback, named as UIKit names the method (without the
/// `(_:)` suffix), so a trace reads like a log taken from a real app.
public enum Callback: String, Sendable, Hashable, CaseIterable {
    case viewWillAppear
    case viewIsAppearing
    case viewDidAppear
    case viewWillDisappear
    case viewDidDisappear
}
