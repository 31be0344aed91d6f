#if canImport(Glibc)
    import Glibc
#endif

/// How many decimals a size keeps when `options.precision` rounds an answer (issue 35 §2).
///
/// Rounding to a fixed number of places is right for positions (a thousandth of a point is
/// invisible) but wrong for a scale or a mask's size: precision 0 wrote a card at a third of its
/// size as scale 0, and a thin mask as width 0, so the card vanished. Those numbers keep
/// `digits` significant digits instead, whatever the precision; times are not rounded at all
/// (see the writers), so a plan's keyframes keep their order and its duration.
public enum SignificantDigits {
    /// Significant digits a nonzero scale entry or mask size keeps.
    public static let digits = 3

    /// At least `places`, and enough that a nonzero `value` keeps `digits` significant digits.
    /// Nil (`places` nil, or more than `limit` decimals needed) means "write it exactly".
    public static func places(_ places: Int?, keeping value: Double, limit: Int = 12) -> Int? {
        guard let places else { return nil }
        guard value != 0, value.isFinite else { return places }
        let needed = digits - 1 - Int(log10(value.magnitude).rounded(.down))
        if needed <= places { return places }
        return needed <= limit ? needed : nil
    }
}
