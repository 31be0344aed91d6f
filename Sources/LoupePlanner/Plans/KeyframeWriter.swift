import LoupeGeometry
import LoupeJSON
import LoupeLifecycle
import LoupeRendering

/// Writes one keyframe in the plan format: time, progress, transform, mask, opacity, shadow,
/// covered, (crossfade only) layers and (with a bar only) navigationBar, in that order. Plans and timelines share it, so a
/// timeline's keyframes read exactly like a plan's.
struct KeyframeWriter {
    /// Decimal places for every non-integer number, or nil for round-trip precision.
    let precision: Int?
    /// Whether keyframes carry `blur` (only when a `dimmingVisualEffect` was asked for, so
    /// answers without one are unchanged).
    let blurs: Bool
    /// The bar whose items' opacities every keyframe carries, when the answer has one.
    let navigationBar: NavigationBar?
    /// Whether each shadow gives its colour and sideways offset (only with a SwiftUI source's
    /// configured shadow: every other shadow is black and straight down).
    let shadowsAreColoured: Bool
    /// The member names, loaded once per answer: a static read per member went through the
    /// runtime's once-check each time, about a thousand times an answer.
    private let names = Names.shared

    init(precision: Int?, blurs: Bool, navigationBar: NavigationBar?, shadowsAreColoured: Bool) {
        self.shadowsAreColoured = shadowsAreColoured
        self.precision = precision
        self.blurs = blurs
        self.navigationBar = navigationBar
    }

    /// The members a plan and a timeline share, in their order: `keyframes`, `dimmingColor`
    /// ("#RRGGBB" or "#RRGGBBAA"), `dimmingVisualEffect`, `sourceBackground`, `sourceShadow` and `navigationBar`
    /// (each only when there is one) and `callbacks` on the keyframes' clock. `precision` rounds
    /// what is drawn; times are always exact.
    static func writeMotion(
        _ keyframes: [Keyframe], dimmingColor: RGBAColor, dimmingVisualEffect: BlurStyle?, sourceBackground: RGBAColor?,
        sourceShadow: Shadow?, navigationBar: NavigationBar?, callbacks: [TraceEntry], to writer: inout JSONWriter, precision: Int?
    ) {
        let keyframeWriter = KeyframeWriter(
            precision: precision, blurs: dimmingVisualEffect != nil, navigationBar: navigationBar, shadowsAreColoured: sourceShadow != nil)
        writer.name(keyframeWriter.names.keyframes)
        writer.beginArray()
        for keyframe in keyframes { keyframeWriter.write(keyframe, to: &writer) }
        writer.endArray()
        writer.member("dimmingColor", dimmingColor.hex)
        if let dimmingVisualEffect { writer.member("dimmingVisualEffect", dimmingVisualEffect.rawValue) }
        // Only when the request gave one, so every other answer keeps its bytes.
        if let sourceBackground { writer.member("sourceBackground", sourceBackground.hex) }
        if let sourceShadow {
            writer.name(keyframeWriter.names.sourceShadow)
            keyframeWriter.shadow(sourceShadow, &writer)
        }
        if let navigationBar {
            writer.name(keyframeWriter.names.navigationBar)
            writer.beginObject()
            writer.name(keyframeWriter.names.frame)
            writer.beginObject()
            keyframeWriter.rectMembers(navigationBar.frame, &writer)
            writer.endObject()
            writer.endObject()
        }
        writer.name(keyframeWriter.names.callbacks)
        // On the keyframes' clock, so exact like the keyframes' times (issue 35 §2).
        TraceWriter.write(callbacks, to: &writer)
    }

    private func write(_ keyframe: Keyframe, to writer: inout JSONWriter) {
        writer.beginObject()
        // Times are never rounded (issue 35 §2): rounded, the keyframes 1/240 s apart, or the
        // last one a microsecond after its neighbour, ran together at two places.
        writer.name(names.time)
        writer.number(keyframe.time)
        number(names.progress, keyframe.progress, &writer)
        transform(names.transform, keyframe.transform, &writer)
        mask(names.mask, keyframe.mask, &writer)
        writer.name(names.opacity)
        writer.beginObject()
        number(names.sourceSlot, keyframe.opacity.sourceSlot, &writer)
        number(names.sourceContent, keyframe.opacity.sourceContent, &writer)
        number(names.destination, keyframe.opacity.destination, &writer)
        number(names.dimming, keyframe.opacity.dimming, &writer)
        number(names.background, keyframe.opacity.background, &writer)
        number(names.covered, keyframe.opacity.covered, &writer)
        writer.endObject()
        if blurs { number(names.blur, keyframe.blur, &writer) }
        writer.name(names.shadow)
        shadow(keyframe.shadow, &writer)
        transform(names.covered, keyframe.covered, &writer)
        if let layers = keyframe.layers {
            writer.name(names.layers)
            writer.beginObject()
            layer(names.content, layers.content, &writer)
            layer(names.background, layers.background, &writer)
            writer.endObject()
        }
        if let navigationBar {
            let bar = navigationBar.opacities(at: keyframe.time)
            writer.name(names.navigationBar)
            writer.beginObject()
            number(names.backButton, bar.backButton, &writer)
            number(names.destinationItems, bar.destinationItems, &writer)
            number(names.coveredItems, bar.coveredItems, &writer)
            writer.endObject()
        }
        writer.endObject()
    }

    /// radius, opacity, offsetY, and with a configured source shadow offsetX and color. Inlined
    /// into each keyframe, as the members it writes were before it was a function of its own.
    @inline(__always)
    private func shadow(_ shadow: Shadow, _ writer: inout JSONWriter) {
        writer.beginObject()
        number(names.radius, shadow.radius, &writer)
        number(names.opacity, shadow.opacity, &writer)
        number(names.offsetY, shadow.offsetY, &writer)
        if shadowsAreColoured {
            number(names.offsetX, shadow.offsetX, &writer)
            writer.name(names.color)
            writer.string(shadow.color.hex)
        }
        writer.endObject()
    }

    private func layer(_ name: JSONName, _ layer: Layer, _ writer: inout JSONWriter) {
        writer.name(name)
        writer.beginObject()
        transform(names.transform, layer.transform, &writer)
        mask(names.mask, layer.mask, &writer)
        number(names.opacity, layer.opacity, &writer)
        writer.endObject()
    }

    /// `[a, b, c, d, tx, ty]`, CSS `matrix()` order.
    private func transform(_ name: JSONName, _ transform: AffineTransform, _ writer: inout JSONWriter) {
        writer.name(name)
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

    private func mask(_ name: JSONName, _ mask: RoundedRect, _ writer: inout JSONWriter) {
        writer.name(name)
        writer.beginObject()
        rectMembers(mask.rect, &writer)
        number(names.cornerRadius, mask.cornerRadius, &writer)
        writer.endObject()
    }

    /// x, y, width, height: a mask's rect or the bar's frame.
    @inline(__always)
    private func rectMembers(_ rect: Rect, _ writer: inout JSONWriter) {
        number(names.x, rect.x, &writer)
        number(names.y, rect.y, &writer)
        size(names.width, rect.width, &writer)
        size(names.height, rect.height, &writer)
    }

    /// Inlined into every member it writes: a keyframe has a dozen numbers, an answer a few
    /// hundred keyframes, and a call costs as much as the member name's copy.
    @inline(__always)
    private func number(_ name: JSONName, _ value: Double, _ writer: inout JSONWriter) {
        writer.name(name)
        writer.number(value, places: precision)
    }

    /// A mask's width or height: three significant digits at least, so a thin mask is never 0.
    private func size(_ name: JSONName, _ value: Double, _ writer: inout JSONWriter) {
        writer.name(name)
        writer.number(value, places: SignificantDigits.places(precision, keeping: value))
    }

    /// Every member name a keyframe has, written once.
    private struct Names {
        static let shared = Names()

        let background = JSONName("background")
        let backButton = JSONName("backButton")
        let coveredItems = JSONName("coveredItems")
        let destinationItems = JSONName("destinationItems")
        let frame = JSONName("frame")
        let navigationBar = JSONName("navigationBar")
        let callbacks = JSONName("callbacks")
        let color = JSONName("color")
        let content = JSONName("content")
        let cornerRadius = JSONName("cornerRadius")
        let covered = JSONName("covered")
        let destination = JSONName("destination")
        let dimming = JSONName("dimming")
        let blur = JSONName("blur")
        let height = JSONName("height")
        let keyframes = JSONName("keyframes")
        let layers = JSONName("layers")
        let mask = JSONName("mask")
        let offsetX = JSONName("offsetX")
        let offsetY = JSONName("offsetY")
        let sourceShadow = JSONName("sourceShadow")
        let opacity = JSONName("opacity")
        let progress = JSONName("progress")
        let radius = JSONName("radius")
        let shadow = JSONName("shadow")
        let sourceContent = JSONName("sourceContent")
        let sourceSlot = JSONName("sourceSlot")
        let time = JSONName("time")
        let transform = JSONName("transform")
        let width = JSONName("width")
        let x = JSONName("x")
        let y = JSONName("y")
    }
}
