/// The source view's geometry: UIKit's source view, or the SwiftUI source the destination matched.
public struct SourceView: Sendable, Hashable {
    /// Frame in container coordinates (points).
    public var frame: Rect
    /// Corner radius in points (the source's own clipping), default 0.
    public var cornerRadius: Double
    /// What the source is, when the request says (`source.role`): for the advice on sources the
    /// zoom does not suit.
    public var role: SourceRole?
    /// A view (default), or iOS 26's bar button item or toolbar item, whose frame is its glass
    /// capsule.
    public var kind: SourceKind
    /// A SwiftUI source configuration's `background(_:)` (`MatchedSource.background`), drawn
    /// behind the card's content while it flies; UIKit's zoom has no such setting (nil).
    public var background: RGBAColor?
    /// A SwiftUI source configuration's `shadow(color:radius:x:y:)` (`MatchedSource.shadow`);
    /// nil for none and for UIKit's source.
    public var shadow: Shadow?

    public init(
        frame: Rect, cornerRadius: Double = 0, role: SourceRole? = nil, kind: SourceKind = .view, background: RGBAColor? = nil,
        shadow: Shadow? = nil
    ) {
        self.shadow = shadow
        self.frame = frame
        self.cornerRadius = cornerRadius
        self.role = role
        self.kind = kind
        self.background = background
    }
}
