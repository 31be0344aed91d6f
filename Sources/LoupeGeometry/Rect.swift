/// An axis-aligned rectangle in points: origin at the top-left corner, y growing downwards.
public struct Rect: Sendable, Hashable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var x: Double { origin.x }
    public var y: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Point { Point(x: midX, y: midY) }

    /// True when the rectangle has no area (a zero or negative side).
    public var isEmpty: Bool { size.isEmpty }

    /// The same rectangle with non-negative width and height, as `CGRect.standardized`.
    public var standardized: Rect {
        Rect(
            x: min(minX, maxX), y: min(minY, maxY),
            width: abs(width), height: abs(height)
        )
    }

    /// A rectangle of `size` centred on `center`.
    public init(center: Point, size: Size) {
        self.init(
            x: center.x - size.width / 2, y: center.y - size.height / 2,
            width: size.width, height: size.height)
    }

    /// The rectangle moved by `dx`, `dy` points.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// True when the two rectangles share some area (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// True when `other` lies inside this rectangle (edges may touch), with `tolerance` points of slack.
    public func contains(_ other: Rect, tolerance: Double = 0) -> Bool {
        other.minX >= minX - tolerance && other.maxX <= maxX + tolerance
            && other.minY >= minY - tolerance && other.maxY <= maxY + tolerance
    }

    /// Edge-wise linear interpolation: this is the "rect interpolation" measured for the iOS zoom
    /// card (measured by swift_transitions, not official): its aspect ratio changes in flight.
    /// `t` is not clamped; the size is floored at zero so an undershooting spring never yields a
    /// negative width.
    public static func lerp(_ start: Rect, _ end: Rect, _ t: Double) -> Rect {
        Rect(
            x: Scalar.lerp(start.x, end.x, t),
            y: Scalar.lerp(start.y, end.y, t),
            width: max(0, Scalar.lerp(start.width, end.width, t)),
            height: max(0, Scalar.lerp(start.height, end.height, t))
        )
    }

    /// All four numbers are finite.
    public var isFinite: Bool {
        x.isFinite && y.isFinite && width.isFinite && height.isFinite
    }
}
