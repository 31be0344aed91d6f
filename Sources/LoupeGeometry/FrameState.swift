/// The visual state of a transition at one progress value: what `ZoomGeometry` and its siblings
/// compute, and what a `Keyframe` carries with its time.
public struct FrameState: Sendable, Hashable {
    /// Destination-local → container coordinates (scale + translation). At rest it is a translation
    /// to the destination frame's origin: the identity for a full-screen page.
    public var transform: AffineTransform
    /// The card's clip in container coordinates.
    public var mask: RoundedRect
    public var opacity: Opacities
    public var shadow: Shadow
    /// The covered page's transform (container → container): under a zoom that covers the page
    /// full screen, a scale about the container's centre from 1 to 0.914 with the card at full
    /// screen (swift_transitions' native measurements, `kZoomCoveredPageScale`; docs/behaviour.md,
    /// "Covered page shrinks to 0.914"), identity where the page does not cover it; the slide
    /// fallback's 30 % parallax otherwise.
    public var covered: AffineTransform
    /// Crossfade mode only: the zooming content and the fading background as separate layers.
    public var layers: CrossfadeLayers?
    /// The blur over the covered page (`dimmingVisualEffect`), in points as a Gaussian standard
    /// deviation; it follows the dimming's progress. 0 without the effect.
    public var blur: Double

    public init(
        transform: AffineTransform, mask: RoundedRect, opacity: Opacities, shadow: Shadow,
        covered: AffineTransform = .identity, layers: CrossfadeLayers? = nil, blur: Double = 0
    ) {
        self.transform = transform
        self.mask = mask
        self.opacity = opacity
        self.shadow = shadow
        self.covered = covered
        self.layers = layers
        self.blur = blur
    }

    /// True when every number in the state is finite.
    public var isFinite: Bool {
        transform.isFinite && mask.isFinite && opacity.isFinite
            && shadow.isFinite
            && covered.isFinite && (layers?.isFinite ?? true) && blur.isFinite
    }
}
