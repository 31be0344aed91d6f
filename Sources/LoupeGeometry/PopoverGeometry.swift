/// A popover ignores the zoom ("Zoom transitions" guide): the page fades in place at its own frame.
public struct PopoverGeometry: Sendable, Hashable {
    public var destinationFrame: Rect
    public var cornerRadius: Double

    public init(destinationFrame: Rect, cornerRadius: Double = 0) {
        self.destinationFrame = destinationFrame
        self.cornerRadius = cornerRadius
    }

    public func state(atProgress p: Double) -> FrameState {
        FrameState(
            transform: .translation(destinationFrame.x, destinationFrame.y),
            mask: RoundedRect(rect: destinationFrame, cornerRadius: cornerRadius),
            opacity: Opacities(sourceSlot: 1, sourceContent: 0, destination: Scalar.unit(p), dimming: 0, background: 0),
            shadow: .none
        )
    }
}
