import LoupeGeometry

/// One layer of a Lottie (Bodymovin) animation, as `PlanLottie` builds it and `LottieWriter`
/// spells it: what it draws and its transform, each animated property as a `LottieProperty`.
///
/// Only what lottie-web, lottie-ios, lottie-android and rlottie all play: shape layers with a
/// rounded rect (`rc`) and a solid fill (`fl`), image layers, precomposition layers, alpha track
/// mattes, and layer transforms made of position, scale and opacity. No expressions, effects or
/// layer styles (see https://lottiefiles.github.io/lottie-docs/ for the format).
public struct LottieLayer: Sendable {
    public enum Content: Sendable {
        /// A shape layer: one group holding a rounded rect and its fill (RGB 0...1, opacity 0...100).
        case roundedRect(LottieRoundedRect, fill: [Double], fillOpacity: Double)
        /// A shape layer: rounded rects stacked in one layer, each its own group with the same
        /// fill colour (RGB 0...1, per frame or constant) at its own opacity (a soft edge drawn as
        /// nested rings).
        case stackedRoundedRects([LottieRoundedRect], fill: LottieProperty, fillOpacities: [Double])
        /// An image layer drawing the image asset `asset` at its size, top-left at the layer's origin.
        case image(asset: String)
        /// A precomposition layer playing the composition asset `asset` in a `width`×`height` box
        /// at the layer's origin (the whole canvas here).
        case precomposition(asset: String, width: Double, height: Double)
    }

    /// How a layer relates to the one below it in the list (Lottie's `td` and `tt`).
    public enum Matte: Sendable {
        case none
        /// Not drawn: its alpha masks the next layer (`td: 1`).
        case isMatte
        /// Drawn only where the layer above it (a `.isMatte` layer) is opaque (`tt: 1`, alpha matte).
        case alphaMatted
    }

    public var name: String
    public var content: Content
    public var matte: Matte = .none
    /// `[x, y, 0]` in the composition's points: where the layer's origin goes.
    public var position: LottieProperty = .constant([0, 0, 0])
    /// `[x %, y %, 100]`.
    public var scale: LottieProperty = .constant([100, 100, 100])
    /// `[0...100]`.
    public var opacity: LottieProperty = .constant([100])

    public init(
        name: String, content: Content, matte: Matte = .none, position: LottieProperty = .constant([0, 0, 0]),
        scale: LottieProperty = .constant([100, 100, 100]), opacity: LottieProperty = .constant([100])
    ) {
        self.name = name
        self.content = content
        self.matte = matte
        self.position = position
        self.scale = scale
        self.opacity = opacity
    }
}
