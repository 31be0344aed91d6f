import LoupeGeometry

/// One layer of a Lottie (Bodymovin) animation, as `PlanLottie` builds it and `LottieWriter`
/// spells it: what it draws and its transform, each animated property as a `LottieTrack`.
///
/// Only what lottie-web, lottie-ios, lottie-android and rlottie all play: shape layers with a
/// rounded rect (`rc`) and a solid fill (`fl`), image layers, precomposition layers, alpha track
/// mattes, and layer transforms made of position, scale and opacity. No expressions, effects or
/// layer styles (see https://lottiefiles.github.io/lottie-docs/ for the format).
struct LottieLayer: Sendable {
    enum Content: Sendable {
        /// A shape layer: one group holding a rounded rect and its fill (RGB 0...1, opacity 0...100).
        case roundedRect(LottieRoundedRect, fill: [Double], fillOpacity: Double)
        /// A shape layer: rounded rects stacked in one layer, each its own group with the same
        /// fill colour at its own opacity (a soft edge drawn as nested rings).
        case stackedRoundedRects([LottieRoundedRect], fill: [Double], fillOpacities: [Double])
        /// An image layer drawing the image asset `asset` at its size, top-left at the layer's origin.
        case image(asset: String)
        /// A precomposition layer playing the composition asset `asset` in a `width`×`height` box
        /// at the layer's origin (the whole canvas here).
        case precomposition(asset: String, width: Double, height: Double)
    }

    /// How a layer relates to the one below it in the list (Lottie's `td` and `tt`).
    enum Matte: Sendable {
        case none
        /// Not drawn: its alpha masks the next layer (`td: 1`).
        case isMatte
        /// Drawn only where the layer above it (a `.isMatte` layer) is opaque (`tt: 1`, alpha matte).
        case alphaMatted
    }

    var name: String
    var content: Content
    var matte: Matte = .none
    /// `[x, y, 0]` in the composition's points: where the layer's origin goes.
    var position: LottieTrack = .constant([0, 0, 0])
    /// `[x %, y %, 100]`.
    var scale: LottieTrack = .constant([100, 100, 100])
    /// `[0...100]`.
    var opacity: LottieTrack = .constant([100])
}

/// A rounded rect in a shape layer's coordinates: `rc` with its centre, size and corner radius.
struct LottieRoundedRect: Sendable {
    /// `[x, y]`
    var centre: LottieTrack
    /// `[width, height]`
    var size: LottieTrack
    /// `[radius]`
    var radius: LottieTrack

    /// A rounded rect following `masks` frame by frame, moved down by `offsetY` and grown by
    /// `spread` on every side (radius included).
    init(_ masks: [RoundedRect], offsetY: [Double]? = nil, spread: [Double]? = nil) {
        func grown(_ index: Int) -> Double { spread?[index] ?? 0 }
        centre = LottieTrack(masks.indices.map { [masks[$0].rect.midX, masks[$0].rect.midY + (offsetY?[$0] ?? 0)] })
        size = LottieTrack(masks.indices.map { [masks[$0].rect.width + 2 * grown($0), masks[$0].rect.height + 2 * grown($0)] })
        radius = LottieTrack(masks.indices.map { [masks[$0].cornerRadius + grown($0)] })
    }

    /// A still rect.
    init(_ rect: Rect) {
        centre = .constant([rect.midX, rect.midY])
        size = .constant([rect.width, rect.height])
        radius = .constant([0])
    }
}

/// One property's value at each frame: `values[k]` at frame k (one plan keyframe per frame).
/// One value, or values all equal, is a static property.
struct LottieTrack: Sendable, Hashable {
    var values: [[Double]]

    init(_ values: [[Double]]) { self.values = values }

    static func constant(_ value: [Double]) -> LottieTrack { LottieTrack([value]) }

    /// True when every frame has the same value (written as `{"a": 0, "k": value}`).
    var isStatic: Bool { values.dropFirst().allSatisfy { $0 == values.first } }
}
