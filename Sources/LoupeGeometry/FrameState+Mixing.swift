/// Mixing two frame states number by number: how a timeline moves the card from one source's
/// geometry to another's while it is in flight, without a jump.
extension FrameState {
    /// `self` at share 0, `other` at share 1, every number interpolated linearly (transforms
    /// component-wise, which is exact for the scale-and-translate transforms geometry produces).
    /// Crossfade layers mix when both states have them; otherwise the nearer state's are kept.
    public func mixed(with other: FrameState, share t: Double) -> FrameState {
        var layers = t < 0.5 ? self.layers : other.layers
        if let mine = self.layers, let theirs = other.layers {
            layers = CrossfadeLayers(
                content: mine.content.mixed(with: theirs.content, share: t),
                background: mine.background.mixed(with: theirs.background, share: t))
        }
        return FrameState(
            transform: transform.mixed(with: other.transform, share: t),
            mask: mask.mixed(with: other.mask, share: t),
            opacity: Opacities(
                sourceSlot: Scalar.lerp(opacity.sourceSlot, other.opacity.sourceSlot, t),
                sourceContent: Scalar.lerp(opacity.sourceContent, other.opacity.sourceContent, t),
                destination: Scalar.lerp(opacity.destination, other.opacity.destination, t),
                dimming: Scalar.lerp(opacity.dimming, other.opacity.dimming, t),
                background: Scalar.lerp(opacity.background, other.opacity.background, t),
                covered: Scalar.lerp(opacity.covered, other.opacity.covered, t)),
            shadow: shadow.mixed(with: other.shadow, t),
            covered: covered.mixed(with: other.covered, share: t),
            layers: layers,
            blur: Scalar.lerp(blur, other.blur, t))
    }
}

extension Layer {
    func mixed(with other: Layer, share t: Double) -> Layer {
        Layer(
            transform: transform.mixed(with: other.transform, share: t), mask: mask.mixed(with: other.mask, share: t),
            opacity: Scalar.lerp(opacity, other.opacity, t))
    }
}

extension RoundedRect {
    func mixed(with other: RoundedRect, share t: Double) -> RoundedRect {
        RoundedRect(rect: Rect.lerp(rect, other.rect, t), cornerRadius: Scalar.lerp(cornerRadius, other.cornerRadius, t))
    }
}

extension AffineTransform {
    func mixed(with other: AffineTransform, share t: Double) -> AffineTransform {
        AffineTransform(
            a: Scalar.lerp(a, other.a, t), b: Scalar.lerp(b, other.b, t), c: Scalar.lerp(c, other.c, t),
            d: Scalar.lerp(d, other.d, t), tx: Scalar.lerp(tx, other.tx, t), ty: Scalar.lerp(ty, other.ty, t))
    }
}
