/// The bytes an `Inflater` has produced so far, in memory it sizes itself so that a stream
/// can never make it hold more than `limit` bytes.
///
/// A few kilobytes of key may describe megabytes (a run of one byte costs about a bit per
/// 258 bytes), so the cap is checked before every write, and the buffer grows by doubling
/// but never past the cap: a bomb is stopped after at most `limit` bytes of work and memory,
/// however much it claims. DEFLATE matches copy from the bytes already written, so the
/// output doubles as the window (RFC 1951 §3.2: the window is the previous output).
///
/// Noncopyable so the memory has one owner and is freed once; the checks that keep the
/// unsafe writes in bounds are all here, not in the decoder's loop.
struct InflateOutput: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0
    let limit: Int

    /// `expected` is a first guess of the size (the buffer grows as needed); `limit` the cap.
    init(expected: Int, limit: Int) {
        self.limit = max(0, limit)
        capacity = max(1, min(self.limit, expected))
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    mutating func append(_ byte: UInt8) throws(InflateError) {
        if count == capacity { try grow(by: 1) }
        base[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(InflateError) {
        if bytes.count > capacity - count { try grow(by: bytes.count) }
        guard let source = bytes.baseAddress else { return }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends `length` bytes copied from `distance` bytes back (RFC 1951 §3.2.3). When the
    /// distance is shorter than the length the copy overlaps what it writes, repeating the
    /// last `distance` bytes, so it goes a byte at a time.
    @inline(__always)
    mutating func appendMatch(distance: Int, length: Int) throws(InflateError) {
        precondition(distance >= 1 && distance <= count, "the decoder checks a match's distance")
        if length > capacity - count { try grow(by: length) }
        let target = base + count
        let source = target - distance
        if distance >= length {
            target.initialize(from: source, count: length)
        } else {
            for index in 0..<length { target[index] = source[index] }
        }
        count += length
    }

    /// Makes room for `extra` more bytes, or throws if that would pass the cap.
    private mutating func grow(by extra: Int) throws(InflateError) {
        guard extra <= limit - count else { throw .tooLarge(limit: limit) }
        let newCapacity = min(limit, max(capacity * 2, count + extra))
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// The bytes written so far.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The output as an array (its own copy, sized exactly).
    consuming func bytes() -> [UInt8] {
        withBytes { Array($0) }
    }
}
