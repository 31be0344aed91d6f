/// A rectangle with one corner radius for all four corners: the shape of the zoom card's mask.
public struct RoundedRect: Sendable, Hashable {
    /// The rectangle, in container coordinates (points).
    public var rect: Rect
    /// Corner radius in points, never negative.
    public var cornerRadius: Double

    public init(rect: Rect, cornerRadius: Double) {
        self.rect = rect
        self.cornerRadius = max(0, cornerRadius)
    }

    /// All numbers are finite.
    public var isFinite: Bool { rect.isFinite && cornerRadius.isFinite }
}
