@testable import LoupeJSON
import LoupeTestSupport
import Testing

/// ShortestDecimal (Schubfach) against Swift's own `Double.description`, which is proven
/// shortest and closest too (SwiftDtoa): the digits and exponent must be identical for every
/// double tried, and the JSON text must be ECMAScript's form of them and read back exactly.
/// The table of powers and the integer logarithms are recomputed with exact big integers.
@Suite("ShortestDecimal")
struct ShortestDecimalTests {
    /// Doubles compared with `description` by the seeded test, over all seeds. Small enough for a
    /// debug `swift test`; set LOUPE_SHORTEST_DECIMAL_SAMPLES (e.g. 5000000, with
    /// `swift test -c release -Xswiftc -enable-testing`) for a multi-million run.
    static let sampleCount = ProcessEnvironment.value("LOUPE_SHORTEST_DECIMAL_SAMPLES").flatMap(Int.init) ?? 200_000
    static let seeds = PropertySeeds.seeds(count: 20)

    @Test("matches Double.description on seeded random doubles of many kinds", arguments: PropertySeeds.seeds(count: 20))
    func matchesDescriptionOnRandomDoubles(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var checker = DifferentialChecker()
        for _ in 0..<max(1, Self.sampleCount / Self.seeds.count) {
            checker.check(Self.randomDouble(&generator))
        }
        checker.finish("seed \(seed)")
    }

    @Test("matches Double.description on powers of two and ten, their neighbours and the extremes")
    func matchesDescriptionOnStructuredDoubles() {
        var checker = DifferentialChecker()
        func withNeighbours(_ value: Double) {
            checker.check(value)
            checker.check(value.nextUp)
            checker.check(value.nextDown)
        }
        for exponent in -1074...1023 { withNeighbours(Double(sign: .plus, exponent: exponent, significand: 1)) }
        for exponent in -323...308 {
            if let value = Double("1e\(exponent)") { withNeighbours(value) }
            if let value = Double("5e\(exponent)") { withNeighbours(value) }
        }
        for value in [
            Double.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
            Double.leastNormalMagnitude.nextDown, 0x1p53, 0x1p63, 0x1p64, 1e21, 1e-7, 0.1, 0.3
        ] {
            withNeighbours(value)
        }
        // The smallest and largest subnormals, and every c × 2^-1074 the paper treats specially.
        for fraction: UInt64 in 1...20_000 {
            checker.check(Double(bitPattern: fraction))
            checker.check(Double(bitPattern: ShortestDecimal.hiddenBit - fraction))
        }
        // q = -2 (doubles in [2^50, 2^51) with a quarter): every odd c is an exact tie between two
        // 17-digit decimals, resolved to the even digit.
        for offset: UInt64 in 0..<2_000 {
            checker.check(Double(bitPattern: (1023 + 50) << 52 | offset))
            checker.check(Double(bitPattern: (1023 + 50) << 52 | (ShortestDecimal.fractionMask - offset)))
        }
        checker.finish("structured doubles")
    }

    /// The 16- and 17-digit layout (`ECMAScriptNumber.writeLong`) puts the point with word
    /// arithmetic at each of its places; every place and both lengths, against `description`.
    @Test("16- and 17-digit numbers at every place of the point, either sign")
    func longNumbersAtEveryPlace() {
        var generator = SeededGenerator(seed: 0x10AE_1017)
        var checker = DifferentialChecker()
        for point in -5...9 {
            for digits in [15, 16, 17] {
                for _ in 0..<400 {
                    let low = ShortestDecimal.powersOfTenUInt64[digits - 1]
                    let significand = low + generator.next() % (ShortestDecimal.powersOfTenUInt64[digits] - low)
                    guard let value = Double("\(significand)e\(point - digits)") else { continue }
                    checker.check(value)
                    checker.check(-value)
                    checker.check(value.nextUp)
                }
            }
        }
        checker.finish("16 and 17 digits at every place")
    }

    @Test("hand-picked values: digits, exponent and JSON text")
    func handPicked() {
        let cases: [(Double, UInt64, Int, String)] = [
            (.leastNonzeroMagnitude, 5, -324, "5e-324"),
            (2.2250738585072014e-308, 22_250_738_585_072_014, -324, "2.2250738585072014e-308"),
            (1.7976931348623157e308, 17_976_931_348_623_157, 292, "1.7976931348623157e+308"),
            (0.1, 1, -1, "0.1"),
            (0.3, 3, -1, "0.3"),
            (0.1 + 0.2, 30_000_000_000_000_004, -17, "0.30000000000000004"),
            (1e21, 1, 21, "1e+21"),
            (1e21.nextDown, 9_999_999_999_999_999, 5, "999999999999999900000"),
            (1e-7, 1, -7, "1e-7"),
            (1e-6, 1, -6, "0.000001"),
            (1.5e-7, 15, -8, "1.5e-7"),
            (1.25e-5, 125, -7, "0.0000125"),
            (0x1p53 + 1, 9_007_199_254_740_992, 0, "9007199254740992"),  // 9007199254740993 reads as 2^53
            (9_007_199_254_740_994, 9_007_199_254_740_994, 0, "9007199254740994"),
            (0x1p63, 9_223_372_036_854_776, 3, "9223372036854776000"),
            (1e16, 1, 16, "10000000000000000"),
            (123.456, 123_456, -3, "123.456"),
            (-0.5, 5, -1, "-0.5"),
            (1e300, 1, 300, "1e+300"),
            (1_125_899_906_842_624.25, 11_258_999_068_426_242, -1, "1125899906842624.2"),
            (1_125_899_906_842_624.75, 11_258_999_068_426_248, -1, "1125899906842624.8")
        ]
        for (value, significand, exponent, text) in cases {
            #expect(ShortestDecimal(value) == ShortestDecimal(significand: significand, exponent: exponent), "\(value)")
            var writer = JSONWriter()
            writer.number(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == text, "\(value)")
            #expect(Double(text) == value, "\(text)")
        }
        #expect(ShortestDecimal(0) == ShortestDecimal(significand: 0, exponent: 0))
        #expect(ShortestDecimal(-0.0) == ShortestDecimal(significand: 0, exponent: 0))
        #expect(ShortestDecimal(.nan) == nil)
        #expect(ShortestDecimal(-.infinity) == nil)
    }

    @Test("the table of powers of ten is exact (recomputed with big integers)")
    func tableIsExact() {
        #expect(ShortestDecimal.powersOfTen.count == 2 * (ShortestDecimal.maxK - ShortestDecimal.minK + 1))
        let twoTo127 = BigNatural(1).shiftedLeft(127)
        let twoTo128 = BigNatural(1).shiftedLeft(128)
        for k in ShortestDecimal.minK...ShortestDecimal.maxK {
            // b = ⌊log2 10^-k⌋ and g = ⌊10^-k × 2^(127-b)⌋ + 1, from exact integers only.
            var g: BigNatural
            let b: Int
            if k <= 0 {
                let power = BigNatural.powerOfTen(-k)
                b = power.bitWidth - 1
                g = b <= 127 ? power.shiftedLeft(127 - b) : power.shiftedRight(b - 127)
            } else {
                // 10^k is not a power of two, so log2 10^-k lies strictly between -bitWidth and -bitWidth + 1.
                b = -BigNatural.powerOfTen(k).bitWidth
                g = BigNatural(1).shiftedLeft(127 - b)
                for _ in 0..<k { g = g.dividedBy(10) }  // ⌊⌊x / 10⌋ / 10⌋ = ⌊x / 100⌋
            }
            g = g.adding(1)
            #expect(b == ShortestDecimal.floorLog2Pow10(-k), "b for k = \(k)")
            #expect(twoTo127 < g && g < twoTo128, "g(\(k)) has 128 bits")
            let index = 2 * (k - ShortestDecimal.minK)
            #expect(
                g.word(1) == ShortestDecimal.powersOfTen[index] && g.word(0) == ShortestDecimal.powersOfTen[index + 1],
                "g(\(k))")
        }
    }

    @Test("the integer logarithms are exact over every exponent a double can have")
    func logarithmsAreExact() {
        for q in -1074...971 {
            // 10^k ≤ 2^q < 10^(k+1), and 10^k ≤ 3/4 × 2^q < 10^(k+1).
            let k = ShortestDecimal.floorLog10Pow2(q)
            #expect(exactSign(factor: 1, twos: q, tens: -k, minus: 1) >= 0 && exactSign(factor: 1, twos: q, tens: -k - 1, minus: 1) < 0, "q = \(q)")
            guard q > -1074 else { continue }
            let irregular = ShortestDecimal.floorLog10ThreeQuartersPow2(q)
            #expect(
                exactSign(factor: 3, twos: q, tens: -irregular, minus: 4) >= 0
                    && exactSign(factor: 3, twos: q, tens: -irregular - 1, minus: 4) < 0, "3/4 × 2^\(q)")
            #expect((ShortestDecimal.minK...ShortestDecimal.maxK).contains(irregular) && (ShortestDecimal.minK...ShortestDecimal.maxK).contains(k))
        }
        for e in -ShortestDecimal.maxK...(-ShortestDecimal.minK) {
            let b = ShortestDecimal.floorLog2Pow10(e)
            #expect(exactSign(factor: 1, twos: -b, tens: e, minus: 1) >= 0 && exactSign(factor: 1, twos: -b - 1, tens: e, minus: 1) < 0, "e = \(e)")
        }
    }

    /// Checks the round-to-odd values themselves, exactly, so the fast path (and the exact
    /// fallback the paper proves unnecessary) is verified independently of `description`.
    @Test("round to odd is exact, and the exact fallback agrees", arguments: PropertySeeds.seeds(count: 4))
    func roundToOddIsExact(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var failures = 0
        for index in 0..<1_500 {
            var value = Self.randomDouble(&generator)
            if index % 3 == 0 { value = Double(generator.int(in: 1...4096)) / Double(1 << generator.int(in: 0...12)) }  // exact decimals
            let bits = value.magnitude.bitPattern
            let fraction = bits & ShortestDecimal.fractionMask
            let biased = Int(bits >> 52)
            guard value != 0, value.isFinite else { continue }
            let c = biased == 0 ? fraction : fraction | ShortestDecimal.hiddenBit
            let q = biased == 0 ? ShortestDecimal.minQ : biased - 1075
            let irregular = fraction == 0 && biased > 1
            let k = irregular ? ShortestDecimal.floorLog10ThreeQuartersPow2(q) : ShortestDecimal.floorLog10Pow2(q)
            let h = q + ShortestDecimal.floorLog2Pow10(-k) + 1
            let slot = 2 * (k - ShortestDecimal.minK)
            for cbx in [4 * c, 4 * c + 2, irregular ? 4 * c - 1 : 4 * c - 2] {
                let odd = ShortestDecimal.roundToOdd(
                    ShortestDecimal.powersOfTen[slot], ShortestDecimal.powersOfTen[slot + 1],
                    cbx, shift: h, q: q, k: k)
                // Round to odd is X itself for an integer X, else ⌊X⌋ | 1: odd, with X strictly
                // between its even neighbours.
                let sign = ShortestDecimal.compareExactly(cbx, q: q, k: k, with: odd)
                let exact =
                    ShortestDecimal.isInteger(cbx, q: q, k: k) == (sign == 0)
                    && (sign == 0
                        || (odd & 1 == 1
                            && ShortestDecimal.compareExactly(cbx, q: q, k: k, with: odd - 1) > 0
                            && ShortestDecimal.compareExactly(cbx, q: q, k: k, with: odd + 1) < 0))
                // The fallback, fed either integer next to a non-integer X (or X itself), must agree.
                let floor = sign >= 0 ? odd : odd - 1
                let fallbackAgrees =
                    ShortestDecimal.exactRoundToOdd(cbx, q: q, k: k, floorOfApproximation: floor) == odd
                    && (sign == 0 || ShortestDecimal.exactRoundToOdd(cbx, q: q, k: k, floorOfApproximation: floor + 1) == odd)
                if !(exact && fallbackAgrees), failures < 5 {
                    failures += 1
                    Issue.record("round to odd of \(cbx) × 2^\(q) × 10^\(-k) (for \(value)) = \(odd): exact \(exact), fallback \(fallbackAgrees)")
                }
            }
        }
    }

    /// Issue 34 §6: `exactRoundToOdd`'s comment said it was never reached, and an independent
    /// check of 3.1 billion doubles reached it for 0.57 % of its random bit patterns, every time
    /// answered by its first check (the value is an integer). This retraces `shortest`'s path
    /// for 2^20 uniformly random bit patterns and finds the `roundToOdd` calls that go on there:
    /// 0.12 % of the doubles (the share depends on how doubles are drawn), all declined by
    /// `nearest`, and every call's X an exact integer, so the big-integer comparison after that
    /// check is never reached. The comment states the same.
    @Test("issue 34 §6: exactRoundToOdd is reached for about 0.12 % of random bit patterns, always for an exact integer")
    func exactRoundToOdd_isReachedOnlyForExactIntegers() {
        var generator = SeededGenerator(seed: 0x10AE_0034)
        var finite = 0
        var reaching = 0
        var paths = Set<String>()
        for _ in 0..<(1 << 20) {
            let bits = generator.next() & ~ShortestDecimal.signBit
            guard Double(bitPattern: bits).isFinite else { continue }
            finite += 1
            let calls = Self.exactRoundToOddCalls(magnitudeBits: bits)
            guard !calls.calls.isEmpty else { continue }
            reaching += 1
            paths.insert(calls.path)
            for call in calls.calls where !ShortestDecimal.isInteger(call.cbx, q: call.q, k: call.k) {
                Issue.record("\(Double(bitPattern: bits)): \(call.cbx) × 2^\(call.q) × 10^\(-call.k) reaches the exact comparison")
            }
        }
        // 1,254 of 1,048,075 with this seed: 0.12 %.
        let share = Double(reaching) / Double(finite)
        #expect((0.0009...0.0015).contains(share), "\(reaching) of \(finite) doubles reach exactRoundToOdd")
        #expect(paths == ["declined by nearest"], "\(paths)")
    }

    /// The calls of `roundToOdd` that `shortest` makes for a double's magnitude bits and that go on
    /// to `exactRoundToOdd` (the 64 bits below ⌊Y⌋ are all zero), and which path made them.
    static func exactRoundToOddCalls(magnitudeBits bits: UInt64) -> (path: String, calls: [(cbx: UInt64, q: Int, k: Int)]) {
        let fraction = bits & ShortestDecimal.fractionMask
        let biased = Int(bits >> 52)
        let c: UInt64
        let q: Int
        let irregular: Bool
        let path: String
        if biased == 0 {
            guard fraction != 0 else { return ("zero", []) }
            (c, q, irregular, path) = (fraction, ShortestDecimal.minQ, false, "subnormal")
        } else {
            c = fraction | ShortestDecimal.hiddenBit
            q = biased - 1075
            if q <= 0, q > -53, c & ((1 << UInt64(-q)) - 1) == 0 { return ("small integer", []) }
            if fraction == 0 {
                (irregular, path) = (biased > 1, "power of two")
            } else {
                guard ShortestDecimal.nearest(c: c, q: q) == nil else { return ("nearest", []) }
                (irregular, path) = (false, "declined by nearest")
            }
        }
        let k = irregular ? ShortestDecimal.floorLog10ThreeQuartersPow2(q) : ShortestDecimal.floorLog10Pow2(q)
        let h = q + ShortestDecimal.floorLog2Pow10(-k) + 1
        let slot = 2 * (k - ShortestDecimal.minK)
        var calls: [(cbx: UInt64, q: Int, k: Int)] = []
        for cbx in [4 * c, irregular ? 4 * c - 1 : 4 * c - 2, 4 * c + 2] {
            // `roundToOdd`'s test: the upper 64 bits of the fraction of Y are all zero.
            let cp = cbx << UInt64(h)
            let upper = ShortestDecimal.powersOfTen[slot].multipliedFullWidth(by: cp)
            let lower = ShortestDecimal.powersOfTen[slot + 1].multipliedFullWidth(by: cp)
            if upper.low &+ lower.high == 0 { calls.append((cbx, q, k)) }
        }
        return (path, calls)
    }

    /// The one-product path against Schubfach's three products, called side by side: wherever
    /// `nearest` answers it must give Schubfach's decimal, and it must decline the doubles that
    /// sit on a decision point (exact ties, decimals on an end of R_v), which only an exact
    /// method can place. The differential tests above check the combination against `description`.
    @Test("the one-product path gives Schubfach's decimal or declines", arguments: PropertySeeds.seeds(count: 8))
    func nearestAgreesWithSchubfach(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var answered = 0
        var failures = 0
        for _ in 0..<max(1, Self.sampleCount / 8) {
            let bits = Self.randomDouble(&generator).magnitude.bitPattern
            let fraction = bits & ShortestDecimal.fractionMask
            let biased = Int(bits >> 52)
            // Regular normals only: the path is not asked about subnormals or c = 2^52.
            guard biased > 0, biased < 0x7FF, fraction != 0 else { continue }
            let c = fraction | ShortestDecimal.hiddenBit
            let q = biased - 1075
            guard let fast = ShortestDecimal.nearest(c: c, q: q) else { continue }
            answered += 1
            let exact = ShortestDecimal.schubfach(c: c, q: q, irregular: false)
            if fast != exact, failures < 5 {
                failures += 1
                Issue.record("\(Double(bitPattern: bits)): one product \(fast), Schubfach \(exact)")
            }
        }
        #expect(answered > Self.sampleCount / 16, "the path answers most regular doubles")
    }

    @Test("the one-product path declines exact ties and decimals on an end of the interval")
    func nearestDeclinesDecisionPoints() {
        // q = -2, doubles in [2^50, 2^51) with a quarter: k = -1 and X = 2.5 c, so every odd c is
        // an exact tie between two integers.
        for offset: UInt64 in stride(from: 1, to: 2_000, by: 2) {
            #expect(ShortestDecimal.nearest(c: ShortestDecimal.hiddenBit | offset, q: -2) == nil, "tie at c = 2^52 + \(offset)")
        }
        // q = 2, doubles 4c from 2^54 up: k = 0, X = 4c and H = 2, so R_v's ends 4c ± 2 fall on a
        // multiple of 10 whenever 4c ≡ 2 or 8 (mod 10), where open or closed decides the answer.
        var found = 0
        var c = ShortestDecimal.hiddenBit | 1
        while found < 50 {
            if (4 * c) % 10 == 2 || (4 * c) % 10 == 8 {
                #expect(ShortestDecimal.nearest(c: c, q: 2) == nil, "an end on a multiple of 10 at c = \(c)")
                found += 1
            }
            c += 1
        }
    }

    @Test("digit counts at every power-of-ten and power-of-two boundary")
    func digitCounts() {
        var power: UInt64 = 1
        for digits in 1...19 {
            #expect(ShortestDecimal.digitCount(power) == digits)
            if digits > 1 { #expect(ShortestDecimal.digitCount(power - 1) == digits - 1) }
            power &*= 10
        }
        #expect(ShortestDecimal.digitCount(UInt64.max) == 20)
        for bit in 0..<64 {
            let value: UInt64 = 1 << bit
            #expect(ShortestDecimal.digitCount(value) == String(value).count)
            #expect(ShortestDecimal.digitCount(value | (value - 1)) == String(value | (value - 1)).count)
        }
    }

    @Test("trailing zeros are removed, however many")
    func trailingZeros() {
        var generator = SeededGenerator(seed: 0x10AE_7A11)
        for zeros in 0...16 {
            for _ in 0..<200 {
                // A significand not ending in 0, of at most 17 - zeros digits, then `zeros` zeros.
                let digits = generator.int(in: 1...(17 - zeros))
                var significand = generator.next() % ShortestDecimal.powersOfTenUInt64[digits]
                if significand % 10 == 0 { significand += 1 }
                let trimmed = ShortestDecimal.trimmed(significand * ShortestDecimal.powersOfTenUInt64[zeros], exponent: -5)
                #expect(trimmed == ShortestDecimal(significand: significand, exponent: zeros - 5), "\(significand) and \(zeros) zeros")
            }
        }
    }

    @Test("digits are written exactly, eight per block, at every width")
    func digitBlocks() {
        func padded(_ value: UInt64, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: count - text.count) + text
        }
        func eight(_ value: UInt64) -> String {
            withUnsafeBytes(of: ECMAScriptNumber.eightDigits(value).littleEndian) { String(decoding: $0, as: UTF8.self) }
        }
        // Each lane's reciprocal (x / 100 for x < 10^4, x / 10 for x < 100) meets every value it can get.
        for value: UInt64 in 0..<10_000 {
            #expect(eight(value) == padded(value, 8))
            #expect(eight(value * 10_000 + 9_999 - value) == padded(value * 10_000 + 9_999 - value, 8))
            // Where ⌊x / 10^4⌋ steps, the reciprocal's error is largest.
            #expect(eight(value * 10_000 + 9_999) == padded(value * 10_000 + 9_999, 8))
            #expect(eight(value * 10_000) == padded(value * 10_000, 8))
        }
        var generator = SeededGenerator(seed: 0x10AE_D161)
        var buffer = [UInt8](repeating: 0, count: 32)
        for count in 1...20 {
            let limit = count == 20 ? UInt64.max : ShortestDecimal.powersOfTenUInt64[count] - 1
            for value in [0, 1, limit, limit / 3, generator.next() % (limit == .max ? .max : limit + 1)] {
                let written = buffer.withUnsafeMutableBufferPointer { pointer -> String in
                    guard let start = pointer.baseAddress else { return "" }
                    ECMAScriptNumber.writeDigits(value, count: count, to: start)
                    return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
                }
                #expect(written == padded(value, count), "\(value) in \(count) digits")
            }
        }
    }

    // MARK: Helpers

    /// A double of one of several kinds, either sign: random bits, uniform in [0, 1) and
    /// [0, 1000), k / 2^n, subnormals, short decimals and their neighbours, any exponent.
    static func randomDouble(_ generator: inout SeededGenerator) -> Double {
        let value: Double
        switch generator.int(in: 0...8) {
        case 0: value = Double(bitPattern: generator.next())
        case 1: value = generator.double(in: 0...1)
        case 2: value = generator.double(in: 0...1000)
        case 3:
            value = Double(generator.next() >> generator.int(in: 11...63)) * Double(sign: .plus, exponent: -generator.int(in: 0...80), significand: 1)
        case 4: value = Double(bitPattern: generator.next() & ShortestDecimal.fractionMask)
        case 5, 6:
            // Short decimals (1 to 17 digits, any exponent) and, half the time, the doubles next to them.
            let digits = generator.int(in: 1...17)
            let significand = generator.next() % ShortestDecimal.powersOfTenUInt64[digits]
            let decimal = Double("\(significand)e\(generator.int(in: -340...320))") ?? 1
            value = generator.chance(0.5) ? decimal : generator.chance(0.5) ? decimal.nextUp : decimal.nextDown
        case 7:
            value = Double(
                sign: .plus, exponent: generator.int(in: -1074...1023),
                significand: 1 + Double(generator.next() >> 12) * 0x1p-52)
        default: value = Double(generator.int(in: -1_000_000...1_000_000)) / 64 + generator.double(in: 0...1)
        }
        return generator.chance(0.5) ? -value : value
    }
}

/// Compares one double's ShortestDecimal, JSON text and read-back with `description`'s digits,
/// recording at most a few issues so a systematic bug does not flood the log.
struct DifferentialChecker {
    var checked = 0
    var failures = 0

    mutating func check(_ value: Double) {
        guard value.isFinite else { return }
        checked += 1
        let expected = decimalParts(of: value.description)
        let ours = ShortestDecimal(value)
        var writer = JSONWriter(capacity: 32)
        writer.number(value)
        let text = String(decoding: writer.bytes, as: UTF8.self)
        let expectedText = ecmaScriptText(of: value, digits: expected)
        guard ours != expected || text != expectedText || Double(text) != value else { return }
        failures += 1
        if failures <= 5 {
            Issue.record(
                "\(value) (bits 0x\(String(value.bitPattern, radix: 16))): ours \(String(describing: ours)) \(text), description \(String(describing: expected)) \(expectedText)"
            )
        }
    }

    func finish(_ label: String) {
        if failures > 5 { Issue.record("\(label): \(failures) of \(checked) doubles differ") }
    }
}

/// The significand (without trailing zeros) and exponent of a decimal text such as
/// "-1.25e-07", "9007199254740992.0" or "0.001".
func decimalParts(of text: String) -> ShortestDecimal? {
    let bytes = Array(text.utf8)
    var index = bytes.first == UInt8(ascii: "-") ? 1 : 0
    var digits: [UInt8] = []  // significant digits: from the first non-zero one on
    var exponent = 0
    var afterPoint = false
    while index < bytes.count, bytes[index] != UInt8(ascii: "e"), bytes[index] != UInt8(ascii: "E") {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: ".") {
            afterPoint = true
            continue
        }
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        if afterPoint { exponent -= 1 }
        if digits.isEmpty && byte == UInt8(ascii: "0") { continue }
        digits.append(byte - UInt8(ascii: "0"))
    }
    if index < bytes.count {
        var exponentText = String(decoding: bytes[(index + 1)...], as: UTF8.self)
        if exponentText.hasPrefix("+") { exponentText.removeFirst() }
        guard let written = Int(exponentText) else { return nil }
        exponent += written
    }
    while digits.last == 0 {
        digits.removeLast()
        exponent += 1
    }
    if digits.isEmpty { return ShortestDecimal(significand: 0, exponent: 0) }
    guard digits.count <= 19 else { return nil }
    return ShortestDecimal(significand: digits.reduce(0) { $0 * 10 + UInt64($1) }, exponent: exponent)
}

/// ECMA-262 Number::toString of `value`, built with Strings from `description`'s digits: the
/// reference for JSONWriter's byte-level formatting.
func ecmaScriptText(of value: Double) -> String {
    ecmaScriptText(of: value, digits: decimalParts(of: value.description))
}

/// The same, from `description`'s digits already parsed.
func ecmaScriptText(of value: Double, digits parts: ShortestDecimal?) -> String {
    guard let parts, parts.significand != 0 else { return "0" }
    let digits = String(parts.significand)
    let count = digits.count
    let point = parts.exponent + count
    let sign = value < 0 ? "-" : ""
    if count <= point && point <= 21 { return sign + digits + String(repeating: "0", count: point - count) }
    if 0 < point && point <= 21 { return sign + digits.prefix(point) + "." + digits.dropFirst(point) }
    if -6 < point && point <= 0 { return sign + "0." + String(repeating: "0", count: -point) + digits }
    let exponent = point - 1
    let exponentText = exponent < 0 ? "-\(-exponent)" : "+\(exponent)"
    let mantissa = count == 1 ? digits : digits.prefix(1) + "." + digits.dropFirst()
    return sign + mantissa + "e" + exponentText
}

/// The sign of factor × 2^twos × 10^tens − minus, exactly.
func exactSign(factor: UInt64, twos: Int, tens: Int, minus: UInt64) -> Int {
    var left = BigNatural(factor)
    var right = BigNatural(minus)
    if twos >= 0 { left = left.shiftedLeft(twos) } else { right = right.shiftedLeft(-twos) }
    if tens >= 0 { left = left.multiplied(by: .powerOfTen(tens)) } else { right = right.multiplied(by: .powerOfTen(-tens)) }
    return left < right ? -1 : right < left ? 1 : 0
}

/// A natural number of any size, written separately from the library's ExactMagnitude so the
/// tests check the tables with independent code: little-endian 64-bit words, no leading zeros.
struct BigNatural: Comparable {
    private(set) var words: [UInt64]

    init(_ value: UInt64) {
        words = value == 0 ? [] : [value]
    }

    private init(words: [UInt64]) {
        self.words = words
        while self.words.last == 0 { self.words.removeLast() }
    }

    /// 10^0 … 10^400, built once.
    private static let powersOfTen: [BigNatural] = {
        var powers = [BigNatural(1)]
        for _ in 1...400 { powers.append(powers[powers.count - 1].multiplied(by: BigNatural(10))) }
        return powers
    }()

    static func powerOfTen(_ exponent: Int) -> BigNatural { powersOfTen[exponent] }

    var bitWidth: Int { words.last.map { words.count * 64 - $0.leadingZeroBitCount } ?? 0 }

    /// The 64-bit word at `index` (0 is the least significant), 0 past the end.
    func word(_ index: Int) -> UInt64 { index < words.count ? words[index] : 0 }

    func adding(_ value: UInt64) -> BigNatural {
        var result = words
        var carry = value
        var index = 0
        while carry != 0 {
            if index == result.count { result.append(0) }
            let (sum, overflow) = result[index].addingReportingOverflow(carry)
            result[index] = sum
            carry = overflow ? 1 : 0
            index += 1
        }
        return BigNatural(words: result)
    }

    func multiplied(by other: BigNatural) -> BigNatural {
        var result = [UInt64](repeating: 0, count: words.count + other.words.count)
        for (i, left) in words.enumerated() {
            var carry: UInt64 = 0
            for (j, right) in other.words.enumerated() {
                let product = left.multipliedFullWidth(by: right)
                let (low1, overflow1) = product.low.addingReportingOverflow(result[i + j])
                let (low2, overflow2) = low1.addingReportingOverflow(carry)
                result[i + j] = low2
                carry = product.high + (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
            }
            result[i + other.words.count] = carry
        }
        return BigNatural(words: result)
    }

    func shiftedLeft(_ bits: Int) -> BigNatural {
        guard bits > 0, !words.isEmpty else { return self }
        var result = [UInt64](repeating: 0, count: bits / 64) + words + [0]
        let part = bits % 64
        if part != 0 {
            for index in stride(from: result.count - 1, to: bits / 64, by: -1) {
                result[index] = result[index] << part | result[index - 1] >> (64 - part)
            }
            result[bits / 64] <<= part
        }
        return BigNatural(words: result)
    }

    func shiftedRight(_ bits: Int) -> BigNatural {
        guard bits > 0 else { return self }
        guard bits / 64 < words.count else { return BigNatural(0) }
        var result = Array(words[(bits / 64)...])
        let part = bits % 64
        if part != 0 {
            for index in result.indices {
                let next = index + 1 < result.count ? result[index + 1] : 0
                result[index] = result[index] >> part | next << (64 - part)
            }
        }
        return BigNatural(words: result)
    }

    /// ⌊self / divisor⌋.
    func dividedBy(_ divisor: UInt64) -> BigNatural {
        var result = words
        var remainder: UInt64 = 0
        for index in result.indices.reversed() {
            let (quotient, rest) = divisor.dividingFullWidth((high: remainder, low: result[index]))
            result[index] = quotient
            remainder = rest
        }
        return BigNatural(words: result)
    }

    static func < (left: BigNatural, right: BigNatural) -> Bool {
        if left.words.count != right.words.count { return left.words.count < right.words.count }
        for index in left.words.indices.reversed() where left.words[index] != right.words[index] {
            return left.words[index] < right.words[index]
        }
        return false
    }
}
