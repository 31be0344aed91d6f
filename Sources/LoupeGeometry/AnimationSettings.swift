/// Timing inputs.
public struct AnimationSettings: Sendable, Hashable {
    /// The spring; `nil` = the effect's default (`Spring.zoom` for zoom, `.navigationSlide`,
    /// `.coverVertical`, `.popoverFade`).
    public var spring: Spring?
    /// Keyframes per second, default 60 (the planner accepts 24...240).
    public var frameRate: Double
    /// Initial velocity in progress per second (UIKit's normalised velocity: pt/s ÷ distance). Default 0.
    public var initialVelocity: Double

    public init(spring: Spring? = nil, frameRate: Double = 60, initialVelocity: Double = 0) {
        self.spring = spring
        self.frameRate = frameRate
        self.initialVelocity = initialVelocity
    }
}
