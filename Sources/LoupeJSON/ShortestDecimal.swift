/// The shortest decimal that reads back as exactly a given double: `significand × 10^exponent`.
///
/// JSON answers are mostly numbers, and `Double.description` costs a String allocation and
/// hundreds of instructions per number. This is our own implementation of Schubfach
/// (R. Giulietti, "The Schubfach way to render doubles", 2020), which is proven to give, for
/// every finite double, the decimal with the fewest significant digits inside the double's
/// rounding interval, and of those the one closest to the double (ties to an even last digit):
/// exactly the digits Swift's `description` prints, with a few 64-bit multiplications and no
/// loop over digits. Most doubles take `nearest`, which decides from one of Schubfach's three
/// products and leaves the few it cannot decide safely to the full method.
///
/// How it works (the paper's sections 9 and 10), for v = c × 2^q:
/// - The doubles that round to v fill the interval R_v between (c - 1/2) × 2^q and
///   (c + 1/2) × 2^q (the lower end is (c - 1/4) × 2^q when c = 2^52, where the spacing below
///   halves); R_v is closed when c is even (round-half-even reads its ends back as v).
/// - Pick k = ⌊log10 |R_v|⌋, so 10^k ≤ |R_v| < 10^(k+1). R_v then holds at most one multiple
///   of 10^(k+1), and that one, if any, is the shortest decimal in R_v. Otherwise the shortest
///   decimals are the multiples of 10^k in R_v, and the closest of them to v is one of
///   u = s × 10^k and w = (s + 1) × 10^k, s = ⌊v / 10^k⌋, at least one of which is in R_v.
/// - All tests are comparisons of 4 v / 10^k and the ends of R_v, scaled alike, with even
///   integers, so each of those three reals is needed only as its "round to odd" value
///   ⌊x⌋ | (x is not an integer ? 1 : 0), computed from a 128-bit approximation of 10^-k.
public struct ShortestDecimal: Hashable, Sendable {
    /// The decimal digits as an integer, without trailing zeros (0 only for zero); below 10^17.
    public var significand: UInt64
    /// The power of ten the significand is scaled by.
    public var exponent: Int

    public init(significand: UInt64, exponent: Int) {
        self.significand = significand
        self.exponent = exponent
    }

    /// The shortest decimal that reads back as `value`'s magnitude (the sign is ignored; zero
    /// gives 0 × 10^0), or nil for NaN and the infinities, which have no decimal.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        self = Self.shortest(magnitudeBits: value.bitPattern & ~Self.signBit)
    }

    /// The number of decimal digits in `significand` (1 for zero).
    public var digitCount: Int { significand == 0 ? 1 : Self.digitCount(significand) }
}

extension ShortestDecimal {
    static let signBit: UInt64 = 1 << 63
    static let fractionMask: UInt64 = (1 << 52) - 1
    static let hiddenBit: UInt64 = 1 << 52
    /// The binary exponent q of the subnormals and of the smallest normals (c × 2^q).
    static let minQ = -1074

    /// The shortest decimal for the bits of a finite, non-negative double.
    @inline(__always)
    static func shortest(magnitudeBits bits: UInt64) -> ShortestDecimal {
        let fraction = bits & fractionMask
        let biasedExponent = Int(truncatingIfNeeded: bits >> 52)
        if biasedExponent == 0 {
            if fraction == 0 { return ShortestDecimal(significand: 0, exponent: 0) }
            return schubfach(c: fraction, q: minQ, irregular: false)
        }
        let c = fraction | hiddenBit
        let q = biasedExponent - 1075
        // Integers below 2^53 (q in -52...0): R_v is narrower than 1, so v is the only integer in
        // it and no decimal with fewer digits exists (the paper's fast path, section 8.3).
        if q <= 0, q > -53, c & ((1 &<< UInt64(-q)) &- 1) == 0 {
            return trimmed(c &>> UInt64(-q), exponent: 0)
        }
        // c = 2^52 above the smallest normal: the double below is 2^(q-2) away, not 2^(q-1).
        if fraction == 0 { return schubfach(c: c, q: q, irregular: biasedExponent > 1) }
        return nearest(c: c, q: q) ?? schubfach(c: c, q: q, irregular: false)
    }

    /// The margin, in units of 2^-60 of 10^k (and 2^-64 for the tie), inside which `nearest`
    /// declines: 16 times its worst error of 4 units.
    static let nearestMargin: UInt64 = 64

    /// Schubfach's answer for a regular v = c × 2^q (c > 2^52) from one product instead of
    /// three, or nil when v lies too close to one of the answer's decision points to tell from
    /// that product; `schubfach` decides those exactly. The idea of deciding from v / 10^k and
    /// half the spacing of doubles alone is Y. Guo's (yy_double) and V. Zverovich's (Żmij,
    /// https://github.com/vitaut/zmij); the margin and its proof below are ours.
    ///
    /// With k = ⌊log10 2^q⌋, R_v is X ± H in units of 10^k, X = v / 10^k and H = 2^(q-1) / 10^k
    /// in [1/2, 5). So R_v holds at most one multiple of 10 (its width is below 10): if it holds
    /// S = 10⌊X / 10⌋ or S + 10, that is the answer (then trimmed); otherwise the answer is the
    /// integer nearest X, which lies within 1/2 ≤ H of X (on a tie, the even one).
    ///
    /// The product gives X' = ⌊y × g / 2^64⌋ / 2^64 for y = c × 2^h < 2^57 and the table's
    /// g = 10^-k × 2^(127-b) + ε, 0 < ε ≤ 1, so X - 2^-64 < X' ≤ X + 2^-71. The decisions
    /// compare X' mod 10 + H and X' mod 10 with 10 and with H in a fixed point of 60 fraction
    /// bits (each side within 3 units of 2^-60 of its true value), and X''s fraction with 1/2 in
    /// 64 fraction bits (within 1 unit). Any comparison closer than `nearestMargin` is left to
    /// Schubfach; the rest are decided as exact arithmetic would, including which ends of R_v
    /// are open, since no end is that close. Exact ties and decimals on an end of R_v (short
    /// values such as 0.5) are among the declined; random doubles almost never are.
    @inline(__always)
    static func nearest(c: UInt64, q: Int) -> ShortestDecimal? {
        let k = floorLog10Pow2(q)
        let h = q + floorLog2Pow10(-k) + 1  // 1...4
        let index = (k - minK) &* 2
        let gHigh = powersOfTen[index]
        let gLow = powersOfTen[index + 1]
        let y = c &<< UInt64(truncatingIfNeeded: h)
        let upper = gHigh.multipliedFullWidth(by: y)
        let (fraction, carry) = upper.low.addingReportingOverflow(gLow.multipliedFullWidth(by: y).high)
        let integral = upper.high &+ (carry ? 1 : 0)  // ⌊X'⌋, below 2^57
        let tens = integral / 10
        // X' - S and H in fixed point with 4 integer bits; with H < 5 their sum stays below 2^64.
        let remainder = (integral &- tens &* 10) &<< 60 | fraction &>> 4
        let halfSpacing = gHigh &>> UInt64(truncatingIfNeeded: 5 &- h)
        let upperEnd = remainder &+ halfSpacing
        let ten: UInt64 = 10 &<< 60
        let margin = nearestMargin
        // |a - b| ≤ margin, as one unsigned comparison (every b here exceeds the margin).
        if upperEnd &- (ten &- margin) <= 2 &* margin || remainder &- (halfSpacing &- margin) <= 2 &* margin
            || fraction &- ((1 &<< 63) &- margin) <= 2 &* margin
        {
            return nil
        }
        // S + 10 or S: a multiple of 10 already divided by 10, so one place up.
        if upperEnd > ten { return trimmed(tens &+ 1, exponent: k &+ 1) }
        if remainder < halfSpacing { return trimmed(tens, exponent: k &+ 1) }
        // No multiple of 10 in R_v, so the nearest integer ends in another digit: nothing to trim.
        return ShortestDecimal(significand: integral &+ (fraction &>> 63), exponent: k)
    }

    /// Schubfach's core (the paper's figures 7 and 9) for v = c × 2^q. Out of line: only
    /// subnormals, powers of two and what `nearest` declines come here, and inlined it would
    /// crowd the registers of every number's path.
    @inline(never)
    static func schubfach(c: UInt64, q: Int, irregular: Bool) -> ShortestDecimal {
        // Ends of R_v, in quarters of 2^q: cbl/4 and cbr/4 times 2^q. `out` is 1 when R_v is open,
        // turning each "end ≤ x" test below into "end < x".
        let out = c & 1
        let cb = c &<< 2
        let cbr = cb &+ 2
        let cbl: UInt64
        let k: Int
        if irregular {
            cbl = cb &- 1
            k = floorLog10ThreeQuartersPow2(q)
        } else {
            cbl = cb &- 2
            k = floorLog10Pow2(q)
        }
        // 2^h scales the products so that they come out in units of 10^k / 4 (h is 1...4).
        let h = q + floorLog2Pow10(-k) + 1
        let index = (k - minK) &* 2
        let gHigh = powersOfTen[index]
        let gLow = powersOfTen[index + 1]
        let vb = roundToOdd(gHigh, gLow, cb, shift: h, q: q, k: k)
        let vbl = roundToOdd(gHigh, gLow, cbl, shift: h, q: q, k: k)
        let vbr = roundToOdd(gHigh, gLow, cbr, shift: h, q: q, k: k)

        let s = vb &>> 2
        // One digit shorter: the multiples of 10^(k+1) around v; at most one lies in R_v.
        let sp10 = (s / 10) &* 10
        let tp10 = sp10 &+ 10
        let upin = vbl &+ out <= sp10 &<< 2
        let wpin = (tp10 &<< 2) &+ out <= vbr
        if upin != wpin {
            return trimmed(upin ? sp10 : tp10, exponent: k)
        }
        // Otherwise u = s × 10^k or w = t × 10^k; when both are in R_v, the closer one to v, and
        // on a tie (v exactly halfway) the even one.
        let t = s &+ 1
        let uin = vbl &+ out <= s &<< 2
        let win = (t &<< 2) &+ out <= vbr
        if uin != win {
            return trimmed(uin ? s : t, exponent: k)
        }
        let midpoint = (s &+ t) &<< 1  // 4 (s + 1/2), in the units of vb
        let pickLower = vb < midpoint || (vb == midpoint && s & 1 == 0)
        return trimmed(pickLower ? s : t, exponent: k)
    }

    /// Round to odd of X = cbx × 2^q × 10^-k (in the units above): ⌊X⌋ when X is an integer,
    /// ⌊X⌋ | 1 otherwise. It preserves every comparison of X with an even integer, which is all
    /// the caller does with it (the paper's section 9.9).
    ///
    /// With g = 10^-k × 2^(127-b) + ε, 0 < ε ≤ 1 (b = ⌊log2 10^-k⌋) and cp = cbx × 2^h < 2^59,
    /// the 192-bit product cp × g is Y × 2^128 with Y - X = cp × ε / 2^128, in (0, 2^-69]. When the
    /// fraction of Y has a set bit among its upper 64, it exceeds that error, so ⌊X⌋ = ⌊Y⌋ and X
    /// is not an integer: the answer, and the path taken for all but exact values.
    @inline(__always)
    static func roundToOdd(_ gHigh: UInt64, _ gLow: UInt64, _ cbx: UInt64, shift h: Int, q: Int, k: Int) -> UInt64 {
        let cp = cbx &<< UInt64(truncatingIfNeeded: h)
        let upper = gHigh.multipliedFullWidth(by: cp)
        let lower = gLow.multipliedFullWidth(by: cp)
        let (middle, carry) = upper.low.addingReportingOverflow(lower.high)
        let floor = upper.high &+ (carry ? 1 : 0)
        if middle != 0 { return floor | 1 }
        return exactRoundToOdd(cbx, q: q, k: k, floorOfApproximation: floor)
    }

    /// The rare case of `roundToOdd`: Y lies within 2^-64 above an integer, so X is either that
    /// integer (exact values with few digits, such as 0.5, come here) or, in principle, a
    /// non-integer within 2^-64 of one. Schubfach's proof rests on such near misses not occurring
    /// for doubles (the paper bounds them for its 126-bit variant); rather than lean on that bound
    /// for this 128-bit variant, the near miss is decided exactly here.
    ///
    /// How often each part runs (issue 34 §6 corrected an earlier "never reached"): the function
    /// is reached, always through `schubfach` after `nearest` declined, for about 0.12 % of
    /// uniformly random bit patterns (0.57 % in an independent sample of 3.1 billion): in a
    /// sample of 2^20, doubles between about 2^38 and 2^68 (q from -14 to 15) for which X is an
    /// exact integer, because a decimal lies on an end of R_v or halfway, which `nearest` leaves
    /// to `schubfach`.
    /// Every one of them is answered by the first check, `isInteger`. The exact big-integer
    /// comparison after it, the near miss, has never been reached by any double tried (3.1 billion
    /// there, and every seeded sample of the tests); only the tests call it, directly.
    @inline(never)
    static func exactRoundToOdd(_ cbx: UInt64, q: Int, k: Int, floorOfApproximation floor: UInt64) -> UInt64 {
        // Y is in (X, X + 2^-69], so an integer X is ⌊Y⌋.
        if isInteger(cbx, q: q, k: k) { return floor }
        switch compareExactly(cbx, q: q, k: k, with: floor) {
        case 1: return floor | 1  // ⌊Y⌋ < X < Y
        case 0: return floor  // (excluded by isInteger; kept exact all the same)
        default: return (floor &- 1) | 1  // Y - 2^-69 ≤ X < ⌊Y⌋
        }
    }

    /// Whether X = cbx × 2^q × 10^-k = cbx × 2^(q-k) × 5^-k is an integer, by divisibility.
    static func isInteger(_ cbx: UInt64, q: Int, k: Int) -> Bool {
        if q - k + cbx.trailingZeroBitCount < 0 { return false }
        if k <= 0 { return true }
        // 5^k must divide cbx; 5^28 exceeds every UInt64.
        guard k <= 27 else { return false }
        var power: UInt64 = 1
        for _ in 0..<k { power &*= 5 }
        return cbx % power == 0
    }

    /// The sign of cbx × 2^(q-k) × 5^-k − n, with exact big-integer arithmetic.
    static func compareExactly(_ cbx: UInt64, q: Int, k: Int, with n: UInt64) -> Int {
        var left = ExactMagnitude(cbx)
        var right = ExactMagnitude(n)
        let twos = q - k
        let fives = -k
        if twos >= 0 { left.shiftLeft(twos) } else { right.shiftLeft(-twos) }
        if fives >= 0 { left.multiplyByPowerOfFive(fives) } else { right.multiplyByPowerOfFive(-fives) }
        return ExactMagnitude.compare(left, right)
    }

    /// Removes trailing zeros (at most 16: significands stay below 10^17). Most significands have
    /// none, so the first test, for one zero, decides alone; the rest strip 8, 4, 2 and 1 more.
    @inline(__always)
    static func trimmed(_ significand: UInt64, exponent: Int) -> ShortestDecimal {
        var digits = significand
        var exponent = exponent
        guard removeZeros(&digits, inverse: 0xCCCC_CCCC_CCCC_CCCD, count: 1, limit: 1_844_674_407_370_955_161) else {
            return ShortestDecimal(significand: digits, exponent: exponent)
        }
        exponent &+= 1
        if removeZeros(&digits, inverse: 0xC767_074B_22E9_0E21, count: 8, limit: 184_467_440_737) { exponent &+= 8 }
        if removeZeros(&digits, inverse: 0xD288_CE70_3AFB_7E91, count: 4, limit: 1_844_674_407_370_955) { exponent &+= 4 }
        if removeZeros(&digits, inverse: 0x8F5C_28F5_C28F_5C29, count: 2, limit: 184_467_440_737_095_516) { exponent &+= 2 }
        if removeZeros(&digits, inverse: 0xCCCC_CCCC_CCCC_CCCD, count: 1, limit: 1_844_674_407_370_955_161) { exponent &+= 1 }
        return ShortestDecimal(significand: digits, exponent: exponent)
    }

    /// Divides `value` by 10^count when it is a multiple of it, without dividing (the exact-division
    /// test of Granlund and Montgomery, "Division by invariant integers using multiplication"):
    /// `inverse` is 5^-count modulo 2^64 and `limit` is ⌊(2^64 - 1) / 10^count⌋. Multiplying by
    /// the inverse and rotating right by `count` bits are both bijections of 64-bit values, and
    /// they send each multiple m × 10^count to m; so the values sent to 0...limit are exactly the
    /// multiples of 10^count, and what they are sent to is the quotient.
    @inline(__always)
    static func removeZeros(_ value: inout UInt64, inverse: UInt64, count: UInt64, limit: UInt64) -> Bool {
        let product = value &* inverse
        let rotated = (product &>> count) | (product &<< (64 &- count))
        guard rotated <= limit else { return false }
        value = rotated
        return true
    }

    /// ⌊q log10 2⌋ for q in -1074...971 (checked exhaustively by the table generator and the tests).
    @inline(__always)
    static func floorLog10Pow2(_ q: Int) -> Int { (q &* 315_653) >> 20 }

    /// ⌊log10(3/4 × 2^q)⌋ for q in -1073...971 (checked as above).
    @inline(__always)
    static func floorLog10ThreeQuartersPow2(_ q: Int) -> Int { (q &* 315_653 &- 131_008) >> 20 }

    /// ⌊e log2 10⌋ for e in -292...324 (checked as above).
    @inline(__always)
    static func floorLog2Pow10(_ e: Int) -> Int { (e &* 1_741_647) >> 19 }

    /// Decimal digits in a positive `value`: with t = ⌊bits × log10 2⌋ the count is t or t + 1
    /// (1233 / 2^12 stands in for log10 2; the tests check every power of ten and of two).
    @inline(__always)
    static func digitCount(_ value: UInt64) -> Int {
        let bits = 64 - (value | 1).leadingZeroBitCount
        let guess = (bits &* 1233) >> 12
        return guess + (value >= powersOfTenUInt64[guess] ? 1 : 0)
    }

    /// 10^0 … 10^19 (a literal, so it is laid out at compile time rather than on first use).
    static let powersOfTenUInt64: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
        1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000,
        10_000_000_000_000_000_000
    ]
}
