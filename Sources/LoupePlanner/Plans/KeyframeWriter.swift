import LoupeGeometry
import LoupeJSON
import LoupeLifecycle
import LoupeRendering

/// Writes one keyframe in the plan format: time, progress, transform, mask, opacity, shadow,
/// covered and (crossfade only) layers, in that order. Plans and timelines share it, so a
/// timeline's keyframes read exactly like a plan's.
struct KeyframeWriter {
    /// Decimal places for every non-integer number, or nil for round-trip precision.
    let precision: Int?
    /// Whether keyframes carry `blur` (only when a `dimmingVisualEffect` was asked for, so
    /// answers without one are unchanged).
    let blurs: Bool
    /// The member names, loaded once per answer: a static read per member went through the
    /// runtime's once-check each time, about a thousand times an answer.
    private let keys = Keys.shared

    init(precision: Int?, blurs: Bool) {
        self.precision = precision
        self.blurs = blurs
    }

    /// The members a plan and a timeline share, in their order: `keyframes`, `dimmingColor`
    /// ("#RRGGBB" or "#RRGGBBAA"), `dimmingVisualEffect` (only when there is one) and `callbacks`
    /// on the keyframes' clock. `precision` rounds what is drawn; times are always exact.
    static func writeMotion(
        _ keyframes: [Keyframe], dimmingColor: RGBAColor, dimmingVisualEffect: BlurStyle?, callbacks: [TraceEntry],
        to writer: inout JSONWriter, precision: Int?
    ) {
        let keyframeWriter = KeyframeWriter(precision: precision, blurs: dimmingVisualEffect != nil)
        writer.key(keyframeWriter.keys.keyframes)
        writer.beginArray()
        for keyframe in keyframes { keyframeWriter.write(keyframe, to: &writer) }
        writer.endArray()
        writer.member("dimmingColor", dimmingColor.hex)
        if let dimmingVisualEffect { writer.member("dimmingVisualEffect", dimmingVisualEffect.rawValue) }
        writer.key(keyframeWriter.keys.callbacks)
        // On the keyframes' clock, so exact like the keyframes' times (issue 35 §2).
        TraceWriter.write(callbacks, to: &writer)
    }

    private func write(_ keyframe: Keyframe, to writer: inout JSONWriter) {
        writer.beginObject()
        // Times are never rounded (issue 35 §2): rounded, the keyframes 1/240 s apart, or the
        // last one a microsecond after its neighbour, ran together at two places.
        writer.key(keys.time)
        writer.number(keyframe.time)
        number(keys.progress, keyframe.progress, &writer)
        transform(keys.transform, keyframe.transform, &writer)
        mask(keys.mask, keyframe.mask, &writer)
        writer.key(keys.opacity)
        writer.beginObject()
        number(keys.sourceSlot, keyframe.opacity.sourceSlot, &writer)
        number(keys.sourceContent, keyframe.opacity.sourceContent, &writer)
        number(keys.destination, keyframe.opacity.destination, &writer)
        number(keys.dimming, keyframe.opacity.dimming, &writer)
        number(keys.background, keyframe.opacity.background, &writer)
        number(keys.covered, keyframe.opacity.covered, &writer)
        writer.endObject()
        if blurs { number(keys.blur, keyframe.blur, &writer) }
        writer.key(keys.shadow)
        writer.beginObject()
        number(keys.radius, keyframe.shadow.radius, &writer)
        number(keys.opacity, keyframe.shadow.opacity, &writer)
        number(keys.offsetY, keyframe.shadow.offsetY, &writer)
        writer.endObject()
        transform(keys.covered, keyframe.covered, &writer)
        if let layers = keyframe.layers {
            writer.key(keys.layers)
            writer.beginObject()
            layer(keys.content, layers.content, &writer)
            layer(keys.background, layers.background, &writer)
            writer.endObject()
        }
        writer.endObject()
    }

    private func layer(_ name: JSONKey, _ layer: Layer, _ writer: inout JSONWriter) {
        writer.key(name)
        writer.beginObject()
        transform(keys.transform, layer.transform, &writer)
        mask(keys.mask, layer.mask, &writer)
        number(keys.opacity, layer.opacity, &writer)
        writer.endObject()
    }

    /// `[a, b, c, d, tx, ty]`, CSS `matrix()` order.
    private func transform(_ name: JSONKey, _ transform: AffineTransform, _ writer: inout JSONWriter) {
        writer.key(name)
        writer.beginArray()
        // The six components one by one: `values` would allocate an array per transform.
        // A zoom scales x and y alike, so d is a's bytes again: copied, not formatted twice.
        // The scale entries keep three significant digits (`SignificantDigits`): a small card
        // must not round to scale 0.
        let a = writer.markedNumber(transform.a, places: SignificantDigits.places(precision, keeping: transform.a))
        writer.number(transform.b, places: SignificantDigits.places(precision, keeping: transform.b))
        writer.number(transform.c, places: SignificantDigits.places(precision, keeping: transform.c))
        if transform.d.bitPattern == transform.a.bitPattern {
            writer.repeatNumber(a)
        } else {
            writer.number(transform.d, places: SignificantDigits.places(precision, keeping: transform.d))
        }
        writer.number(transform.tx, places: precision)
        writer.number(transform.ty, places: precision)
        writer.endArray()
    }

    private func mask(_ name: JSONKey, _ mask: RoundedRect, _ writer: inout JSONWriter) {
        writer.key(name)
        writer.beginObject()
        number(keys.x, mask.rect.x, &writer)
        number(keys.y, mask.rect.y, &writer)
        size(keys.width, mask.rect.width, &writer)
        size(keys.height, mask.rect.height, &writer)
        number(keys.cornerRadius, mask.cornerRadius, &writer)
        writer.endObject()
    }

    /// Inlined into every member it writes: a keyframe has a dozen numbers, an answer a few
    /// hundred keyframes, and a call costs as much as the member name's copy.
    @inline(__always)
    private func number(_ name: JSONKey, _ value: Double, _ writer: inout JSONWriter) {
        writer.key(name)
        writer.number(value, places: precision)
    }

    /// A mask's width or height: three significant digits at least, so a thin mask is never 0.
    private func size(_ name: JSONKey, _ value: Double, _ writer: inout JSONWriter) {
        writer.key(name)
        writer.number(value, places: SignificantDigits.places(precision, keeping: value))
    }

    /// Every member name a keyframe has, written once.
    private struct Keys {
        static let shared = Keys()

        let background = JSONKey("background")
        let callbacks = JSONKey("callbacks")
        let content = JSONKey("content")
        let cornerRadius = JSONKey("cornerRadius")
        let covered = JSONKey("covered")
        let destination = JSONKey("destination")
        let dimming = JSONKey("dimming")
        let blur = JSONKey("blur")
        let height = JSONKey("height")
        let keyframes = JSONKey("keyframes")
        let layers = JSONKey("layers")
        let mask = JSONKey("mask")
        let offsetY = JSONKey("offsetY")
        let opacity = JSONKey("opacity")
        let progress = JSONKey("progress")
        let radius = JSONKey("radius")
        let shadow = JSONKey("shadow")
        let sourceContent = JSONKey("sourceContent")
        let sourceSlot = JSONKey("sourceSlot")
        let time = JSONKey("time")
        let transform = JSONKey("transform")
        let width = JSONKey("width")
        let x = JSONKey("x")
        let y = JSONKey("y")
    }
}
