#if canImport(Glibc)
    import Glibc
#endif
import LoupeGeometry

/// A property's value, kept as numbers until it is written, so the CSS and the WAAPI renderings
/// format the same model with the same precision.
public enum StyleValue: Sendable, Hashable {
    /// The fewest decimals a unitless value is written with, whatever `options.precision` says.
    public static let unitlessPlaces = 3

    /// The most a matrix's rounded scale entries may move a point of its element, in points.
    public static let matrixTolerance = 0.025

    /// Decimals for a matrix's scale entries: at least `places` and `unitlessPlaces`, and enough
    /// that half a unit in the last place times `extent` stays within `matrixTolerance`.
    /// The ratio is tested, not the extent: half of the smallest subnormal extent is 0, whose
    /// logarithm is -∞, and converting that to an Int trapped (a container of 5e-324 points took
    /// the server down; regression: `scalePlaces_ofASubnormalExtent`).
    public static func scalePlaces(places: Int, extent: Double) -> Int {
        let ratio = extent * 0.5 / matrixTolerance
        let needed = ratio > 0 && ratio.isFinite ? Int(min(9, log10(ratio).rounded(.up))) : 0
        return min(9, max(places, unitlessPlaces, needed))
    }

    /// A plain number (opacity).
    case number(Double)
    /// Points, written as CSS pixels (one point is one CSS pixel).
    case length(Double)
    /// `matrix(a, b, c, d, tx, ty)` of an element whose own coordinates reach `extent` points:
    /// its scale entries get enough decimals that rounding them moves no point of the element
    /// more than `matrixTolerance` (issue 23 §10: three decimals put the far edge of an 852 pt
    /// page up to 0.4 pt off the plan).
    case matrix(AffineTransform, extent: Double = 0)
    /// `inset(top right bottom left round radius)`, in the element's own coordinates, which the
    /// element's transform scales by `scale` on screen: the lengths get enough decimals that
    /// their rounding moves the clip no more than a length rounded in container coordinates.
    case inset(top: Double, right: Double, bottom: Double, left: Double, radius: Double, scale: Double = 1)
    /// `offsetX offsetY blur rgba(r, g, b, opacity)`: a drop shadow, black and straight down but
    /// for a SwiftUI source's configured one.
    case shadow(offsetX: Double = 0, offsetY: Double, blur: Double, opacity: Double, color: RGBAColor = .black)
    /// The drop shadow above a scrim drawn as a second, spread shadow that reaches past any
    /// viewport (`200vmax`): how a view-transition group dims what lies beneath it, for which
    /// the browser's pseudo-element tree has no layer of its own.
    case shadowOverScrim(offsetX: Double = 0, offsetY: Double, blur: Double, opacity: Double, color: RGBAColor = .black, scrim: RGBAColor)
    /// `blur(Npx)`: a Gaussian blur of standard deviation N points (`filter`, `backdrop-filter`).
    case blur(Double)
    /// Text used as is: keywords and colours.
    case keyword(String)

    /// The CSS text, lengths rounded to `places` decimals. Unitless values (opacity, a matrix's
    /// scale entries) keep at least `unitlessPlaces`: rounded to whole numbers, a card at a
    /// third of its size would have scale 0 and vanish.
    public func css(places: Int) -> String {
        func n(_ value: Double) -> String { DecimalText.text(value, places: places) }
        func u(_ value: Double) -> String { DecimalText.text(value, places: max(places, Self.unitlessPlaces)) }
        func px(_ value: Double) -> String { value == 0 ? "0" : n(value) + "px" }
        switch self {
        case .number(let value): return u(value)
        case .length(let value): return px(value)
        case .matrix(let t, let extent):
            let scalePlaces = Self.scalePlaces(places: places, extent: extent)
            // Three significant digits at least (issue 35 §2): a tiny card is never scale 0.
            func s(_ value: Double) -> String {
                DecimalText.text(value, places: SignificantDigits.places(scalePlaces, keeping: value, limit: 9) ?? 9)
            }
            return "matrix(" + [s(t.a), s(t.b), s(t.c), s(t.d), n(t.tx), n(t.ty)].joined(separator: ", ") + ")"
        case .inset(let top, let right, let bottom, let left, let radius, let scale):
            // A page scaled up (a tiny alignment rect) magnifies its own coordinates' rounding.
            let extra = scale > 1 && scale.isFinite ? Int(log10(scale).rounded(.up)) : 0
            func local(_ value: Double) -> String { value == 0 ? "0" : DecimalText.text(value, places: min(9, places + extra)) + "px" }
            return "inset(\(local(top)) \(local(right)) \(local(bottom)) \(local(left)) round \(local(radius)))"
        case .shadow(let offsetX, let offsetY, let blur, let opacity, let color):
            return "\(px(offsetX)) \(px(offsetY)) \(px(blur)) \(Self.rgba(color, alpha: n(opacity)))"
        case .shadowOverScrim(let offsetX, let offsetY, let blur, let opacity, let color, let scrim):
            return StyleValue.shadow(offsetX: offsetX, offsetY: offsetY, blur: blur, opacity: opacity, color: color).css(places: places)
                + ", 0 0 0 200vmax " + Self.rgba(scrim, alpha: n(scrim.alpha))
        case .blur(let radius): return "blur(" + px(radius) + ")"
        case .keyword(let text): return text
        }
    }

    /// `rgba(r, g, b, alpha)`, channels as bytes 0...255.
    private static func rgba(_ color: RGBAColor, alpha: String) -> String {
        // Every shadow but a SwiftUI source's configured one is black: written as before, not
        // formatted channel by channel for each keyframe.
        if color.red == 0, color.green == 0, color.blue == 0 { return "rgba(0, 0, 0, \(alpha))" }
        func byte(_ component: Double) -> String { String(Int((min(max(component, 0), 1) * 255).rounded())) }
        return "rgba(\(byte(color.red)), \(byte(color.green)), \(byte(color.blue)), \(alpha))"
    }
}
