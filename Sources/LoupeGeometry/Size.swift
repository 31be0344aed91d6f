/// A width and height in points.
public struct Size: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// Width divided by height; `nil` when either side is zero or negative, so callers must decide
    /// what an empty shape means instead of dividing by zero.
    public var aspectRatio: Double? {
        guard width > 0, height > 0 else { return nil }
        return width / height
    }

    /// True when either side is zero or negative: such a shape cannot be scaled onto another.
    public var isEmpty: Bool { !(width > 0 && height > 0) }
}
