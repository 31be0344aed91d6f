import LoupeGeometry

/// A rounded rect in a shape layer's coordinates: `rc` with its centre, size and corner radius.
public struct LottieRoundedRect: Sendable {
    /// `[x, y]`
    public var centre: LottieTrack
    /// `[width, height]`
    public var size: LottieTrack
    /// `[radius]`
    public var radius: LottieTrack

    /// A rounded rect following `masks` frame by frame, moved down by `offsetY` and grown by
    /// `spread` on every side (radius included).
    public init(_ masks: [RoundedRect], offsetY: [Double]? = nil, spread: [Double]? = nil) {
        func grown(_ index: Int) -> Double { spread?[index] ?? 0 }
        centre = LottieTrack(masks.indices.map { [masks[$0].rect.midX, masks[$0].rect.midY + (offsetY?[$0] ?? 0)] })
        size = LottieTrack(masks.indices.map { [masks[$0].rect.width + 2 * grown($0), masks[$0].rect.height + 2 * grown($0)] })
        radius = LottieTrack(masks.indices.map { [masks[$0].cornerRadius + grown($0)] })
    }

    /// A still rect.
    public init(_ rect: Rect) {
        centre = .constant([rect.midX, rect.midY])
        size = .constant([rect.width, rect.height])
        radius = .constant([0])
    }
}
