/// A non-negative big integer just capable enough for `ShortestDecimal.compareExactly`.
struct ExactMagnitude {
    /// Little-endian 32-bit limbs, without leading zero limbs.
    private(set) var limbs: [UInt32]

    init(_ value: UInt64) {
        limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
        normalize()
    }

    private mutating func normalize() {
        while limbs.last == 0 { limbs.removeLast() }
    }

    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = UInt64(limbs[index]) * UInt64(factor) + carry
            limbs[index] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry != 0 { limbs.append(UInt32(truncatingIfNeeded: carry)) }
        normalize()
    }

    mutating func multiplyByPowerOfFive(_ exponent: Int) {
        var remaining = exponent
        while remaining >= 13 {
            multiply(by: 1_220_703_125)  // 5^13, the largest power of five below 2^32
            remaining -= 13
        }
        var factor: UInt32 = 1
        for _ in 0..<remaining { factor *= 5 }
        multiply(by: factor)
    }

    mutating func shiftLeft(_ bits: Int) {
        guard !limbs.isEmpty, bits > 0 else { return }
        let part = bits % 32
        if part != 0 {
            var carry: UInt32 = 0
            for index in limbs.indices {
                let limb = limbs[index]
                limbs[index] = (limb << part) | carry
                carry = limb >> (32 - part)
            }
            if carry != 0 { limbs.append(carry) }
        }
        limbs.insert(contentsOf: repeatElement(0, count: bits / 32), at: 0)
    }

    /// -1, 0 or 1 as `left` is below, equal to or above `right`.
    static func compare(_ left: ExactMagnitude, _ right: ExactMagnitude) -> Int {
        if left.limbs.count != right.limbs.count { return left.limbs.count < right.limbs.count ? -1 : 1 }
        for index in stride(from: left.limbs.count - 1, through: 0, by: -1) where left.limbs[index] != right.limbs[index] {
            return left.limbs[index] < right.limbs[index] ? -1 : 1
        }
        return 0
    }
}
