/// A point in points (1/163 in on a 1× display), y growing downwards as in UIKit.
///
/// Plain `Double`s rather than `CGPoint`, so the engine builds on Linux without CoreGraphics.
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// Linear interpolation; `t` is not clamped, so springs that overshoot carry the point past `end`.
    public static func lerp(_ start: Point, _ end: Point, _ t: Double) -> Point {
        Point(x: Scalar.lerp(start.x, end.x, t), y: Scalar.lerp(start.y, end.y, t))
    }
}
