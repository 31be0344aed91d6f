/// The view the transition happens in (the window or navigation container).
public struct Container: Sendable, Hashable {
    /// Size in points; its origin is (0, 0) of the container coordinate space.
    public var size: Size
    /// The display's corner radius in points, which the card's corners grow to in flight.
    /// Default 55 (iPhone 17 class: the radius swift_transitions measured reached 55 pt).
    public var displayCornerRadius: Double
    public var layoutDirection: LayoutDirection
    /// The trait environment's size classes; nil takes the default from the size and the
    /// platform (`SizeClass.defaultHorizontal`, `defaultVertical`).
    public var horizontalSizeClass: SizeClass?
    public var verticalSizeClass: SizeClass?

    public init(
        size: Size, displayCornerRadius: Double = 55, layoutDirection: LayoutDirection = .leftToRight,
        horizontalSizeClass: SizeClass? = nil, verticalSizeClass: SizeClass? = nil
    ) {
        self.size = size
        self.displayCornerRadius = displayCornerRadius
        self.layoutDirection = layoutDirection
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
    }

    /// Whether the container is compact along either axis (the given size classes, or the
    /// defaults).
    public var isCompact: Bool {
        (horizontalSizeClass ?? SizeClass.defaultHorizontal(width: size.width)) == .compact
            || (verticalSizeClass ?? SizeClass.defaultVertical(height: size.height)) == .compact
    }

    public init(
        width: Double, height: Double, displayCornerRadius: Double = 55, layoutDirection: LayoutDirection = .leftToRight,
        horizontalSizeClass: SizeClass? = nil, verticalSizeClass: SizeClass? = nil
    ) {
        self.init(
            size: Size(width: width, height: height), displayCornerRadius: displayCornerRadius, layoutDirection: layoutDirection,
            horizontalSizeClass: horizontalSizeClass, verticalSizeClass: verticalSizeClass)
    }

    /// The container's own rectangle, at the origin.
    public var bounds: Rect { Rect(origin: .zero, size: size) }
}
