import LoupeLifecycle
import LoupeRendering

/// `format=svg` for a lifecycle trace: one swimlane per view controller.
///
/// - Each **lane** has a band coloured by the view controller's appearance state (grey
///   disappeared, light green appearing, green appeared, orange disappearing), changing where
///   the trace changes it.
/// - **Callbacks**, hierarchy changes and navigation-delegate calls are ticks labelled with
///   UIKit's names (the delegate's full selector is the tooltip). Every tick has its own column,
///   in trace order, so labels never overlap and the order is exact.
/// - **Run-loop cycles** are shaded columns headed with their number and time: what happens in
///   one column happens with no chance for app code to run between.
/// - **Notes** (Apple's guidelines that apply) are numbered markers in their lane and listed
///   below with the legend.
///
/// The x axis is order, not time: many callbacks share an instant, and the cycle headers give
/// the times.
enum LifecycleSwimlane {
    static let margin = 24.0
    static let laneHeight = 70.0
    static let headerHeight = 44.0

    static func render(_ answer: LifecycleAnswer) -> String {
        let result = answer.result
        let layout = SwimlaneLayout(trace: result.trace, notes: result.notes, left: margin)
        let lanesTop = 78.0 + headerHeight
        let lanesBottom = lanesTop + Double(max(layout.lanes.count, 1)) * laneHeight
        let width = max(layout.right + margin, 860)
        let noteLines = result.notes.enumerated().map { number, note in
            SVGWriter.wrap(
                "\(number + 1). \(note.code.rawValue) · \(note.viewController) · run loop \(note.runLoop): \(note.message)",
                width: width - 2 * margin, size: 11)
        }
        let height = lanesBottom + 86 + Double(noteLines.map(\.count).reduce(0, +)) * 16
        let summary =
            "\(layout.lanes.count) view controller(s), \(result.trace.count) entries, \(layout.cycles.count) run-loop cycle(s), \(result.notes.count) note(s)"
        var svg = SVGWriter(
            width: width, height: height, title: "Loupe lifecycle trace: " + summary,
            description:
                "One swimlane per view controller: appearance states as coloured bands, callbacks as labelled ticks, run-loop cycles as shaded columns."
        )
        svg.label("Loupe lifecycle trace", ["x": SVGWriter.number(margin), "y": "34", "font-size": "18", "font-weight": "bold", "fill": "#202124"])
        svg.label(summary, ["x": SVGWriter.number(margin), "y": "56", "font-size": "12", "fill": "#5f6368"])

        drawCycles(layout, top: lanesTop, bottom: lanesBottom, into: &svg)
        for (index, lane) in layout.lanes.enumerated() {
            drawLane(lane, layout: layout, top: lanesTop + Double(index) * laneHeight, right: width - margin, into: &svg)
        }
        if layout.lanes.isEmpty {
            svg.label(
                "The script produced no trace entries.",
                ["x": SVGWriter.number(margin), "y": SVGWriter.number(lanesTop + 30), "font-size": "13", "fill": "#5f6368"])
        }
        drawLegend(top: lanesBottom + 30, into: &svg)
        var lineTop = lanesBottom + 78
        for (note, lines) in zip(result.notes, noteLines) {
            for line in lines {
                svg.label(
                    line, ["x": SVGWriter.number(margin), "y": SVGWriter.number(lineTop), "font-size": "11", "fill": "#202124"],
                    tooltip: note.guideline.text)
                lineTop += 16
            }
        }
        return svg.finish()
    }

    // MARK: - Parts

    private static func drawCycles(_ layout: SwimlaneLayout, top: Double, bottom: Double, into svg: inout SVGWriter) {
        for (index, cycle) in layout.cycles.enumerated() {
            svg.element(
                "rect",
                [
                    "x": SVGWriter.number(cycle.left), "y": SVGWriter.number(top - headerHeight), "width": SVGWriter.number(cycle.right - cycle.left),
                    "height": SVGWriter.number(bottom - top + headerHeight), "fill": index % 2 == 0 ? "#f1f3f4" : "#e8f0fe"
                ])
            svg.label(
                "run loop \(cycle.runLoop)",
                [
                    "x": SVGWriter.number(cycle.left + 5), "y": SVGWriter.number(top - headerHeight + 16), "font-size": "11", "font-weight": "bold",
                    "fill": "#202124"
                ])
            svg.label(
                "t = \(DecimalText.text(cycle.time, places: 3)) s",
                ["x": SVGWriter.number(cycle.left + 5), "y": SVGWriter.number(top - headerHeight + 31), "font-size": "11", "fill": "#5f6368"])
        }
    }

    private static func drawLane(_ lane: SwimlaneLayout.Lane, layout: SwimlaneLayout, top: Double, right: Double, into svg: inout SVGWriter) {
        let bandTop = top + laneHeight - 19
        svg.element(
            "line",
            [
                "x1": SVGWriter.number(margin), "y1": SVGWriter.number(top + laneHeight), "x2": SVGWriter.number(right),
                "y2": SVGWriter.number(top + laneHeight), "stroke": "#dadce0"
            ])
        svg.label(
            lane.displayName,
            ["x": SVGWriter.number(margin), "y": SVGWriter.number(top + laneHeight - 9), "font-size": "12", "font-weight": "bold", "fill": "#202124"],
            tooltip: lane.name)
        for band in lane.bands {
            svg.element(
                "rect",
                [
                    "x": SVGWriter.number(band.left), "y": SVGWriter.number(bandTop), "width": SVGWriter.number(max(0, band.right - band.left)),
                    "height": "12", "rx": "3", "fill": colour(band.state)
                ])
        }
        for tick in lane.ticks {
            let x = SVGWriter.number(tick.x), labelY = top + 16 + Double(tick.row) * 13
            svg.element(
                "line",
                [
                    "x1": x, "y1": SVGWriter.number(labelY - 10), "x2": x, "y2": SVGWriter.number(bandTop + 12), "stroke": colour(tick.kind),
                    "stroke-width": "1.5"
                ])
            svg.element("circle", ["cx": x, "cy": SVGWriter.number(bandTop + 6), "r": "3", "fill": colour(tick.kind)])
            svg.label(
                tick.label, ["x": SVGWriter.number(tick.x + 4), "y": SVGWriter.number(labelY), "font-size": "11", "fill": colour(tick.kind)],
                tooltip: tick.tooltip)
        }
        for marker in lane.notes {
            let x = marker.x, y = top + 42
            svg.element(
                "polygon",
                [
                    "points":
                        "\(SVGWriter.number(x)),\(SVGWriter.number(y - 8)) \(SVGWriter.number(x + 8)),\(SVGWriter.number(y + 6)) \(SVGWriter.number(x - 8)),\(SVGWriter.number(y + 6))",
                    "fill": "#fbbc04", "stroke": "#b06000"
                ])
            svg.label(
                String(marker.number),
                [
                    "x": SVGWriter.number(x), "y": SVGWriter.number(y + 4), "font-size": "9", "font-weight": "bold", "text-anchor": "middle",
                    "fill": "#202124"
                ])
        }
    }

    private static func drawLegend(top: Double, into svg: inout SVGWriter) {
        var x = margin
        for state in LifecycleState.allCases {
            svg.element(
                "rect", ["x": SVGWriter.number(x), "y": SVGWriter.number(top - 10), "width": "18", "height": "12", "rx": "3", "fill": colour(state)])
            svg.label(state.rawValue, ["x": SVGWriter.number(x + 23), "y": SVGWriter.number(top), "font-size": "11", "fill": "#3c4043"])
            x += 36 + SVGWriter.width(of: state.rawValue, size: 11)
        }
        for kind in [TraceKind.callback, .hierarchy, .delegate] {
            svg.element(
                "line",
                [
                    "x1": SVGWriter.number(x + 6), "y1": SVGWriter.number(top - 11), "x2": SVGWriter.number(x + 6), "y2": SVGWriter.number(top + 2),
                    "stroke": colour(kind), "stroke-width": "1.5"
                ])
            svg.label(kind.rawValue, ["x": SVGWriter.number(x + 13), "y": SVGWriter.number(top), "font-size": "11", "fill": colour(kind)])
            x += 30 + SVGWriter.width(of: kind.rawValue, size: 11)
        }
        svg.element(
            "polygon",
            [
                "points":
                    "\(SVGWriter.number(x + 6)),\(SVGWriter.number(top - 11)) \(SVGWriter.number(x + 13)),\(SVGWriter.number(top + 2)) \(SVGWriter.number(x - 1)),\(SVGWriter.number(top + 2))",
                "fill": "#fbbc04", "stroke": "#b06000"
            ])
        svg.label("note (listed below)", ["x": SVGWriter.number(x + 18), "y": SVGWriter.number(top), "font-size": "11", "fill": "#3c4043"])
    }

    static func colour(_ state: LifecycleState) -> String {
        switch state {
        case .disappeared: "#bdc1c6"
        case .appearing: "#a8dab5"
        case .appeared: "#1e8e3e"
        case .disappearing: "#f29900"
        }
    }

    static func colour(_ kind: TraceKind) -> String {
        switch kind {
        case .callback: "#202124"
        case .hierarchy: "#9334e6"
        case .delegate: "#1967d2"
        case .state: "#5f6368"
        }
    }
}
