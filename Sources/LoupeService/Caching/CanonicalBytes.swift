/// The bytes an `EntityTag` hashes, built in memory the builder owns: a tag is derived for every
/// computed answer, and an array's appends (a uniqueness and capacity check and a call each, for
/// pieces of one to eight bytes) cost several times what the bytes themselves do.
struct CanonicalBytes: ~Copyable {
    private var start: UnsafeMutableRawPointer
    private var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        start = .allocate(byteCount: self.capacity, alignment: 8)
    }

    deinit { start.deallocate() }

    mutating func append(byte: UInt8) {
        reserve(1)
        start.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count &+= 1
    }

    /// Eight bytes, least significant first.
    mutating func append(word: UInt64) {
        reserve(8)
        start.storeBytes(of: word.littleEndian, toByteOffset: count, as: UInt64.self)
        count &+= 8
    }

    /// A string's UTF-8, as it is.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// A string's UTF-8 length as a word, then its UTF-8: the form that keeps two different
    /// documents from sharing bytes.
    mutating func appendCounted(_ utf8: UnsafeRawBufferPointer) {
        append(word: UInt64(utf8.count))
        append(utf8)
    }

    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        body(UnsafeRawBufferPointer(start: start, count: count))
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (start + count).copyMemory(from: base, byteCount: bytes.count)
        count &+= bytes.count
    }

    private mutating func reserve(_ length: Int) {
        guard length > capacity &- count else { return }
        let newCapacity = max(capacity * 2, count + length)
        let newStart = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        newStart.copyMemory(from: start, byteCount: count)
        start.deallocate()
        start = newStart
        capacity = newCapacity
    }
}
