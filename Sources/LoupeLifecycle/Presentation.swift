/// One modally presented view controller in the presentation chain.
///
/// A chain is allowed because UIKit allows it ("Any view controller object can present a single
/// view controller at a time ... you can chain presented view controllers together", View
/// Controller Programming Guide); each presentation is made by the one below it.
public struct Presentation: Sendable, Hashable {
    public var viewController: String
    public var style: Presentation.Style
    public var transition: TransitionStyle

    public init(_ viewController: String, style: Presentation.Style = .fullScreen, transition: TransitionStyle = .zoom) {
        self.viewController = viewController
        self.style = style
        self.transition = transition
    }
}
