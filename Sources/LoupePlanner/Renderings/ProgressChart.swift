import LoupeGeometry
import LoupeRendering

/// The spring's progress over time: axes with round ticks, the target line at 1, the curve
/// through every keyframe and a dot per keyframe (when there are few enough to tell apart).
struct ProgressChart {
    let left: Double
    let top: Double
    let width: Double
    let height: Double

    /// Dots are drawn up to this many keyframes; beyond it they would merge into a line.
    static let maximumDots = 600

    func draw(_ keyframes: [Keyframe], duration: Double, marked: [Int], into svg: inout SVGWriter) {
        let span = duration > 0 ? duration : 1
        let low = min(0, keyframes.map(\.progress).min() ?? 0)
        let high = max(1, keyframes.map(\.progress).max() ?? 1)
        func x(_ time: Double) -> Double { left + time / span * width }
        func y(_ progress: Double) -> Double { top + height - (progress - low) / (high - low) * height }

        svg.label(
            "Spring progress over time",
            ["x": SVGWriter.number(left - 44), "y": SVGWriter.number(top - 14), "font-size": "13", "font-weight": "bold", "fill": "#202124"])
        for value in [0, 0.25, 0.5, 0.75, 1.0] where value >= low && value <= high {
            svg.element(
                "line",
                [
                    "x1": SVGWriter.number(left), "y1": SVGWriter.number(y(value)), "x2": SVGWriter.number(left + width),
                    "y2": SVGWriter.number(y(value)),
                    "stroke": value == 1 ? "#34a853" : "#e8eaed", "stroke-width": "1", "stroke-dasharray": value == 1 ? "5 3" : "none"
                ])
            svg.label(
                DecimalText.text(value, places: 2),
                ["x": SVGWriter.number(left - 8), "y": SVGWriter.number(y(value) + 4), "font-size": "11", "text-anchor": "end", "fill": "#5f6368"])
        }
        let step = Self.niceStep(span / 6)
        var tick = 0.0
        while tick <= span + step * 1e-9 {
            svg.element(
                "line",
                [
                    "x1": SVGWriter.number(x(tick)), "y1": SVGWriter.number(top + height), "x2": SVGWriter.number(x(tick)),
                    "y2": SVGWriter.number(top + height + 5), "stroke": "#5f6368"
                ])
            svg.label(
                DecimalText.text(tick, places: 3),
                [
                    "x": SVGWriter.number(x(tick)), "y": SVGWriter.number(top + height + 18), "font-size": "11", "text-anchor": "middle",
                    "fill": "#5f6368"
                ])
            tick += step
        }
        svg.element(
            "line",
            [
                "x1": SVGWriter.number(left), "y1": SVGWriter.number(top), "x2": SVGWriter.number(left), "y2": SVGWriter.number(top + height),
                "stroke": "#5f6368"
            ])
        svg.element(
            "line",
            [
                "x1": SVGWriter.number(left), "y1": SVGWriter.number(top + height), "x2": SVGWriter.number(left + width),
                "y2": SVGWriter.number(top + height), "stroke": "#5f6368"
            ])
        svg.label(
            "time (s)",
            [
                "x": SVGWriter.number(left + width / 2), "y": SVGWriter.number(top + height + 36), "font-size": "12", "text-anchor": "middle",
                "fill": "#3c4043"
            ])
        svg.label(
            "progress",
            [
                "x": SVGWriter.number(left - 36), "y": SVGWriter.number(top + height / 2), "font-size": "12", "text-anchor": "middle",
                "fill": "#3c4043",
                "transform": "rotate(-90 \(SVGWriter.number(left - 36)) \(SVGWriter.number(top + height / 2)))"
            ])
        svg.label("target 1", ["x": SVGWriter.number(left + 6), "y": SVGWriter.number(y(1) + 14), "font-size": "11", "fill": "#34a853"])

        let points = keyframes.map { "\(SVGWriter.number(x($0.time))),\(SVGWriter.number(y($0.progress)))" }.joined(separator: " ")
        svg.element("polyline", ["points": points, "fill": "none", "stroke": "#1a73e8", "stroke-width": "2", "stroke-linejoin": "round"])
        if keyframes.count <= Self.maximumDots {
            for keyframe in keyframes {
                svg.element(
                    "circle", ["cx": SVGWriter.number(x(keyframe.time)), "cy": SVGWriter.number(y(keyframe.progress)), "r": "2.5", "fill": "#1a73e8"])
            }
        }
        for (number, index) in marked.enumerated() where keyframes.indices.contains(index) {
            let keyframe = keyframes[index]
            PlanFilmstrip.badge(number + 1, x: x(keyframe.time), y: y(keyframe.progress) - 14, into: &svg)
        }
    }

    /// 1, 2 or 5 × a power of ten, at least `rough`.
    static func niceStep(_ rough: Double) -> Double {
        guard rough.isFinite, rough > 0 else { return 1 }
        var power = 1.0
        while power * 10 <= rough { power *= 10 }
        while power > rough { power /= 10 }
        for factor in [1.0, 2, 5, 10] where factor * power >= rough { return factor * power }
        return 10 * power
    }
}
