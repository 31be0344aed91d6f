/// The modal default where zoom is ignored: the page rises from below the container; the covered
/// page stays put and is not dimmed (no measurement exists; UIKit's `coverVertical` has no scrim).
public struct CoverGeometry: Sendable, Hashable {
    public var destinationFrame: Rect
    public var containerHeight: Double
    public var cornerRadius: Double

    public init(destinationFrame: Rect, containerHeight: Double, cornerRadius: Double = 0) {
        self.destinationFrame = destinationFrame
        self.containerHeight = containerHeight
        self.cornerRadius = cornerRadius
    }

    public func state(atProgress p: Double) -> FrameState {
        let dy = (1 - p) * containerHeight
        return FrameState(
            transform: .translation(destinationFrame.x, destinationFrame.y + dy),
            mask: RoundedRect(rect: destinationFrame.offsetBy(dx: 0, dy: dy), cornerRadius: cornerRadius),
            opacity: Opacities(sourceSlot: 1, sourceContent: 0, destination: 1, dimming: 0, background: 0),
            shadow: .none
        )
    }
}
