#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import LoupeGeometry

/// What a recording can see of the zooming card at one instant: its on-screen box, and the
/// properties a player may also log. The expected side always knows them all; an observed frame
/// holds only what its recorder measured, and only that is compared.
public struct CardSample: Sendable, Hashable {
    /// The card's on-screen box in container points, y down: the plan's mask (for a card rotated
    /// under a finger, the box around the rotated mask, which is what a tracker sees).
    public var card: Rect
    public var cornerRadius: Double?
    /// The scrim's opacity over the covered page, 0...1.
    public var dimming: Double?
    /// The source snapshot's opacity inside the card, 0...1.
    public var sourceContent: Double?

    public init(card: Rect, cornerRadius: Double? = nil, dimming: Double? = nil, sourceContent: Double? = nil) {
        self.card = card
        self.cornerRadius = cornerRadius
        self.dimming = dimming
        self.sourceContent = sourceContent
    }

    /// How far apart two boxes are: the largest distance between matching edges, in points. A
    /// tracker's box moves at its fastest edge, so this is what "the card moved" means.
    public static func edgeDistance(_ one: Rect, _ other: Rect) -> Double {
        max(
            abs(one.minX - other.minX), abs(one.maxX - other.maxX),
            abs(one.minY - other.minY), abs(one.maxY - other.maxY))
    }
}

extension CardSample {
    /// The sample a keyframe shows: the mask's box (rotated with the transform's angle, as a
    /// timeline draws a card turned by a rotation gesture), its radius and the two opacities.
    init(_ keyframe: Keyframe) {
        let mask = keyframe.mask.rect
        let angle = atan2(keyframe.transform.b, keyframe.transform.a)
        var box = mask
        if abs(angle) > 1e-9 {
            let cosine = abs(cos(angle))
            let sine = abs(sin(angle))
            let width = mask.width * cosine + mask.height * sine
            let height = mask.width * sine + mask.height * cosine
            box = Rect(center: mask.center, size: Size(width: width, height: height))
        }
        self.init(
            card: box, cornerRadius: keyframe.mask.cornerRadius, dimming: keyframe.opacity.dimming,
            sourceContent: keyframe.opacity.sourceContent)
    }
}
