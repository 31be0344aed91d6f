/// One sample of the transition: its time, the spring's progress and the visual state.
public struct Keyframe: Sendable, Hashable {
    /// Seconds since the transition started: k/frameRate, the last one at the settling time.
    public var time: Double
    /// The spring's value, 0 → 1 for the journey (push: out of the source; pop: back into it).
    /// May pass 1 for bouncy springs; the geometry overshoots with it. Exactly 1 on the last keyframe.
    public var progress: Double
    /// The visual part: what the geometry computed at this progress.
    public var state: FrameState

    public init(time: Double, progress: Double, state: FrameState) {
        self.time = time
        self.progress = progress
        self.state = state
    }

    /// Whether the progress and every number of the state are finite (a keyframe that is not
    /// could not be written as JSON, nor played).
    public var isFinite: Bool { progress.isFinite && state.isFinite }

    // The state's members, read and written through the keyframe, as renderers use them.

    /// See `FrameState.transform`.
    public var transform: AffineTransform {
        get { state.transform }
        set { state.transform = newValue }
    }
    /// See `FrameState.mask`.
    public var mask: RoundedRect {
        get { state.mask }
        set { state.mask = newValue }
    }
    /// See `FrameState.opacity`.
    public var opacity: Opacities {
        get { state.opacity }
        set { state.opacity = newValue }
    }
    /// See `FrameState.shadow`.
    public var shadow: Shadow {
        get { state.shadow }
        set { state.shadow = newValue }
    }
    /// The covered page's transform (see `FrameState.covered`).
    public var covered: AffineTransform {
        get { state.covered }
        set { state.covered = newValue }
    }
    /// Crossfade mode only (see `FrameState.layers`).
    public var layers: CrossfadeLayers? {
        get { state.layers }
        set { state.layers = newValue }
    }
    /// See `FrameState.blur`.
    public var blur: Double {
        get { state.blur }
        set { state.blur = newValue }
    }
}
