import LoupeRendering

/// `format=css`: a plan as CSS a browser plays as is. One class per layer (`.loupe-<layer>`)
/// placing the element and naming its animation, and one `@keyframes loupe-<layer>` rule each;
/// percentages are keyframe time ÷ duration, timing is linear between keyframes (the keyframes
/// already carry the spring), and `both` keeps the first frame before and the last after.
///
/// Markup: a `.loupe-container` holding the layers in the order written (bottom to top); put
/// the page's content in `.loupe-destination`, the covered page in `.loupe-covered`, an image of
/// the source in `.loupe-snapshot`, and add `loupe-source` to your own source view. With
/// `options.navigationBar`, the bar's items go in `.loupe-bar-covered` (the covered page's),
/// `.loupe-bar-destination` (the pushed page's) and `.loupe-bar-back-button`, above the card.
///
/// The last rule, `:root { --loupe-easing: linear(…) }`, is the plan's progress curve as an easing
/// (`SpringEasing`), for a developer's own properties; its comment states the stop count and the
/// measured error, so the bound `options.easingTolerance` bought is visible.
///
/// Lengths have `options.precision` decimals, default 3 (a thousandth of a pixel); unitless values
/// (opacity, a matrix's scale entries) at least 3. No request
/// text is copied into the CSS, so nothing a client sends can end a comment or a rule.
enum PlanCSS {
    static let defaultPrecision = 3

    static func render(_ answer: PlanAnswer) -> String {
        let rendering = PlanLayers.rendering(of: answer)
        let places = answer.request.precision ?? defaultPrecision
        let plan = answer.plan
        let duration = DecimalText.text(rendering.duration, places: max(places, PlanLayers.durationPlaces)) + "ms"
        var css = "/* Loupe plan: \(answer.request.scene.transition.rawValue), effect \(plan.effect.rawValue), "
        css += "\(duration), \(plan.keyframes.count) keyframes at \(DecimalText.text(plan.frameRate, places: places)) fps"
        if !answer.warnings.isEmpty { css += ", \(answer.warnings.count) warning(s): see format=json" }
        css += ".\n   Markup: .loupe-container holding the layers below in this order, bottom to top. */\n"
        css += rule(".loupe-container", rendering.containerStyle, places: places, extra: [])
        for layer in rendering.layers {
            css += "\n/* \(layer.role) */\n"
            css += rule(
                ".loupe-\(layer.name)", layer.style, places: places,
                extra: ["animation: loupe-\(layer.name) \(duration) linear both;"])
            css += keyframes(layer, named: "loupe-\(layer.name)", places: places)
        }
        let easing = SpringEasing.easing(for: answer)
        css += "\n/* The plan's progress curve (its spring) as an easing, for properties of your own:\n"
        css += "   transition: transform \(duration) var(--loupe-easing);\n"
        css += "   \(easing.stops.count) stops, at most \(DecimalText.text(easing.maximumError, places: 6)) from the spring's progress "
        css += "(options.easingTolerance \(DecimalText.text(easing.tolerance, places: 6))). */\n"
        css += ":root {\n  --loupe-easing: \(easing.css);\n}\n"
        return css
    }

    static func rule(_ selector: String, _ style: [AnimatedLayer.Declaration], places: Int, extra: [String]) -> String {
        var text = selector + " {\n"
        for declaration in style { text += "  \(declaration.property.rawValue): \(declaration.value.css(places: places));\n" }
        for line in extra { text += "  \(line)\n" }
        return text + "}\n"
    }

    /// `layer`'s frames as `@keyframes name`, offsets as percentages.
    static func keyframes(_ layer: AnimatedLayer, named name: String, places: Int) -> String {
        var text = "@keyframes \(name) {\n"
        for frame in layer.frames {
            let declarations = frame.values.map { "\($0.property.rawValue): \($0.value.css(places: places));" }
            text += "  \(DecimalText.text(frame.offset * 100, places: 4))% { \(declarations.joined(separator: " ")) }\n"
        }
        return text + "}\n"
    }
}
