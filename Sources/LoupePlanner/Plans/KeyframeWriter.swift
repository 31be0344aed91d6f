import LoupeGeometry
import LoupeLifecycle

/// Writes one keyframe in the plan format: time, progress, transform, mask, opacity, shadow,
/// covered and (crossfade only) layers, in that order. Plans and timelines share it, so a
/// timeline's keyframes read exactly like a plan's.
struct KeyframeWriter {
    /// Decimal places for every non-integer number, or nil for round-trip precision.
    let precision: Int?

    static func write(_ keyframe: Keyframe, to writer: inout JSONWriter, precision: Int?) {
        KeyframeWriter(precision: precision).write(keyframe, to: &writer)
    }

    /// The members a plan and a timeline share, in their order: `keyframes`, `dimmingColor`
    /// ("#RRGGBB" or "#RRGGBBAA") and `callbacks` on the keyframes' clock.
    static func writeMotion(
        _ keyframes: [Keyframe], dimmingColor: RGBAColor, callbacks: [TraceEntry], to writer: inout JSONWriter, precision: Int?
    ) {
        writer.key("keyframes")
        writer.beginArray()
        for keyframe in keyframes { write(keyframe, to: &writer, precision: precision) }
        writer.endArray()
        writer.member("dimmingColor", PlanEncoder.hex(dimmingColor))
        writer.key("callbacks")
        writer.beginArray()
        for entry in callbacks { TraceWriter.write(entry, to: &writer, precision: precision) }
        writer.endArray()
    }

    private func write(_ keyframe: Keyframe, to writer: inout JSONWriter) {
        writer.beginObject()
        number("time", keyframe.time, &writer)
        number("progress", keyframe.progress, &writer)
        transform("transform", keyframe.transform, &writer)
        mask("mask", keyframe.mask, &writer)
        writer.key("opacity")
        writer.beginObject()
        number("sourceSlot", keyframe.opacity.sourceSlot, &writer)
        number("sourceContent", keyframe.opacity.sourceContent, &writer)
        number("destination", keyframe.opacity.destination, &writer)
        number("dimming", keyframe.opacity.dimming, &writer)
        number("background", keyframe.opacity.background, &writer)
        writer.endObject()
        writer.key("shadow")
        writer.beginObject()
        number("radius", keyframe.shadow.radius, &writer)
        number("opacity", keyframe.shadow.opacity, &writer)
        number("offsetY", keyframe.shadow.offsetY, &writer)
        writer.endObject()
        transform("covered", keyframe.covered, &writer)
        if let layers = keyframe.layers {
            writer.key("layers")
            writer.beginObject()
            layer("content", layers.content, &writer)
            layer("background", layers.background, &writer)
            writer.endObject()
        }
        writer.endObject()
    }

    private func layer(_ name: String, _ layer: Layer, _ writer: inout JSONWriter) {
        writer.key(name)
        writer.beginObject()
        transform("transform", layer.transform, &writer)
        mask("mask", layer.mask, &writer)
        number("opacity", layer.opacity, &writer)
        writer.endObject()
    }

    /// `[a, b, c, d, tx, ty]`, CSS `matrix()` order.
    private func transform(_ name: String, _ transform: AffineTransform, _ writer: inout JSONWriter) {
        writer.key(name)
        writer.beginArray()
        for value in transform.values { writer.number(value, places: precision) }
        writer.endArray()
    }

    private func mask(_ name: String, _ mask: RoundedRect, _ writer: inout JSONWriter) {
        writer.key(name)
        writer.beginObject()
        number("x", mask.rect.x, &writer)
        number("y", mask.rect.y, &writer)
        number("width", mask.rect.width, &writer)
        number("height", mask.rect.height, &writer)
        number("cornerRadius", mask.cornerRadius, &writer)
        writer.endObject()
    }

    private func number(_ name: String, _ value: Double, _ writer: inout JSONWriter) {
        writer.key(name)
        writer.number(value, places: precision)
    }
}
