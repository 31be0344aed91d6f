/// UIKit's `modalPresentationStyle` for present/dismiss. Ignored for push/pop.
///
/// The "Zoom transitions" guide ("Can the zoom transition be used with sheets and popovers?"): zoom
/// only runs full screen; sheets are treated as full screen; popovers show as popovers without the
/// zoom.
public enum PresentationStyle: String, Sendable, Hashable, CaseIterable {
    case fullScreen
    case overFullScreen
    case pageSheet
    case formSheet
    case automatic
    case popover

    /// Sheet styles that the zoom silently turns into full screen.
    public var isSheet: Bool {
        self == .pageSheet || self == .formSheet || self == .automatic
    }
}
