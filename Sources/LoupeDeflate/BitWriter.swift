/// DEFLATE's output as bits (RFC 1951 §3.1.1): values go in least significant bit first, and
/// bytes come out filled from their least significant bit. Huffman codes, which the format
/// sends most significant bit first, are stored reversed by `HuffmanCode` so every write is
/// the same shift and or.
///
/// The bits gather in a 64-bit buffer and leave it four bytes at a time, stored as one word into
/// memory the writer owns: an array append per byte was a tenth of an address's cost.
/// Noncopyable so that memory has one owner and is freed once.
struct BitWriter: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The whole bytes written.
    private var count = 0
    private var buffer: UInt64 = 0
    private var bitCount = 0

    init(capacity: Int) {
        self.capacity = max(16, capacity)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// How many bits have been written, for choosing the smallest block.
    var bitPosition: Int { count * 8 + bitCount }

    /// The whole bytes written so far (after `alignToByte`, all of them).
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

    /// Writes the low `count` bits of `value` (count at most 32).
    @inline(__always)
    mutating func write(_ value: Int, count: Int) {
        assert(count <= 32 && value >> count == 0, "\(value) does not fit in \(count) bits")
        buffer |= UInt64(truncatingIfNeeded: value) << UInt64(bitCount)
        bitCount += count
        if bitCount >= 32 {
            reserve(4)
            UnsafeMutableRawPointer(storage + self.count).storeBytes(of: UInt32(truncatingIfNeeded: buffer).littleEndian, as: UInt32.self)
            self.count += 4
            buffer >>= 32
            bitCount -= 32
        }
    }

    /// Pads with zero bits to the next byte boundary (before a stored block and the trailer).
    mutating func alignToByte() {
        reserve(8)
        while bitCount > 0 {
            storage[count] = UInt8(truncatingIfNeeded: buffer)
            count += 1
            buffer >>= 8
            bitCount = max(0, bitCount - 8)
        }
        buffer = 0
    }

    /// Appends whole bytes; only on a byte boundary.
    mutating func append(bytes more: UnsafeBufferPointer<UInt8>) {
        precondition(bitCount == 0, "append(bytes:) needs a byte-aligned writer")
        guard let source = more.baseAddress else { return }
        reserve(more.count)
        (storage + count).initialize(from: source, count: more.count)
        count += more.count
    }

    /// Room for `extra` more bytes, doubling the memory when it runs out.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let newCapacity = max(2 * capacity, count + extra)
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.initialize(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }
}
