import LoupeGeometry

extension RGBAColor {
    /// "#RRGGBB", or "#RRGGBBAA" when not opaque: the request's own spelling, which the JSON
    /// answer and the CSS, WAAPI and SVG renderings all write.
    var hex: String {
        let digits = Array("0123456789ABCDEF")
        func byte(_ component: Double) -> String {
            let value = component.isFinite ? Int((min(max(component, 0), 1) * 255).rounded()) : 0
            return String([digits[value / 16], digits[value % 16]])
        }
        let rgb = "#" + byte(red) + byte(green) + byte(blue)
        return alpha >= 1 ? rgb : rgb + byte(alpha)
    }
}
