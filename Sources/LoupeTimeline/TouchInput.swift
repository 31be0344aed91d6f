/// What produced the touches. A finger must start the back swipe near the leading edge ("Zoom
/// transitions" guide: "swiping with a direct touch (a finger) from near the leading edge"); a
/// trackpad or mouse (indirect input) goes back from anywhere and wins over horizontal scrolling
/// ("When scrolling with a trackpad/mouse, the back gesture always takes precedence").
public enum TouchInput: String, Sendable, Hashable, CaseIterable {
    case direct
    case indirect
}
