/// The three system gestures that reverse a zoom (seed 000, "Gestures").
public enum GestureKind: String, Sendable, Hashable, CaseIterable {
    /// Two fingers closing: dismisses both navigation and presentation zooms.
    case pinch
    /// One finger swiping down anywhere in the destination: both hosts.
    case pan
    /// One finger from the leading edge (the right edge in right-to-left layouts): navigation only,
    /// direct touch only.
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

/// What produced the touches. The leading-edge swipe exists only for a finger on the glass
/// (seed 000: "swiping with a direct touch (a finger) from near the leading edge"); a trackpad or
/// mouse is indirect input.
public enum TouchInput: String, Sendable, Hashable, CaseIterable {
    case direct
    case indirect
}
