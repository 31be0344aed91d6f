import LoupeGeometry

/// One picture of the container, scaled to fit a box, with helpers that draw container-space
/// rounded rects into it.
public struct FilmstripPanel {
    /// Pixels per point.
    public let scale: Double
    public let width: Double
    public let height: Double

    public init(container: Size, maxWidth: Double, maxHeight: Double) {
        let scale = min(maxWidth / max(container.width, 1e-9), maxHeight / max(container.height, 1e-9))
        self.scale = scale.isFinite ? scale : 1
        width = container.width * self.scale
        height = container.height * self.scale
    }

    /// The container's rectangle, and a clip path `id` that keeps drawings inside it.
    public func background(left: Double, top: Double, id: String, into svg: inout SVGWriter) {
        let x = SVGWriter.number(left), y = SVGWriter.number(top), w = SVGWriter.number(width), h = SVGWriter.number(height)
        svg.open("clipPath", ["id": id])
        svg.element("rect", ["x": x, "y": y, "width": w, "height": h])
        svg.close("clipPath")
        svg.element("rect", ["x": x, "y": y, "width": w, "height": h, "fill": "#f8f9fa", "stroke": "#5f6368", "stroke-width": "1"])
    }

    public func outline(_ shape: RoundedRect, left: Double, top: Double, stroke: String, width: Double, dashed: Bool, into svg: inout SVGWriter) {
        let box = place(shape, left: left, top: top)
        svg.element(
            "rect",
            [
                "x": box.x, "y": box.y, "width": box.width, "height": box.height, "rx": box.radius, "fill": "none",
                "stroke": stroke, "stroke-width": SVGWriter.number(width), "stroke-dasharray": dashed ? "4 3" : "none"
            ])
    }

    public func fill(_ shape: RoundedRect, left: Double, top: Double, colour: String, opacity: Double, into svg: inout SVGWriter) {
        guard opacity > 0.001 else { return }
        let box = place(shape, left: left, top: top)
        svg.element(
            "rect",
            [
                "x": box.x, "y": box.y, "width": box.width, "height": box.height, "rx": box.radius, "fill": colour,
                "fill-opacity": DecimalText.text(min(opacity, 1), places: 3)
            ])
    }

    /// Panel coordinates as SVG attribute text; the radius is capped at half the shorter side,
    /// as SVG itself would.
    private func place(_ shape: RoundedRect, left: Double, top: Double) -> (x: String, y: String, width: String, height: String, radius: String) {
        let rect = shape.rect.standardized
        let radius = min(shape.cornerRadius, rect.width / 2, rect.height / 2) * scale
        return (
            SVGWriter.number(left + rect.x * scale), SVGWriter.number(top + rect.y * scale),
            SVGWriter.number(rect.width * scale), SVGWriter.number(rect.height * scale), SVGWriter.number(max(0, radius))
        )
    }
}
