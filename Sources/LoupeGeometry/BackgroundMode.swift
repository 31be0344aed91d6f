/// What zooms.
public enum BackgroundMode: String, Sendable, Hashable, CaseIterable {
    /// The whole destination page zooms (iOS's behaviour).
    case zoom
    /// Only the alignment-rect content zooms; the rest of the page fades in place: the wish of
    /// the "Zoom transitions" guide's author ("The transition might look even better if the black
    /// background didn't zoom").
    case crossfade
}
