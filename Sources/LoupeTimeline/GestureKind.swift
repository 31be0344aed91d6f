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

/// What produced the touches. A finger must start the back swipe near the leading edge ("Zoom
/// transitions" guide: "swiping with a direct touch (a finger) from near the leading edge"); a
/// trackpad or mouse (indirect input) goes back from anywhere and wins over horizontal scrolling
/// ("When scrolling with a trackpad/mouse, the back gesture always takes precedence").
public enum TouchInput: String, Sendable, Hashable, CaseIterable {
    case direct
    case indirect
}
