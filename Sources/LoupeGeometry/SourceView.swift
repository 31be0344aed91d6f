/// A UIKit source view's geometry.
public struct SourceView: Sendable, Hashable {
    /// Frame in container coordinates (points).
    public var frame: Rect
    /// Corner radius in points (the source's own clipping), default 0.
    public var cornerRadius: Double
    /// What the source is, when the request says (`source.role`): for the advice on sources the
    /// zoom does not suit.
    public var role: SourceRole?

    public init(frame: Rect, cornerRadius: Double = 0, role: SourceRole? = nil) {
        self.frame = frame
        self.cornerRadius = cornerRadius
        self.role = role
    }
}
