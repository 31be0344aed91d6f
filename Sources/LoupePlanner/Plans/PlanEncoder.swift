import LoupeGeometry
import LoupeLifecycle

/// Writes a plan answer in a fixed key order, so identical requests give identical bytes.
///
/// Order: effect, duration, frameRate, keyframes, dimmingColor, callbacks, warnings. Numbers are
/// the shortest text that reads back exactly, or rounded to `precision` decimal places.
struct PlanEncoder {
    /// Decimal places for every non-integer number, or nil for round-trip precision.
    var precision: Int?
    private var writer: JSONWriter

    init(precision: Int?, keyframeCount: Int) {
        self.precision = precision
        writer = JSONWriter(capacity: 512 + keyframeCount * 420)
    }

    static func encode(_ plan: ZoomPlan, callbacks: [TraceEntry], warnings: [RequestWarning], precision: Int?) -> [UInt8] {
        var encoder = PlanEncoder(precision: precision, keyframeCount: plan.keyframes.count)
        encoder.write(plan, callbacks: callbacks, warnings: warnings)
        return encoder.writer.bytes
    }

    private mutating func write(_ plan: ZoomPlan, callbacks: [TraceEntry], warnings: [RequestWarning]) {
        writer.beginObject()
        writer.member("effect", plan.effect.rawValue)
        number("duration", plan.duration)
        number("frameRate", plan.frameRate)
        writer.key("keyframes")
        writer.beginArray()
        for keyframe in plan.keyframes { write(keyframe) }
        writer.endArray()
        writer.member("dimmingColor", Self.hex(plan.dimmingColor))
        writer.key("callbacks")
        writer.beginArray()
        for entry in callbacks { TraceWriter.write(entry, to: &writer, precision: precision) }
        writer.endArray()
        RequestWarning.write(warnings, to: &writer)
        writer.endObject()
    }

    private mutating func write(_ keyframe: Keyframe) {
        writer.beginObject()
        number("time", keyframe.time)
        number("progress", keyframe.progress)
        transform("transform", keyframe.transform)
        mask("mask", keyframe.mask)
        writer.key("opacity")
        writer.beginObject()
        number("sourceSlot", keyframe.opacity.sourceSlot)
        number("sourceContent", keyframe.opacity.sourceContent)
        number("destination", keyframe.opacity.destination)
        number("dimming", keyframe.opacity.dimming)
        number("background", keyframe.opacity.background)
        writer.endObject()
        writer.key("shadow")
        writer.beginObject()
        number("radius", keyframe.shadow.radius)
        number("opacity", keyframe.shadow.opacity)
        number("offsetY", keyframe.shadow.offsetY)
        writer.endObject()
        transform("covered", keyframe.covered)
        if let layers = keyframe.layers {
            writer.key("layers")
            writer.beginObject()
            layer("content", layers.content)
            layer("background", layers.background)
            writer.endObject()
        }
        writer.endObject()
    }

    private mutating func layer(_ name: String, _ layer: Layer) {
        writer.key(name)
        writer.beginObject()
        transform("transform", layer.transform)
        mask("mask", layer.mask)
        number("opacity", layer.opacity)
        writer.endObject()
    }

    /// `[a, b, c, d, tx, ty]`, CSS `matrix()` order.
    private mutating func transform(_ name: String, _ transform: AffineTransform) {
        writer.key(name)
        writer.beginArray()
        for value in transform.values { writer.number(value, places: precision) }
        writer.endArray()
    }

    private mutating func mask(_ name: String, _ mask: RoundedRect) {
        writer.key(name)
        writer.beginObject()
        number("x", mask.rect.x)
        number("y", mask.rect.y)
        number("width", mask.rect.width)
        number("height", mask.rect.height)
        number("cornerRadius", mask.cornerRadius)
        writer.endObject()
    }

    private mutating func number(_ name: String, _ value: Double) {
        writer.key(name)
        writer.number(value, places: precision)
    }

    /// "#RRGGBB", or "#RRGGBBAA" when not opaque: the request's own spelling.
    static func hex(_ color: RGBAColor) -> String {
        let digits = Array("0123456789ABCDEF")
        func byte(_ component: Double) -> String {
            let value = component.isFinite ? Int((min(max(component, 0), 1) * 255).rounded()) : 0
            return String([digits[value / 16], digits[value % 16]])
        }
        let rgb = "#" + byte(color.red) + byte(color.green) + byte(color.blue)
        return color.alpha >= 1 ? rgb : rgb + byte(color.alpha)
    }
}
