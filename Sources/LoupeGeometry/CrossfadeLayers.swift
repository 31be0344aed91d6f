/// Crossfade mode: only the alignment-rect content zooms; the rest of the page stays put and fades.
public struct CrossfadeLayers: Sendable, Hashable {
    /// The alignment-rect content, zooming from the source to its place in the page.
    public var content: Layer
    /// The page without the content, at its resting frame, fading in (out on the way back).
    public var background: Layer

    public init(content: Layer, background: Layer) {
        self.content = content
        self.background = background
    }

    public var isFinite: Bool { content.isFinite && background.isFinite }
}
