/// The navigation default where zoom is ignored: the page slides in from the trailing edge
/// (right in left-to-right, left in right-to-left) while the covered page drifts 30 % of the
/// width the other way and dims to 10 % (swift_transitions' standard push, measured, not official).
public struct SlideGeometry: Sendable, Hashable {
    public var destinationFrame: Rect
    public var containerWidth: Double
    public var layoutDirection: LayoutDirection
    /// Corner radius of the sliding page (its own, usually 0).
    public var cornerRadius: Double
    /// The radius the page is clipped to while it moves (iOS 26: the display's), nil for its own
    /// radius throughout. At rest (progress 0 or 1) the page has its own.
    public var motionCornerRadius: Double?

    /// How far the covered page travels, as a share of the arriving page's travel.
    public static let parallax = 0.30
    /// Scrim at full progress.
    public static let dimmingStrength = 0.10

    public init(
        destinationFrame: Rect, containerWidth: Double, layoutDirection: LayoutDirection, cornerRadius: Double = 0,
        motionCornerRadius: Double? = nil
    ) {
        self.destinationFrame = destinationFrame
        self.containerWidth = containerWidth
        self.layoutDirection = layoutDirection
        self.cornerRadius = cornerRadius
        self.motionCornerRadius = motionCornerRadius
    }

    public func state(atProgress p: Double) -> FrameState {
        let trailing: Double = layoutDirection == .leftToRight ? 1 : -1
        let dx = trailing * (1 - p) * containerWidth
        return FrameState(
            transform: .translation(destinationFrame.x + dx, destinationFrame.y),
            mask: RoundedRect(
                rect: destinationFrame.offsetBy(dx: dx, dy: 0), cornerRadius: p == 0 || p == 1 ? cornerRadius : (motionCornerRadius ?? cornerRadius)),
            opacity: Opacities(
                sourceSlot: 1, sourceContent: 0, destination: 1,
                dimming: Self.dimmingStrength * Scalar.unit(p), background: 0),
            shadow: .none,
            covered: .translation(-trailing * Self.parallax * p * containerWidth, 0)
        )
    }
}
