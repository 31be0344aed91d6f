import LoupeConformance
import LoupeRendering

/// A verdict as a picture: for every quantity compared frame by frame, the expected curve with
/// its tolerance band and the observed one over it, the stretches out of tolerance in red; then
/// one line per other check (travel, settle, callbacks). Times are on the expected clock (the
/// observed times less the alignment's offset).
enum VerdictChart {
    static let width = 960.0
    static let panelHeight = 120.0
    static let panelGap = 46.0
    static let left = 64.0
    static let plotWidth = 860.0
    static let top = 64.0
    static let lineHeight = 20.0
    /// Most points a panel draws per curve: one per two pixels of its width. A longer recording
    /// is thinned to this many, each the frame with the largest error among its neighbours, so
    /// every failing stretch still shows (and a 2,400-frame picture costs what a 430-frame one
    /// does).
    static let maximumPoints = 430

    /// `series` thinned to at most `maximumPoints`: in each of that many runs of neighbouring
    /// frames, the one furthest from its expected value.
    static func thinned(_ series: [(time: Double, expected: Double, observed: Double)]) -> [(
        time: Double, expected: Double, observed: Double
    )] {
        guard series.count > maximumPoints else { return series }
        return (0..<maximumPoints).map { bucket in
            let range = (bucket * series.count / maximumPoints)..<((bucket + 1) * series.count / maximumPoints)
            return series[range].max { abs($0.observed - $0.expected) < abs($1.observed - $1.expected) } ?? series[range.lowerBound]
        }
    }

    static func render(_ answer: ConformanceAnswer) -> String {
        let verdict = answer.verdict
        let panels = verdict.checks.compactMap { check -> (ConformanceCheck, FrameErrors)? in
            guard case .errors(let errors) = check.figures else { return nil }
            return (check, errors)
        }
        let others = verdict.checks.filter { if case .errors = $0.figures { false } else { true } }
        let height = top + Double(panels.count) * (panelHeight + panelGap) + Double(others.count + 1) * lineHeight + 24
        var svg = SVGWriter(
            width: width, height: height, title: "Conformance: " + VerdictSummary.line(verdict),
            description:
                "Each panel: the expected value (dark line) with its tolerance band (green) and the recording (blue), out of tolerance in red; times on the expected clock."
        )
        svg.label(
            (verdict.conforms ? "Conforms" : "Does not conform") + " · " + VerdictSummary.line(verdict),
            ["x": "16", "y": "28", "font-size": "15", "font-weight": "bold", "fill": verdict.conforms ? "#188038" : "#c5221f"])
        let offset = verdict.alignment.offset
        var y = top
        for (check, errors) in panels {
            drawPanel(check, errors, offset: offset, top: y, into: &svg)
            y += panelHeight + panelGap
        }
        for check in others {
            svg.label(
                VerdictSummary.sentence(check),
                ["x": "16", "y": SVGWriter.number(y), "font-size": "12", "fill": check.conforms ? "#202124" : "#c5221f"])
            y += lineHeight
        }
        return svg.finish()
    }

    private static func drawPanel(_ check: ConformanceCheck, _ errors: FrameErrors, offset: Double, top: Double, into svg: inout SVGWriter) {
        let series = thinned(errors.series)
        let tolerance = check.tolerance ?? 0
        guard let first = series.first, let last = series.last else { return }
        let start = first.time - offset
        let span = max(last.time - first.time, 1e-6)
        var low = Double.infinity
        var high = -Double.infinity
        for point in series {
            low = min(low, point.expected - tolerance, point.observed)
            high = max(high, point.expected + tolerance, point.observed)
        }
        if high - low < 1e-9 { high = low + 1 }
        func x(_ time: Double) -> Double { left + (time - offset - start) / span * plotWidth }
        func y(_ value: Double) -> Double { top + panelHeight - (value - low) / (high - low) * panelHeight }
        func points(_ pairs: [(Double, Double)]) -> String {
            pairs.map { SVGWriter.number(x($0.0)) + "," + SVGWriter.number(y($0.1)) }.joined(separator: " ")
        }
        svg.label(
            VerdictSummary.sentence(check),
            ["x": SVGWriter.number(left), "y": SVGWriter.number(top - 8), "font-size": "12", "fill": check.conforms ? "#202124" : "#c5221f"])
        svg.element(
            "rect",
            [
                "x": SVGWriter.number(left), "y": SVGWriter.number(top), "width": SVGWriter.number(plotWidth),
                "height": SVGWriter.number(panelHeight), "fill": "none", "stroke": "#dadce0"
            ])
        let band = series.map { ($0.time, $0.expected + tolerance) } + series.reversed().map { ($0.time, $0.expected - tolerance) }
        svg.element("polygon", ["points": points(band), "fill": "#ceead6", "stroke": "none"])
        svg.element("polyline", ["points": points(series.map { ($0.time, $0.expected) }), "fill": "none", "stroke": "#202124", "stroke-width": "1.5"])
        svg.element("polyline", ["points": points(series.map { ($0.time, $0.observed) }), "fill": "none", "stroke": "#1a73e8", "stroke-width": "1.5"])
        // The stretches out of tolerance, each from the frame before it to the frame after.
        var index = 0
        while index < series.count {
            guard abs(series[index].observed - series[index].expected) > tolerance else {
                index += 1
                continue
            }
            var end = index
            while end + 1 < series.count, abs(series[end + 1].observed - series[end + 1].expected) > tolerance { end += 1 }
            let stretch = series[index...end].map { ($0.time, $0.observed) }
            if stretch.count == 1 {
                svg.element(
                    "circle", ["cx": SVGWriter.number(x(stretch[0].0)), "cy": SVGWriter.number(y(stretch[0].1)), "r": "3", "fill": "#d93025"])
            } else {
                svg.element("polyline", ["points": points(stretch), "fill": "none", "stroke": "#d93025", "stroke-width": "3"])
            }
            index = end + 1
        }
        svg.label(
            VerdictSummary.text(high),
            ["x": SVGWriter.number(left - 6), "y": SVGWriter.number(top + 10), "text-anchor": "end", "font-size": "10", "fill": "#5f6368"])
        svg.label(
            VerdictSummary.text(low),
            ["x": SVGWriter.number(left - 6), "y": SVGWriter.number(top + panelHeight), "text-anchor": "end", "font-size": "10", "fill": "#5f6368"])
        svg.label(
            VerdictSummary.text(start) + " s",
            ["x": SVGWriter.number(left), "y": SVGWriter.number(top + panelHeight + 14), "font-size": "10", "fill": "#5f6368"])
        svg.label(
            VerdictSummary.text(start + span) + " s",
            [
                "x": SVGWriter.number(left + plotWidth), "y": SVGWriter.number(top + panelHeight + 14), "text-anchor": "end", "font-size": "10",
                "fill": "#5f6368"
            ])
    }
}
