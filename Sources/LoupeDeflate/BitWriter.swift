/// DEFLATE's output as bits (RFC 1951 §3.1.1): values go in least significant bit first, and
/// bytes come out filled from their least significant bit. Huffman codes, which the format
/// sends most significant bit first, are stored reversed by `HuffmanCode` so every write is
/// the same shift and or.
struct BitWriter {
    private(set) var bytes: [UInt8]
    private var buffer: UInt64 = 0
    private var bitCount = 0

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// How many bits have been written, for choosing the smallest block.
    var bitPosition: Int { bytes.count * 8 + bitCount }

    /// Writes the low `count` bits of `value` (count at most 32).
    @inline(__always)
    mutating func write(_ value: Int, count: Int) {
        assert(count <= 32 && value >> count == 0, "\(value) does not fit in \(count) bits")
        buffer |= UInt64(truncatingIfNeeded: value) << UInt64(bitCount)
        bitCount += count
        if bitCount >= 32 {
            for _ in 0..<4 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
            }
            bitCount -= 32
        }
    }

    /// Pads with zero bits to the next byte boundary (before a stored block and the trailer).
    mutating func alignToByte() {
        while bitCount > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            bitCount = max(0, bitCount - 8)
        }
        buffer = 0
    }

    /// Appends whole bytes; only on a byte boundary.
    mutating func append<Bytes: Sequence<UInt8>>(bytes more: Bytes) {
        precondition(bitCount == 0, "append(bytes:) needs a byte-aligned writer")
        bytes.append(contentsOf: more)
    }
}
