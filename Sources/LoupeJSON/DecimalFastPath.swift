/// A decimal number read as an integer significand and a power of ten, turned into a Double
/// with one exact operation when both fit (Clinger's fast path: a significand of at most 15
/// digits is exact in a Double, and so is every power of ten up to 10²²; one multiplication or
/// division of two exact values is correctly rounded, so the result is the nearest Double, as
/// `strtod` gives).
///
/// Why: a timeline's touch samples are decimals (`86.3`), and handing each to `Double(String)`
/// cost about 200 ns, the most of reading such a body (1 MB of samples took 10 ms to read;
/// issue 42 §2 wants a refusal within 20 ms). Numbers outside the fast path (17 digits, large
/// exponents) still go to the full conversion.
struct DecimalFastPath {
    private var significand: UInt64
    /// Significant digits kept (leading zeros do not count).
    private var digits: Int
    private var exponent = 0
    /// A digit was dropped or the exponent is out of reach: not exact.
    private var inexact: Bool

    /// Starts from the integer part already read (`integer` exact while `integerDigits` ≤ 15).
    init(integer: Int, integerDigits: Int) {
        significand = UInt64(truncatingIfNeeded: integer)
        digits = integer == 0 ? 0 : integerDigits
        inexact = integerDigits > 15
    }

    mutating func appendFractionDigit(_ digit: UInt8) {
        guard !inexact else { return }
        if significand == 0 && digit == 0 {
            exponent -= 1
            return
        }
        guard digits < 15 else {
            // A 16th significant digit that is a zero still leaves the value exact only if no
            // non-zero digit follows; the full conversion decides.
            inexact = true
            return
        }
        significand = significand * 10 + UInt64(digit)
        digits += 1
        exponent -= 1
    }

    mutating func addExponent(_ value: Int) {
        exponent += value
    }

    /// The value, or nil when it cannot be made exactly with one operation.
    var value: Double? {
        guard !inexact else { return nil }
        if significand == 0 { return 0 }
        guard exponent >= -22, exponent <= 22 else { return nil }
        let magnitude = Double(significand)
        return exponent < 0 ? magnitude / Self.powersOfTen[-exponent] : magnitude * Self.powersOfTen[exponent]
    }

    /// 10⁰ to 10²², each exact in a Double.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
    ]
}
