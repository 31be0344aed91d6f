import LoupeGeometry

/// A spread that got past its dead zone on the source: where it took hold, how far the content
/// grows on the way to the destination, and the lifecycle event (the push or present) it started.
struct SpreadOpening: Sendable, Hashable {
    var anchor: GestureAnchor
    /// How many times the content grows from the source to the destination (1 ÷ the zoom's
    /// initial scale): the spread ratio at which the card reaches the page.
    var ratio: Double
    /// Index into the simulator's lifecycle links of the push or present the spread started. A
    /// finishing release completes it when its landing settles, so the lifecycle's push ends
    /// exactly when the keyframes come to rest.
    var link: Int

    /// The opening ratio for a host's geometry: 1 ÷ the zoom's initial content scale, or
    /// `model.spreadFallbackRatio` when the content grows less than 1.25× (a source about as big as
    /// the page), so the card never swings from source to page over a few points of spread.
    static func ratio(_ geometry: TransitionGeometry, model: GestureModel) -> Double {
        if case .zoom(let zoom) = geometry, zoom.initialScale > 0 {
            let ratio = 1 / zoom.initialScale
            if ratio.isFinite, ratio >= 1.25 { return ratio }
        }
        return model.spreadFallbackRatio
    }
}
