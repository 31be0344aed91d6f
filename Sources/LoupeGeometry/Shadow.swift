/// The card's drop shadow.
public struct Shadow: Sendable, Hashable {
    /// Gaussian standard deviation σ in points (a CSS `box-shadow` blur radius is 2σ).
    public var radius: Double
    /// Opacity of the shadow's colour, 0...1.
    public var opacity: Double
    /// Downward offset in points.
    public var offsetY: Double
    /// Offset toward the right in points: 0 but for a SwiftUI source's configured shadow.
    public var offsetX: Double
    /// The shadow's colour (its alpha is `opacity`'s, not this): black but for a SwiftUI
    /// source's configured shadow.
    public var color: RGBAColor

    public init(radius: Double, opacity: Double, offsetY: Double, offsetX: Double = 0, color: RGBAColor = .black) {
        self.radius = radius
        self.opacity = opacity
        self.offsetY = offsetY
        self.offsetX = offsetX
        self.color = color
    }

    public static let none = Shadow(radius: 0, opacity: 0, offsetY: 0)

    /// The zoom card's shadow in mid-flight: σ 18 pt, α 0.24, 4 pt down
    /// (measured by swift_transitions, not official).
    public static let zoomCard = Shadow(radius: 18, opacity: 0.24, offsetY: 4)

    /// The straight mix from `self` (t = 0) to `other` (t = 1), colour channel by channel.
    public func mixed(with other: Shadow, _ t: Double) -> Shadow {
        Shadow(
            radius: Scalar.lerp(radius, other.radius, t), opacity: Scalar.lerp(opacity, other.opacity, t),
            offsetY: Scalar.lerp(offsetY, other.offsetY, t), offsetX: Scalar.lerp(offsetX, other.offsetX, t),
            color: RGBAColor(
                red: Scalar.lerp(color.red, other.color.red, t), green: Scalar.lerp(color.green, other.color.green, t),
                blue: Scalar.lerp(color.blue, other.color.blue, t)))
    }

    /// True when every number is finite.
    public var isFinite: Bool { radius.isFinite && opacity.isFinite && offsetY.isFinite && offsetX.isFinite }
}
