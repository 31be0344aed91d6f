/// The text ECMAScript gives a number (ECMA-262 Number::toString), written from its shortest
/// decimal into raw bytes. JSON answers are read by browsers, whose `String(number)` and
/// `JSON.stringify` print exactly this, so our bytes and theirs agree.
///
/// With k digits and the decimal point after the n-th (value = 0.d1…dk × 10^n): the digits and
/// n - k zeros while k ≤ n ≤ 21, a point inside the digits while 0 < n ≤ 21, "0." and -n zeros
/// before the digits while -6 < n ≤ 0, and otherwise "d.ddde±x" (so 1e21 and 1e-7 switch to
/// exponents, and 123e20 is written out in full).
enum ECMAScriptNumber {
    /// The room `write` needs. The longest text is 25 bytes ("-0.00000" and 17 digits), but digits
    /// are stored eight bytes at a time, so a write may touch bytes past its text: at most 29 in
    /// all ("-d.", 16 digits, "e-" and an eight-byte block for the exponent).
    static let scratchBytes = 32

    /// Writes `decimal` (with a leading "-" when `negative`) to `start`, which must have
    /// `scratchBytes` bytes of room, and returns the number of bytes of text.
    ///
    /// Transparent, not `@inline(__always)`: the optimizer kept the latter as a call from
    /// `JSONWriter.writeShortest`, whose register saves alone cost a tenth of a number.
    @_transparent
    static func write(_ decimal: ShortestDecimal, negative: Bool, to start: UnsafeMutablePointer<UInt8>) -> Int {
        start[0] = UInt8(ascii: "-")  // overwritten below when positive
        let sign = negative ? 1 : 0
        let text = start + sign
        let significand = decimal.significand
        // Most numbers of a plan: 16 or 17 digits, a point within the first eight places or up
        // to five zeros after "0." (between 1e-6 and 1e8), written without branching on either.
        if significand >= 1_000_000_000_000_000 {
            let count = significand >= 10_000_000_000_000_000 ? 17 : 16
            let point = decimal.exponent &+ count
            if point > -6, point <= 8 {
                return sign &+ writeLong(significand, count: count, point: point, to: text)
            }
        }
        let count = ShortestDecimal.digitCount(significand)
        let point = decimal.exponent &+ count
        if point > 0, point <= 21 {
            if count <= point {
                writeDigits(significand, count: count, to: text)
                for index in count..<point { text[index] = UInt8(ascii: "0") }
                return sign &+ point
            }
            // Digits one place to the right, then the integer part moved back over the gap.
            writeDigits(significand, count: count, to: text + 1)
            moveBackOne(text, count: point)
            text[point] = UInt8(ascii: ".")
            return sign &+ count &+ 1
        }
        if point <= 0, point > -6 {
            storeEight(Self.zeroPointZeros, to: text)  // "0.000000", of which the digits overwrite the tail
            writeDigits(significand, count: count, to: text + 2 - point)
            return sign &+ 2 &- point &+ count
        }
        writeDigits(significand, count: count, to: text + 1)
        text[0] = text[1]
        var length = 1
        if count > 1 {
            text[1] = UInt8(ascii: ".")
            length = count &+ 1
        }
        let exponent = point &- 1
        text[length] = UInt8(ascii: "e")
        text[length &+ 1] = exponent < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
        let magnitude = UInt64(exponent.magnitude)  // at most 324
        let width = magnitude >= 100 ? 3 : magnitude >= 10 ? 2 : 1
        writeDigits(magnitude, count: width, to: text + length + 2)
        return sign &+ length &+ 2 &+ width
    }

    /// Writes a 16- or 17-digit `significand` with its point after `point` digits (1...8) or
    /// after "0." and -`point` zeros (-5...0). Every byte is stored from registers and nothing
    /// written is read back: a load spanning the digits' stores (as moving the integer part
    /// back over a gap did) cannot be served from them and waits for them to reach the cache,
    /// which made that move a sixth of the time of every such number.
    @inline(__always)
    static func writeLong(_ significand: UInt64, count: Int, point: Int, to text: UnsafeMutablePointer<UInt8>) -> Int {
        let high = significand / 100_000_000
        let top = high / 100_000_000
        let topDigit = top | 0x30
        let middle = eightDigits(high &- top &* 100_000_000)
        let last = eightDigits(significand &- high &* 100_000_000)
        if point > 0 {
            // The first eight digits, in memory order, and the point put after `point` of them:
            // the bytes from there move one place up, and the eighth digit moves out to text[8].
            let firstEight = count == 17 ? topDigit | middle &<< 8 : middle
            let shift = UInt64(truncatingIfNeeded: point &* 8)
            let kept: UInt64 = point == 8 ? ~0 : (1 &<< shift) &- 1
            let dot: UInt64 = point == 8 ? 0 : UInt64(UInt8(ascii: ".")) &<< shift
            storeEight(firstEight & kept | dot | (firstEight & ~kept) &<< 8, to: text)
            text[8] = point == 8 ? UInt8(ascii: ".") : UInt8(truncatingIfNeeded: firstEight &>> 56)
            // The ninth digit onwards: for 17 digits the middle block's last, then the last block.
            text[9] = UInt8(truncatingIfNeeded: middle &>> 56)
            storeEight(last, to: text + (count &- 7))
            return count &+ 1
        }
        // "0.000000", then the digits after -point of its zeros; a 16-digit significand's
        // leading 0 lands one place early, over a zero or the point, which is written again.
        storeEight(Self.zeroPointZeros, to: text)
        let start = 2 &- point
        let block = text + (start &+ count &- 17)
        block[0] = UInt8(truncatingIfNeeded: topDigit)
        storeEight(middle, to: block + 1)
        storeEight(last, to: block + 9)
        text[1] = UInt8(ascii: ".")
        return start &+ count
    }

    /// Moves `text[1...count]` to `text[0..<count]`. Up to eight bytes (a plan's numbers are
    /// below 10^8) it is one masked word move: a byte loop here would be compiled into a call
    /// to memmove, which cost more than the rest of the number.
    @inline(__always)
    static func moveBackOne(_ text: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count <= 8 else {
            for index in 0..<count { text[index] = text[index &+ 1] }
            return
        }
        let raw = UnsafeMutableRawPointer(text)
        let moved = raw.loadUnaligned(fromByteOffset: 1, as: UInt64.self)
        let kept = raw.loadUnaligned(as: UInt64.self)
        // The low `count` bytes (in memory order) from `moved`, the rest as they were.
        let mask: UInt64 = count == 8 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: 8 &* count)) &- 1
        let merged = UInt64(littleEndian: moved) & mask | UInt64(littleEndian: kept) & ~mask
        raw.storeBytes(of: merged.littleEndian, as: UInt64.self)
    }

    /// Moves the last `count` (at most 8) of the `width` bytes at `text` one byte right, making
    /// room for a point before them; the eight-byte store may write up to `text[width + 8]`.
    @inline(__always)
    static func moveForwardOne(_ text: UnsafeMutablePointer<UInt8>, width: Int, count: Int) {
        let raw = UnsafeMutableRawPointer(text + (width &- count))
        raw.storeBytes(of: raw.loadUnaligned(as: UInt64.self), toByteOffset: 1, as: UInt64.self)
    }

    /// "0.000000" as eight bytes in memory order.
    private static let zeroPointZeros: UInt64 = 0x3030_3030_3030_2E30

    /// Writes the `count` (1…20) low decimal digits of `value` (below 10^count), zero-padded, to
    /// `text[0..<count]`, eight digits per store; bytes up to `text[7]` may be overwritten too.
    /// Blocks are stored left to right, so each one overwrites the previous one's spill.
    @inline(__always)
    static func writeDigits(_ value: UInt64, count: Int, to text: UnsafeMutablePointer<UInt8>) {
        if count <= 8 {
            storeEight(eightDigits(value) &>> UInt64(truncatingIfNeeded: 64 &- 8 &* count), to: text)
        } else if count <= 16 {
            let high = value / 100_000_000
            storeEight(eightDigits(high) &>> UInt64(truncatingIfNeeded: 128 &- 8 &* count), to: text)
            storeEight(eightDigits(value &- high &* 100_000_000), to: text + count - 8)
        } else {
            let top = value / 10_000_000_000_000_000
            let rest = value &- top &* 10_000_000_000_000_000
            let high = rest / 100_000_000
            storeEight(eightDigits(top) &>> UInt64(truncatingIfNeeded: 192 &- 8 &* count), to: text)
            storeEight(eightDigits(high), to: text + count - 16)
            storeEight(eightDigits(rest &- high &* 100_000_000), to: text + count - 8)
        }
    }

    /// The eight ASCII digits of `value` (below 10^8), zero-padded, the most significant in the
    /// lowest byte: divisions by 10^4, 100 and 10 done in parallel lanes of one 64-bit integer.
    /// Each step splits every lane L into ⌊L / d⌋ below and L mod d above as
    /// (L << w) + ⌊L / d⌋ × (1 - d × 2^w), one multiply-add, whose terms the wrapping arithmetic
    /// sums exactly since both parts fit their half-lanes. The quotients are multiply-and-shift
    /// reciprocals, exact in these ranges (109951163 / 2^40 for x < 10^8, 10486 / 2^20 for
    /// x < 10^4 and 103 / 2^10 for x < 100; the tests check every lane value and each block's ends).
    @inline(__always)
    static func eightDigits(_ value: UInt64) -> UInt64 {
        let upper = (value &* 109_951_163) &>> 40
        let fourDigitLanes = (value &<< 32) &+ upper &* (1 &- 10_000 &<< 32)  // abcd, efgh
        let hundreds = ((fourDigitLanes &* 10_486) &>> 20) & 0x0000_007F_0000_007F  // ab, ef
        let twoDigitLanes = (fourDigitLanes &<< 16) &+ hundreds &* (1 &- 100 &<< 16)  // ab, cd, ef, gh
        let tens = ((twoDigitLanes &* 103) &>> 10) & 0x000F_000F_000F_000F  // a, c, e, g
        return (twoDigitLanes &<< 8) &+ tens &* (1 &- 10 &<< 8) | 0x3030_3030_3030_3030
    }

    /// Stores eight bytes, lowest first, at any alignment.
    @inline(__always)
    private static func storeEight(_ bytes: UInt64, to text: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(text).storeBytes(of: bytes.littleEndian, as: UInt64.self)
    }
}
