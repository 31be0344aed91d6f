/// DEFLATE's input as bits (RFC 1951 §3.1.1): each byte is read from its least significant bit
/// up, and a value of several bits starts at its least significant bit, so a 64-bit buffer
/// filled from the low end and consumed by right shifts hands out values in stream order.
///
/// It never reads past the end of `input`: when the input runs out the buffer holds fewer bits,
/// and a read that needs more than there are throws `.truncated` rather than inventing zeros.
struct BitReader {
    private let input: UnsafeBufferPointer<UInt8>
    /// The next byte to move into the buffer.
    private var position: Int
    private var buffer: UInt64 = 0
    /// How many of the buffer's low bits are input not yet consumed.
    private(set) var bitCount = 0

    init(_ input: UnsafeBufferPointer<UInt8>, position: Int) {
        self.input = input
        self.position = position
    }

    /// Moves whole bytes into the buffer while they fit, so at least 56 bits are available
    /// unless the input has ended.
    ///
    /// While eight bytes remain they come in one load (libdeflate's refill): the buffer takes the
    /// whole bytes that fit, and the bits of the next byte that land above them are that byte's
    /// own, which the next refill ORs in again at the same place.
    @inline(__always)
    mutating func refill() {
        if position &+ 8 <= input.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(input.baseAddress! + position).loadUnaligned(as: UInt64.self))
            buffer |= word &<< UInt64(bitCount)
            position &+= (63 &- bitCount) &>> 3
            bitCount |= 56
            return
        }
        while bitCount <= 56 && position < input.count {
            buffer |= UInt64(input[position]) << UInt64(bitCount)
            position += 1
            bitCount += 8
        }
    }

    /// The next `count` bits (at most 32) without consuming them; bits past `bitCount` are the
    /// input's next bits or 0, so a caller checks `bitCount` before trusting them.
    @inline(__always)
    func peek(_ count: Int) -> Int {
        Int(truncatingIfNeeded: buffer & (1 << UInt64(count) - 1))
    }

    /// Drops `count` bits (at most `bitCount`).
    @inline(__always)
    mutating func consume(_ count: Int) {
        buffer >>= UInt64(count)
        bitCount -= count
    }

    /// The next `count` bits (at most 32) as a number, least significant bit first.
    @inline(__always)
    mutating func read(_ count: Int) throws(InflateError) -> Int {
        if bitCount < count {
            refill()
            guard bitCount >= count else { throw .truncated }
        }
        let value = peek(count)
        consume(count)
        return value
    }

    /// Skips to the next byte boundary (stored blocks and the trailer start on one) and hands
    /// the whole bytes still in the buffer back to the input, for `readBytes`.
    mutating func alignToByte() {
        consume(bitCount & 7)
        position -= bitCount / 8
        buffer = 0
        bitCount = 0
    }

    /// The next `count` whole bytes, straight from the input; only after `alignToByte`.
    mutating func readBytes(_ count: Int) throws(InflateError) -> UnsafeBufferPointer<UInt8> {
        precondition(bitCount == 0, "readBytes needs a byte-aligned reader")
        guard count <= input.count - position else { throw .truncated }
        let bytes = UnsafeBufferPointer(rebasing: input[position..<position + count])
        position += count
        return bytes
    }

    /// The input bytes not yet read, counting those in the buffer.
    var remainingBytes: Int { input.count - position + bitCount / 8 }
}
