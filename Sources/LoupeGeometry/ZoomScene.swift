/// Everything the engine needs to plan one transition, already parsed and range-checked by the
/// planner (finite numbers, frame rate 24...240, non-negative sizes).
///
/// The engine still never crashes on odd finite values: empty frames, off-screen sources and huge
/// numbers either fall back (with a warning) or end in a `GeometryError`.
public struct ZoomScene: Sendable, Hashable {
    public var transition: TransitionKind
    public var platform: Platform
    public var container: Container
    public var source: SourceInput
    public var destination: Destination
    public var animation: AnimationSettings
    public var options: ZoomOptions

    public init(
        transition: TransitionKind,
        platform: Platform = .iOS,
        container: Container,
        source: SourceInput,
        destination: Destination,
        animation: AnimationSettings = AnimationSettings(),
        options: ZoomOptions = ZoomOptions()
    ) {
        self.transition = transition
        self.platform = platform
        self.container = container
        self.source = source
        self.destination = destination
        self.animation = animation
        self.options = options
    }
}
