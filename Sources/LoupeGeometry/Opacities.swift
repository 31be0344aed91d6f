/// Every opacity a renderer needs per keyframe, each 0...1.
public struct Opacities: Sendable, Hashable {
    /// The source's slot in the covered page: 0 while hidden (the card carries its snapshot).
    /// Hidden through a zoom; 1 again on the last keyframe of pop/dismiss.
    public var sourceSlot: Double
    /// The source snapshot inside the card: fades 1 → 0 over the first 55 % of zoom progress
    /// (measured by swift_transitions, not official).
    public var sourceContent: Double
    /// The destination page (or the content layer in crossfade mode).
    public var destination: Double
    /// The scrim over the covered page: `strength × progress` (colour in the plan).
    public var dimming: Double
    /// The opaque system-background view behind a transparent destination during the transition.
    public var background: Double
    /// The covered page (the view of the view controller the page covers): 1 while its view is in
    /// the hierarchy, 0 from the moment the lifecycle trace removes it (a push, or a full-screen
    /// presentation, once it completes; never an overFullScreen one, whose presenter keeps its
    /// view). The geometry draws it in flight; the trace decides (`withCoveredPage`).
    public var covered: Double

    public init(sourceSlot: Double, sourceContent: Double, destination: Double, dimming: Double, background: Double, covered: Double = 1) {
        self.sourceSlot = sourceSlot
        self.sourceContent = sourceContent
        self.destination = destination
        self.dimming = dimming
        self.background = background
        self.covered = covered
    }

    /// All six in a fixed order: sourceSlot, sourceContent, destination, dimming, background, covered.
    public var values: [Double] { [sourceSlot, sourceContent, destination, dimming, background, covered] }

    /// All six are finite (without building `values`).
    public var isFinite: Bool {
        sourceSlot.isFinite && sourceContent.isFinite && destination.isFinite && dimming.isFinite && background.isFinite && covered.isFinite
    }
}
