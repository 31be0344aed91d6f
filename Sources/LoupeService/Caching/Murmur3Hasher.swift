/// The streaming hasher: `update` with any split of the input, then `finalize`.
struct Murmur3Hasher {
    private var h1: UInt64
    private var h2: UInt64
    private var length = 0
    /// Input bytes not yet forming a whole 16-byte block.
    private var tail: (UInt64, UInt64) = (0, 0)
    private var tailCount = 0

    private static let c1: UInt64 = 0x87c3_7b91_1142_53d5
    private static let c2: UInt64 = 0x4cf5_ad43_2745_937f

    init(seed: UInt64 = 0) {
        h1 = seed
        h2 = seed
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        let count = bytes.count
        length += count
        // Finish a pending partial block first.
        while tailCount != 0 && index < count {
            appendToTail(bytes[index])
            index += 1
        }
        // Whole blocks straight from the input.
        while count - index >= 16 {
            let k1 = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let k2 = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
            mix(k1, k2)
            index += 16
        }
        while index < count {
            appendToTail(bytes[index])
            index += 1
        }
    }

    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    func finalize() -> Hash128 {
        var h1 = self.h1, h2 = self.h2
        if tailCount > 0 {
            if tailCount > 8 { h2 ^= Self.scramble2(tail.1) }
            h1 ^= Self.scramble1(tail.0)
        }
        h1 ^= UInt64(length)
        h2 ^= UInt64(length)
        h1 = h1 &+ h2
        h2 = h2 &+ h1
        h1 = Self.fmix(h1)
        h2 = Self.fmix(h2)
        h1 = h1 &+ h2
        h2 = h2 &+ h1
        return Hash128(low: h1, high: h2)
    }

    private mutating func appendToTail(_ byte: UInt8) {
        let shift = UInt64(8 * (tailCount % 8))
        if tailCount < 8 {
            tail.0 |= UInt64(byte) << shift
        } else {
            tail.1 |= UInt64(byte) << shift
        }
        tailCount += 1
        if tailCount == 16 {
            mix(tail.0, tail.1)
            tail = (0, 0)
            tailCount = 0
        }
    }

    private mutating func mix(_ k1: UInt64, _ k2: UInt64) {
        h1 ^= Self.scramble1(k1)
        h1 = (h1.rotatedLeft(27) &+ h2) &* 5 &+ 0x52dc_e729
        h2 ^= Self.scramble2(k2)
        h2 = (h2.rotatedLeft(31) &+ h1) &* 5 &+ 0x3849_5ab5
    }

    /// The per-lane scrambles of a block's two 64-bit halves.
    private static func scramble1(_ k: UInt64) -> UInt64 { (k &* c1).rotatedLeft(31) &* c2 }
    private static func scramble2(_ k: UInt64) -> UInt64 { (k &* c2).rotatedLeft(33) &* c1 }

    private static func fmix(_ value: UInt64) -> UInt64 {
        var k = value
        k ^= k >> 33
        k = k &* 0xff51_afd7_ed55_8ccd
        k ^= k >> 33
        k = k &* 0xc4ce_b9fe_1a85_ec53
        k ^= k >> 33
        return k
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}
