/// A trait environment's size class along one axis, as UIKit's `UIUserInterfaceSizeClass`: what
/// decides how a popover is shown (Apple, UIModalPresentationStyle.popover: "for horizontally or
/// vertically compact environments, this option behaves the same as formSheet").
public enum SizeClass: String, Sendable, Hashable, CaseIterable {
    case compact
    case regular

    /// The horizontal size class a container has when the request does not say: compact under
    /// 600 pt (an iPhone in portrait, an iPad in Slide Over or a narrow split view), regular from
    /// there (an iPad, an iPad app's wide split). An iPhone in landscape, which Apple's Human
    /// Interface Guidelines ("Layout") list as compact in width on most models and regular on
    /// the largest, is compact in height either way, which is what a popover adapts to. The
    /// threshold is an estimate that puts every device the guidelines list on its side.
    public static func defaultHorizontal(width: Double) -> SizeClass {
        width < 600 ? .compact : .regular
    }

    /// The vertical size class: compact under 500 pt of height (an iPhone in landscape), else
    /// regular (an estimate from the same tables).
    public static func defaultVertical(height: Double) -> SizeClass {
        height < 500 ? .compact : .regular
    }
}
