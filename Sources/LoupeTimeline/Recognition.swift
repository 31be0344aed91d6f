import LoupeGeometry

/// What a touch sample means for a gesture not yet recognised.
enum Recognition: Sendable, Hashable {
    /// Still inside the slop or dead zone.
    case undecided
    case recognized(GestureAnchor)
    /// It will never dismiss; the warning says why.
    case rejected(TimelineWarningCode, String)
}
