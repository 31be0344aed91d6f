/// One sample of the transition: its time, the spring's progress and the visual state.
public struct Keyframe: Sendable, Hashable {
    /// Seconds since the transition started: k/frameRate, the last one at the settling time.
    public var time: Double
    /// The spring's value, 0 → 1 for the journey (push: out of the source; pop: back into it).
    /// May pass 1 for bouncy springs; the geometry overshoots with it. Exactly 1 on the last keyframe.
    public var progress: Double
    public var transform: AffineTransform
    public var mask: RoundedRect
    public var opacity: Opacities
    public var shadow: Shadow
    /// The covered page's transform (see `FrameState.covered`).
    public var covered: AffineTransform
    /// Crossfade mode only.
    public var layers: CrossfadeLayers?
    /// See `FrameState.blur`.
    public var blur: Double

    public init(time: Double, progress: Double, state: FrameState) {
        self.time = time
        self.progress = progress
        self.transform = state.transform
        self.mask = state.mask
        self.opacity = state.opacity
        self.shadow = state.shadow
        self.covered = state.covered
        self.layers = state.layers
        self.blur = state.blur
    }

    /// The visual part, without time and progress.
    public var state: FrameState {
        FrameState(transform: transform, mask: mask, opacity: opacity, shadow: shadow, covered: covered, layers: layers, blur: blur)
    }
}
