/// The card's drop shadow.
public struct Shadow: Sendable, Hashable {
    /// Gaussian standard deviation σ in points (a CSS `box-shadow` blur radius is 2σ).
    public var radius: Double
    /// Opacity of the black shadow, 0...1.
    public var opacity: Double
    /// Downward offset in points.
    public var offsetY: Double

    public init(radius: Double, opacity: Double, offsetY: Double) {
        self.radius = radius
        self.opacity = opacity
        self.offsetY = offsetY
    }

    public static let none = Shadow(radius: 0, opacity: 0, offsetY: 0)

    /// The zoom card's shadow in mid-flight: σ 18 pt, α 0.24, 4 pt down
    /// (measured by swift_transitions, not official).
    public static let zoomCard = Shadow(radius: 18, opacity: 0.24, offsetY: 4)
}
