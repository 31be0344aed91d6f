/// The three system gestures that reverse a zoom ("Zoom transitions" guide, "Gestures").
public enum GestureKind: String, Sendable, Hashable, CaseIterable {
    /// Two fingers closing: dismisses both navigation and presentation zooms.
    case pinch
    /// One finger swiping down anywhere in the destination: both hosts.
    case pan
    /// One finger from the leading edge (the right edge in right-to-left layouts): navigation only.
    /// With a trackpad or mouse (`TouchInput.indirect`) it is the horizontal back swipe, from
    /// anywhere on the page.
    case edgePan

    /// How many touches the gesture is made of. Every touch sample of the gesture must carry
    /// exactly this many points.
    public var touchCount: Int {
        switch self {
        case .pinch: 2
        case .pan, .edgePan: 1
        }
    }
}
