import LoupeGeometry
import LoupeRendering

/// `format=svg` for a plan: a picture a person reads faster than the JSON.
///
/// - Top left, **every mask at once**: outlines of evenly spaced keyframes on the container,
///   orange at the start to blue at the end, with the source and the resting page dashed.
/// - Top right, a **filmstrip**: up to eight numbered frames evenly spaced in time, each the
///   container with the scrim, the card (blue, at the page's opacity) and the source snapshot
///   fading out in it (amber), labelled with time and progress.
/// - Below, the **spring's progress curve** over time, a dot per keyframe and the filmstrip's
///   numbers on it, so the overshoot (or not) of the spring is plain to see.
enum PlanFilmstrip {
    static let margin = 24.0
    static let startColour = (red: 234.0, green: 134.0, blue: 0.0)
    static let endColour = (red: 26.0, green: 115.0, blue: 232.0)

    static func render(_ answer: PlanAnswer) -> String {
        let plan = answer.plan
        let container = answer.request.scene.container.size
        let overview = FilmstripPanel(container: container, maxWidth: 230, maxHeight: 300)
        let frame = FilmstripPanel(container: container, maxWidth: 130, maxHeight: 230)
        let strip = picks(plan.keyframes, count: 8)
        let stripLeft = margin + max(overview.width, 200) + 30
        let width = max(stripLeft + Double(strip.count) * (frame.width + 14) + margin, 780)
        let panelsTop = 92.0
        let panelsHeight = max(overview.height + 40, frame.height + 58)
        let chart = ProgressChart(left: margin + 44, top: panelsTop + panelsHeight + 40, width: width - 2 * margin - 56, height: 210)
        let height = chart.top + chart.height + 56

        let transition = answer.request.scene.transition.rawValue
        let seconds = DecimalText.text(plan.duration, places: 3)
        let title =
            "\(transition): \(plan.effect.rawValue), \(seconds) s, \(plan.keyframes.count) keyframes at \(DecimalText.text(plan.frameRate, places: 2)) fps"
        var svg = SVGWriter(
            width: width, height: height, title: "Loupe plan: " + title,
            description: "Mask outlines on the container, a filmstrip of the transition and the spring's progress curve.")
        svg.label("Loupe plan · " + title, ["x": SVGWriter.number(margin), "y": "34", "font-size": "18", "font-weight": "bold", "fill": "#202124"])
        var subtitle = "Container \(SVGWriter.number(container.width)) × \(SVGWriter.number(container.height)) pt, spring settles at ε 0.001"
        if !answer.warnings.isEmpty { subtitle += " · \(answer.warnings.count) warning(s): " + answer.warnings.map(\.code).joined(separator: ", ") }
        svg.label(subtitle, ["x": SVGWriter.number(margin), "y": "56", "font-size": "12", "fill": "#5f6368"])

        drawOverview(plan, panel: overview, left: margin, top: panelsTop, into: &svg)
        svg.label(
            "Filmstrip",
            ["x": SVGWriter.number(stripLeft), "y": SVGWriter.number(panelsTop - 8), "font-size": "13", "font-weight": "bold", "fill": "#202124"])
        for (number, index) in strip.enumerated() {
            let left = stripLeft + Double(number) * (frame.width + 14)
            drawFrame(
                plan, keyframe: plan.keyframes[index], number: number + 1,
                rightToLeft: answer.request.scene.container.layoutDirection == .rightToLeft, panel: frame, left: left, top: panelsTop,
                into: &svg)
        }
        chart.draw(plan.keyframes, duration: plan.duration, marked: strip, into: &svg)
        return svg.finish()
    }

    /// `count` keyframe indices evenly spaced in time, first and last included, no repeats.
    static func picks(_ keyframes: [Keyframe], count: Int) -> [Int] {
        guard keyframes.count > count, let end = keyframes.last?.time, end > 0 else { return Array(keyframes.indices) }
        var picked: [Int] = []
        var cursor = 0
        for slot in 0..<count {
            let target = end * Double(slot) / Double(count - 1)
            while cursor + 1 < keyframes.count, abs(keyframes[cursor + 1].time - target) <= abs(keyframes[cursor].time - target) { cursor += 1 }
            if picked.last != cursor { picked.append(cursor) }
        }
        return picked
    }

    // MARK: - Panels

    private static func drawOverview(_ plan: ZoomPlan, panel: FilmstripPanel, left: Double, top: Double, into svg: inout SVGWriter) {
        svg.label(
            "Every mask, start → end",
            ["x": SVGWriter.number(left), "y": SVGWriter.number(top - 8), "font-size": "13", "font-weight": "bold", "fill": "#202124"])
        panel.background(left: left, top: top, id: "overview", into: &svg)
        svg.open("g", ["clip-path": "url(#overview)"])
        let picked = picks(plan.keyframes, count: 12)
        for (order, index) in picked.enumerated() {
            let share = picked.count > 1 ? Double(order) / Double(picked.count - 1) : 1
            panel.outline(plan.keyframes[index].mask, left: left, top: top, stroke: colour(share), width: 1.4, dashed: false, into: &svg)
        }
        if let source = plan.sourceFrame {
            panel.outline(
                RoundedRect(rect: source, cornerRadius: plan.keyframes.first?.mask.cornerRadius ?? 0), left: left, top: top,
                stroke: "#ea8600", width: 1, dashed: true, into: &svg)
        }
        panel.outline(
            RoundedRect(rect: plan.geometry.destinationFrame, cornerRadius: 0), left: left, top: top, stroke: "#1a73e8", width: 1, dashed: true,
            into: &svg)
        svg.close("g")
        let legendTop = top + panel.height + 18
        svg.element("rect", ["x": SVGWriter.number(left), "y": SVGWriter.number(legendTop - 9), "width": "10", "height": "10", "fill": colour(0)])
        svg.label("start", ["x": SVGWriter.number(left + 14), "y": SVGWriter.number(legendTop), "font-size": "11", "fill": "#3c4043"])
        svg.element(
            "rect", ["x": SVGWriter.number(left + 52), "y": SVGWriter.number(legendTop - 9), "width": "10", "height": "10", "fill": colour(1)])
        svg.label(
            "end (dashed: source, page at rest)",
            ["x": SVGWriter.number(left + 66), "y": SVGWriter.number(legendTop), "font-size": "11", "fill": "#3c4043"])
    }

    private static func drawFrame(
        _ plan: ZoomPlan, keyframe: Keyframe, number: Int, rightToLeft: Bool, panel: FilmstripPanel, left: Double, top: Double,
        into svg: inout SVGWriter
    ) {
        let id = "frame\(number)"
        panel.background(left: left, top: top, id: id, into: &svg)
        svg.open("g", ["clip-path": "url(#\(id))"])
        // Once the callbacks remove the covered page, nothing of it is left behind the page
        // (issue 23 §3): the panel goes dark where it showed.
        let container = Rect(x: 0, y: 0, width: panel.width / panel.scale, height: panel.height / panel.scale)
        panel.fill(
            RoundedRect(rect: container, cornerRadius: 0), left: left, top: top, colour: "#1b1b1f", opacity: 1 - keyframe.opacity.covered, into: &svg)
        if keyframe.opacity.dimming > 0 {
            svg.element(
                "rect",
                [
                    "x": SVGWriter.number(left), "y": SVGWriter.number(top), "width": SVGWriter.number(panel.width),
                    "height": SVGWriter.number(panel.height),
                    "fill": RGBAColor(red: plan.dimmingColor.red, green: plan.dimmingColor.green, blue: plan.dimmingColor.blue).hex,
                    "fill-opacity": DecimalText.text(keyframe.opacity.dimming * plan.dimmingColor.alpha, places: 3)
                ])
        }
        if let page = keyframe.layers?.background {
            panel.fill(page.mask, left: left, top: top, colour: "#e8f0fe", opacity: page.opacity, into: &svg)
        }
        if let fill = plan.sourceBackground, keyframe != plan.keyframes.last {
            // The source configuration's background(_:), behind the card's content while it flies.
            panel.fill(
                keyframe.mask, left: left, top: top, colour: RGBAColor(red: fill.red, green: fill.green, blue: fill.blue).hex,
                opacity: fill.alpha, into: &svg)
        }
        panel.fill(keyframe.mask, left: left, top: top, colour: "#aecbfa", opacity: keyframe.opacity.destination, into: &svg)
        panel.fill(keyframe.mask, left: left, top: top, colour: "#fbbc04", opacity: keyframe.opacity.sourceContent * 0.85, into: &svg)
        panel.outline(keyframe.mask, left: left, top: top, stroke: "#1a73e8", width: 1.5, dashed: false, into: &svg)
        if let bar = plan.navigationBar { drawBar(bar, at: keyframe.time, rightToLeft: rightToLeft, panel: panel, left: left, top: top, into: &svg) }
        svg.close("g")
        let centre = left + panel.width / 2
        badge(number, x: left + 11, y: top + 11, into: &svg)
        svg.label(
            "t = \(DecimalText.text(keyframe.time, places: 3)) s",
            [
                "x": SVGWriter.number(centre), "y": SVGWriter.number(top + panel.height + 17),
                "font-size": "11", "text-anchor": "middle", "fill": "#202124"
            ])
        let blur = plan.dimmingVisualEffect == nil ? "" : ", blur \(DecimalText.text(keyframe.blur, places: 1)) pt"
        svg.label(
            "p = \(DecimalText.text(keyframe.progress, places: 3))\(blur)",
            [
                "x": SVGWriter.number(centre), "y": SVGWriter.number(top + panel.height + 32),
                "font-size": "11", "text-anchor": "middle", "fill": "#5f6368"
            ])
    }

    /// The navigation bar over the card: its outline, the pushed page's back button (grey, on the
    /// leading side) and the two pages' titles cross-fading in its middle (amber: the covered
    /// page's; blue: the pushed page's).
    private static func drawBar(
        _ bar: NavigationBar, at time: Double, rightToLeft: Bool, panel: FilmstripPanel, left: Double, top: Double, into svg: inout SVGWriter
    ) {
        let frame = bar.frame
        let opacities = bar.opacities(at: time)
        panel.outline(RoundedRect(rect: frame, cornerRadius: 0), left: left, top: top, stroke: "#5f6368", width: 1, dashed: true, into: &svg)
        let inset = frame.height * 0.25
        let buttonWidth = min(frame.height, frame.width * 0.15)
        let button = Rect(
            x: rightToLeft ? frame.maxX - inset - buttonWidth : frame.x + inset, y: frame.y + inset,
            width: buttonWidth, height: frame.height - 2 * inset)
        panel.fill(
            RoundedRect(rect: button, cornerRadius: button.height / 2), left: left, top: top, colour: "#5f6368", opacity: opacities.backButton,
            into: &svg)
        let title = Rect(x: frame.midX - frame.width * 0.2, y: frame.y + inset, width: frame.width * 0.4, height: frame.height - 2 * inset)
        panel.fill(RoundedRect(rect: title, cornerRadius: 2), left: left, top: top, colour: "#ea8600", opacity: opacities.coveredItems, into: &svg)
        panel.fill(
            RoundedRect(rect: title, cornerRadius: 2), left: left, top: top, colour: "#1a73e8", opacity: opacities.destinationItems, into: &svg)
    }

    /// A numbered circle, the same on the frame and on the progress curve.
    static func badge(_ number: Int, x: Double, y: Double, into svg: inout SVGWriter) {
        svg.element(
            "circle", ["cx": SVGWriter.number(x), "cy": SVGWriter.number(y), "r": "8", "fill": "#ffffff", "stroke": "#202124", "stroke-width": "1.2"])
        svg.label(
            String(number),
            [
                "x": SVGWriter.number(x), "y": SVGWriter.number(y + 3.5), "font-size": "10", "font-weight": "bold",
                "text-anchor": "middle", "fill": "#202124"
            ])
    }

    /// Orange at 0 to blue at 1.
    static func colour(_ share: Double) -> String {
        func mix(_ a: Double, _ b: Double) -> Double { (a + (b - a) * share) / 255 }
        return RGBAColor(
            red: mix(startColour.red, endColour.red), green: mix(startColour.green, endColour.green),
            blue: mix(startColour.blue, endColour.blue)
        ).hex
    }
}
