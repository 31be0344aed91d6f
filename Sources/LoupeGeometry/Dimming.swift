/// The scrim over the covered page: `color` at opacity `strength × progress`.
public struct Dimming: Sendable, Hashable {
    /// Default black: UIKit's `dimmingColor` default is undocumented; black matches the measured
    /// luminance drop (measured by swift_transitions, not official).
    public var color: RGBAColor
    /// Opacity at full progress, 0...1. Default 0.15 (measured by swift_transitions, not official).
    public var strength: Double

    public init(color: RGBAColor = .black, strength: Double = 0.15) {
        self.color = color
        self.strength = strength
    }

    public static let zoomDefault = Dimming()
}
