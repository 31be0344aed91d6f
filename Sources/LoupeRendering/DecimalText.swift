/// Numbers as CSS and SVG text: at most `places` decimals, trailing zeros dropped, never "-0"
/// and no exponent for ordinary magnitudes, so a value reads the same in every renderer.
public enum DecimalText {
    /// `value` rounded to `places` (0...9) decimal places. Non-finite values (which the engine
    /// never produces) are written as 0; magnitudes from 1e15 up, which are whole numbers
    /// anyway, in Swift's shortest form (CSS and SVG numbers accept an exponent).
    public static func text(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "0" }
        let places = max(0, min(places, 9))
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        guard abs(value) * Double(scale) < 1e15 else { return value.description }
        let scaled = Int64((value * Double(scale)).rounded())
        if scaled == 0 { return "0" }
        let magnitude = scaled.magnitude
        var text = scaled < 0 ? "-" : ""
        text += String(magnitude / UInt64(scale))
        var fraction = magnitude % UInt64(scale)
        guard fraction != 0 else { return text }
        var digits = places
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let fractionText = String(fraction)
        return text + "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }
}
