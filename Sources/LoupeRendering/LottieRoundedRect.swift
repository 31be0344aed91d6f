import LoupeGeometry

/// A rounded rect in a shape layer's coordinates: `rc` with its centre, size and corner radius.
public struct LottieRoundedRect: Sendable {
    /// `[x, y]`
    public var centre: LottieProperty
    /// `[width, height]`
    public var size: LottieProperty
    /// `[radius]`
    public var radius: LottieProperty

    /// A rounded rect following `masks` frame by frame, moved right by `offsetX` and down by
    /// `offsetY` and grown by `spread` on every side (radius included).
    public init(_ masks: [RoundedRect], offsetX: [Double]? = nil, offsetY: [Double]? = nil, spread: [Double]? = nil) {
        func grown(_ index: Int) -> Double { spread?[index] ?? 0 }
        centre = LottieProperty(
            masks.indices.map { [masks[$0].rect.midX + (offsetX?[$0] ?? 0), masks[$0].rect.midY + (offsetY?[$0] ?? 0)] })
        size = LottieProperty(masks.indices.map { [masks[$0].rect.width + 2 * grown($0), masks[$0].rect.height + 2 * grown($0)] })
        radius = LottieProperty(masks.indices.map { [masks[$0].cornerRadius + grown($0)] })
    }

    /// A still rect.
    public init(_ rect: Rect) {
        centre = .constant([rect.midX, rect.midY])
        size = .constant([rect.width, rect.height])
        radius = .constant([0])
    }
}
