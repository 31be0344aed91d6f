import LoupeGeometry

/// Draws a card position: the geometry engine's frame at the position's progress, with the gesture's
/// similarity transform applied on top.
///
/// The gesture transform G moves the whole card: the content transform becomes G ∘ T, the mask
/// and the crossfade layers move and scale with it, and the corner radius scales with the card
/// ("the mask and corner radius following", issue 5). A mask is an axis-aligned rect, which cannot
/// hold a rotation, so a spun card's mask is reported **rotated about its own centre by the
/// transform's angle** (`atan2(b, a)`): its centre is where G puts the unrotated mask's centre, its
/// size is scaled. Without rotation this is exactly the mask G produces, as in a plan.
/// Opacities, shadow and the covered page come from the geometry unchanged.
enum FrameComposer {
    /// - Parameter shrinking: the card is on its way back to the source (see `ZoomGeometry`).
    static func frame(_ geometry: TransitionGeometry, position: CardPosition, pivot: Point, resting: Bool, shrinking: Bool = false) -> FrameState {
        let progress = position.progress
        if resting, position.hasIdentityGesture, progress == 0 || progress == 1 {
            return geometry.restingState(atProgress: progress, shrinking: shrinking)
        }
        // The geometry draws progress past either end rubber-banded, as plans do (issue 23 §1).
        var frame = geometry.state(atProgress: progress, shrinking: shrinking)
        guard !position.hasIdentityGesture else { return frame }
        let drawn = position.withDrawnScale
        let g = drawn.gestureTransform(pivot: pivot)
        frame.transform = g.concatenating(frame.transform)
        frame.mask = moved(frame.mask, by: g, scale: drawn.scale)
        if var layers = frame.layers {
            layers.content.transform = g.concatenating(layers.content.transform)
            layers.content.mask = moved(layers.content.mask, by: g, scale: drawn.scale)
            layers.background.transform = g.concatenating(layers.background.transform)
            layers.background.mask = moved(layers.background.mask, by: g, scale: drawn.scale)
            frame.layers = layers
        }
        return frame
    }

    /// The mask under G, in the rotated-about-its-centre convention.
    private static func moved(_ mask: RoundedRect, by g: AffineTransform, scale: Double) -> RoundedRect {
        let size = Size(width: mask.rect.width * abs(scale), height: mask.rect.height * abs(scale))
        return RoundedRect(
            rect: Rect(center: g.apply(to: mask.rect.center), size: size),
            cornerRadius: mask.cornerRadius * abs(scale))
    }
}

extension AffineTransform {
    /// `self ∘ other`: apply `other` first, then `self`.
    func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + c * other.b, b: b * other.a + d * other.b,
            c: a * other.c + c * other.d, d: b * other.c + d * other.d,
            tx: a * other.tx + c * other.ty + tx, ty: b * other.tx + d * other.ty + ty)
    }
}
