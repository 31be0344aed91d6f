/// One SwiftUI view carrying `.matchedTransitionSource(id:in:)`.
public struct MatchedSource: Sendable, Hashable {
    /// The id: a string or a number, compared by type and value (`SourceID`).
    public var id: SourceID
    /// The `@Namespace` it was declared in, as an opaque name.
    public var namespace: String
    /// Frame in container coordinates (points).
    public var frame: Rect
    /// Corner radius in points (the configuration's `clipShape(RoundedRectangle)`), default 0.
    public var cornerRadius: Double
    /// Names of modifiers applied to the source (e.g. "scaleEffect"), checked for geometry-read
    /// artifacts (matchedTransitionSource guide §8.2).
    public var modifiers: [String]
    /// What the source is, when the request says (`sources[i].role`).
    public var role: SourceRole?
    /// A view (default) or, from iOS 26, toolbar content (`sources[i].kind: "toolbarItem"`); it
    /// matches like any other `matchedTransitionSource`.
    public var kind: SourceKind
    /// The configuration's `background(_:)`: "a color that will be drawn behind the content
    /// within the matched transition source", which "fills the interpolated shape as it grows"
    /// during a zoom (Apple, MatchedTransitionSourceConfiguration.background(_:)). Nil: none.
    public var background: RGBAColor?
    /// The configuration's `shadow(color:radius:x:y:)`, which the source casts at rest and the
    /// card starts its flight with (`ZoomGeometry.sourceShadow`). Nil: none.
    public var shadow: Shadow?

    public init(
        id: SourceID, namespace: String, frame: Rect, cornerRadius: Double = 0, modifiers: [String] = [], role: SourceRole? = nil,
        kind: SourceKind = .view, background: RGBAColor? = nil, shadow: Shadow? = nil
    ) {
        self.shadow = shadow
        self.id = id
        self.namespace = namespace
        self.frame = frame
        self.cornerRadius = cornerRadius
        self.modifiers = modifiers
        self.role = role
        self.kind = kind
        self.background = background
    }
}
