import LoupeGeometry

extension RGBAColor {
    /// "#RRGGBB", or "#RRGGBBAA" when not opaque: the request's own spelling, which the JSON
    /// answer and the CSS, WAAPI and SVG renderings all write. Built as ASCII bytes: every JSON
    /// answer writes one, and the character arrays it once went through cost more than a
    /// keyframe's numbers.
    public var hex: String {
        let digits: StaticString = "0123456789ABCDEF"
        var text: [UInt8] = [UInt8(ascii: "#")]
        text.reserveCapacity(9)
        func append(_ component: Double) {
            let value = component.isFinite ? Int((min(max(component, 0), 1) * 255).rounded()) : 0
            text.append(digits.utf8Start[value / 16])
            text.append(digits.utf8Start[value % 16])
        }
        append(red)
        append(green)
        append(blue)
        if !(alpha >= 1) { append(alpha) }  // NaN too, as ever: "00"
        return String(decoding: text, as: UTF8.self)
    }
}
