/// Where the source comes from.
public enum SourceInput: Sendable, Hashable {
    /// No source: UIKit's provider returned nil (or SwiftUI declared none). Zooms from the centre.
    case missing
    /// UIKit: the view returned by `sourceViewProvider`.
    case view(SourceView)
    /// SwiftUI: every `matchedTransitionSource` on screen; the destination's `sourceID` and
    /// `namespace` pick one (the matchedTransitionSource guide's four conditions, see `SourceMatcher`).
    case matched([MatchedSource])
}
