/// One layer of a crossfade-mode keyframe.
public struct Layer: Sendable, Hashable {
    /// Destination-local → container coordinates.
    public var transform: AffineTransform
    /// Clip in container coordinates.
    public var mask: RoundedRect
    public var opacity: Double

    public init(transform: AffineTransform, mask: RoundedRect, opacity: Double) {
        self.transform = transform
        self.mask = mask
        self.opacity = opacity
    }

    public var isFinite: Bool { transform.isFinite && mask.isFinite && opacity.isFinite }
}
