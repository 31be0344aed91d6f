import LoupeJSON
import LoupeRendering

/// `format=waapi`: a plan for the Web Animations API. For each layer (`PlanLayers`, bottom to
/// top, the same layers as the CSS rendering):
///
/// ```js
/// const { keyframes, timing, styles } = await response.json();
/// for (const [name, frames] of Object.entries(keyframes)) {
///   Object.assign(layer[name].style, styles[name]);
///   layer[name].animate(frames, timing);
/// }
/// ```
///
/// `keyframes` maps a layer name to `Element.animate()` keyframes (`offset` plus camelCase
/// properties, CSS text values, opacity as a number); `timing` is `{duration (ms), iterations 1,
/// fill "both", easing "linear"}` (the keyframes carry the spring); `easing` is the spring itself
/// as a CSS `linear()` function (`SpringEasing`), for animations of one's own, and
/// `easingAccuracy` its stop count, measured error and the tolerance asked for; `styles` places
/// each element (and the container). Lengths
/// have `options.precision` decimals, default 3; unitless values at least 3.
enum PlanWAAPI {
    static func render(_ answer: PlanAnswer) -> [UInt8] {
        let rendering = PlanLayers.rendering(of: answer)
        let places = answer.request.precision ?? PlanCSS.defaultPrecision
        var writer = JSONWriter(capacity: 4096 + answer.plan.keyframes.count * 600)
        writer.beginObject()
        writer.name("keyframes")
        writer.beginObject()
        for layer in rendering.layers {
            writer.name(layer.name)
            writer.beginArray()
            for frame in layer.frames {
                writer.beginObject()
                writer.name("offset")
                writer.number(frame.offset, places: 6)
                write(frame.values, to: &writer, places: places)
                writer.endObject()
            }
            writer.endArray()
        }
        writer.endObject()
        writer.name("timing")
        writer.beginObject()
        writer.name("duration")
        writer.number(rendering.duration, places: max(places, PlanLayers.durationPlaces))
        writer.member("iterations", 1)
        writer.member("fill", "both")
        writer.member("easing", "linear")
        writer.endObject()
        let easing = SpringEasing.easing(for: answer)
        writer.member("easing", easing.css)
        writer.name("easingAccuracy")
        writer.beginObject()
        writer.member("stops", easing.stops.count)
        writer.name("maximumError")
        writer.number(easing.maximumError, places: 6)
        writer.name("tolerance")
        writer.number(easing.tolerance, places: 6)
        writer.endObject()
        writer.name("styles")
        writer.beginObject()
        writer.name("container")
        writer.beginObject()
        write(rendering.containerStyle, to: &writer, places: places)
        writer.endObject()
        for layer in rendering.layers {
            writer.name(layer.name)
            writer.beginObject()
            write(layer.style, to: &writer, places: places)
            writer.endObject()
        }
        writer.endObject()
        writer.endObject()
        return writer.bytes
    }

    /// Opacity as a JSON number (what `animate()` takes most directly), everything else as CSS text.
    private static func write(_ declarations: [AnimatedLayer.Declaration], to writer: inout JSONWriter, places: Int) {
        for declaration in declarations {
            writer.name(declaration.property.scriptName)
            if case .number(let value) = declaration.value {
                writer.number(value, places: max(places, StyleValue.unitlessPlaces))
            } else {
                writer.string(declaration.value.css(places: places))
            }
        }
    }
}
