import LoupeGeometry
import LoupeJSON
import LoupeLifecycle

/// Writes one keyframe in the plan format: time, progress, transform, mask, opacity, shadow,
/// covered and (crossfade only) layers, in that order. Plans and timelines share it, so a
/// timeline's keyframes read exactly like a plan's.
struct KeyframeWriter {
    /// Decimal places for every non-integer number, or nil for round-trip precision.
    let precision: Int?
    /// Whether keyframes carry `blur` (only when a `dimmingVisualEffect` was asked for, so
    /// answers without one are unchanged).
    let blurs: Bool

    /// The members a plan and a timeline share, in their order: `keyframes`, `dimmingColor`
    /// ("#RRGGBB" or "#RRGGBBAA"), `dimmingVisualEffect` (only when there is one) and `callbacks`
    /// on the keyframes' clock.
    static func writeMotion(
        _ keyframes: [Keyframe], dimmingColor: RGBAColor, dimmingVisualEffect: BlurStyle?, callbacks: [TraceEntry],
        to writer: inout JSONWriter, precision: Int?
    ) {
        let keyframeWriter = KeyframeWriter(precision: precision, blurs: dimmingVisualEffect != nil)
        writer.key(Keys.keyframes)
        writer.beginArray()
        for keyframe in keyframes { keyframeWriter.write(keyframe, to: &writer) }
        writer.endArray()
        writer.member("dimmingColor", dimmingColor.hex)
        if let dimmingVisualEffect { writer.member("dimmingVisualEffect", dimmingVisualEffect.rawValue) }
        writer.key(Keys.callbacks)
        writer.beginArray()
        for entry in callbacks { TraceWriter.write(entry, to: &writer, precision: precision) }
        writer.endArray()
    }

    private func write(_ keyframe: Keyframe, to writer: inout JSONWriter) {
        writer.beginObject()
        number(Keys.time, keyframe.time, &writer)
        number(Keys.progress, keyframe.progress, &writer)
        transform(Keys.transform, keyframe.transform, &writer)
        mask(Keys.mask, keyframe.mask, &writer)
        writer.key(Keys.opacity)
        writer.beginObject()
        number(Keys.sourceSlot, keyframe.opacity.sourceSlot, &writer)
        number(Keys.sourceContent, keyframe.opacity.sourceContent, &writer)
        number(Keys.destination, keyframe.opacity.destination, &writer)
        number(Keys.dimming, keyframe.opacity.dimming, &writer)
        number(Keys.background, keyframe.opacity.background, &writer)
        number(Keys.covered, keyframe.opacity.covered, &writer)
        writer.endObject()
        if blurs { number(Keys.blur, keyframe.blur, &writer) }
        writer.key(Keys.shadow)
        writer.beginObject()
        number(Keys.radius, keyframe.shadow.radius, &writer)
        number(Keys.opacity, keyframe.shadow.opacity, &writer)
        number(Keys.offsetY, keyframe.shadow.offsetY, &writer)
        writer.endObject()
        transform(Keys.covered, keyframe.covered, &writer)
        if let layers = keyframe.layers {
            writer.key(Keys.layers)
            writer.beginObject()
            layer(Keys.content, layers.content, &writer)
            layer(Keys.background, layers.background, &writer)
            writer.endObject()
        }
        writer.endObject()
    }

    private func layer(_ name: JSONKey, _ layer: Layer, _ writer: inout JSONWriter) {
        writer.key(name)
        writer.beginObject()
        transform(Keys.transform, layer.transform, &writer)
        mask(Keys.mask, layer.mask, &writer)
        number(Keys.opacity, layer.opacity, &writer)
        writer.endObject()
    }

    /// `[a, b, c, d, tx, ty]`, CSS `matrix()` order.
    private func transform(_ name: JSONKey, _ transform: AffineTransform, _ writer: inout JSONWriter) {
        writer.key(name)
        writer.beginArray()
        // The six components one by one: `values` would allocate an array per transform.
        // A zoom scales x and y alike, so d is a's bytes again: copied, not formatted twice.
        let a = writer.markedNumber(transform.a, places: precision)
        writer.number(transform.b, places: precision)
        writer.number(transform.c, places: precision)
        if transform.d.bitPattern == transform.a.bitPattern {
            writer.repeatNumber(a)
        } else {
            writer.number(transform.d, places: precision)
        }
        writer.number(transform.tx, places: precision)
        writer.number(transform.ty, places: precision)
        writer.endArray()
    }

    private func mask(_ name: JSONKey, _ mask: RoundedRect, _ writer: inout JSONWriter) {
        writer.key(name)
        writer.beginObject()
        number(Keys.x, mask.rect.x, &writer)
        number(Keys.y, mask.rect.y, &writer)
        number(Keys.width, mask.rect.width, &writer)
        number(Keys.height, mask.rect.height, &writer)
        number(Keys.cornerRadius, mask.cornerRadius, &writer)
        writer.endObject()
    }

    /// Inlined into every member it writes: a keyframe has a dozen numbers, an answer a few
    /// hundred keyframes, and a call costs as much as the member name's copy.
    @inline(__always)
    private func number(_ name: JSONKey, _ value: Double, _ writer: inout JSONWriter) {
        writer.key(name)
        writer.number(value, places: precision)
    }

    /// Every member name a keyframe has, written once.
    private enum Keys {
        static let background = JSONKey("background")
        static let callbacks = JSONKey("callbacks")
        static let content = JSONKey("content")
        static let cornerRadius = JSONKey("cornerRadius")
        static let covered = JSONKey("covered")
        static let destination = JSONKey("destination")
        static let dimming = JSONKey("dimming")
        static let blur = JSONKey("blur")
        static let height = JSONKey("height")
        static let keyframes = JSONKey("keyframes")
        static let layers = JSONKey("layers")
        static let mask = JSONKey("mask")
        static let offsetY = JSONKey("offsetY")
        static let opacity = JSONKey("opacity")
        static let progress = JSONKey("progress")
        static let radius = JSONKey("radius")
        static let shadow = JSONKey("shadow")
        static let sourceContent = JSONKey("sourceContent")
        static let sourceSlot = JSONKey("sourceSlot")
        static let time = JSONKey("time")
        static let transform = JSONKey("transform")
        static let width = JSONKey("width")
        static let x = JSONKey("x")
        static let y = JSONKey("y")
    }
}
