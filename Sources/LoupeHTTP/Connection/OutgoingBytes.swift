/// Bytes owed to a client, in order, as pieces: heads and small bodies copied into a buffer the
/// connection owns, and each large body kept as the very array it was rendered into, shared (not
/// copied) with whoever else holds it, such as the answer cache. A write sends the pieces
/// together (`sendmsg` with one `iovec` each), so a 16 KB plan leaves the process from the memory
/// it was written into (issue 47 §2: the copy of each body into the connection's buffer was one
/// of the three copies every computed answer made of itself, and a cache hit's only one).
///
/// A value: appending to a copy never changes the original, and a lent buffer comes back whole.
struct OutgoingBytes: Sendable {
    /// The pieces, in order; only the last may grow, and only when it is the writer's own.
    private var pieces: [[UInt8]] = []
    /// Whether the last piece is a buffer this value made (not a shared body), so appends go on it.
    private var lastIsOwned = false
    /// How much of the first piece has been written already (`removeFirst`).
    private var firstWritten = 0
    /// The bytes owed: every piece's count, less what of the first is written.
    private(set) var count = 0

    /// A body this long or longer is queued as it is; a shorter one is copied after its head,
    /// where one more piece would cost the write more than the copy saves. Above the buffer a
    /// connection keeps between answers, so a kept buffer is never a shared body.
    static let sharedBodyBytes = 4096

    /// The owned buffer kept for the next answer once everything is written, at most this large.
    static let retainedBufferBytes = ConnectionInput.retainedBufferBytes

    /// The most pieces one write hands the kernel (Linux's IOV_MAX is 1,024).
    static let piecesPerWrite = 64

    init() {}

    var isEmpty: Bool { count == 0 }

    /// The memory held: what each owned buffer allocated, and each shared body's bytes (which
    /// the answer cache may also hold: counted here as well, the cache's own limit aside).
    var heldBytes: Int {
        var held = 0
        for piece in pieces { held += piece.capacity }
        return held
    }

    /// Appends a copy of `bytes` to the owned buffer at the end (made if there is none).
    mutating func append(copying bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        if lastIsOwned {
            pieces[pieces.count - 1].append(contentsOf: bytes)
        } else {
            var owned: [UInt8] = []
            owned.reserveCapacity(bytes.count)
            owned.append(contentsOf: bytes)
            pieces.append(owned)
            lastIsOwned = true
        }
        count += bytes.count
    }

    mutating func append(copying bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(copying: $0) }
    }

    /// Appends a body: shared as its own piece when it is long (`sharedBodyBytes`), else copied.
    mutating func append(body: [UInt8]) {
        guard body.count >= Self.sharedBodyBytes else { return append(copying: body) }
        pieces.append(body)
        lastIsOwned = false
        count += body.count
    }

    /// Appends everything `other` owes, its pieces moved rather than copied.
    mutating func append(_ other: consuming OutgoingBytes) {
        guard !other.isEmpty else { return }
        guard !isEmpty else {
            self = other
            return
        }
        if other.firstWritten > 0 {
            other.pieces[0] = Array(other.pieces[0][other.firstWritten...])
            other.firstWritten = 0
        }
        pieces.append(contentsOf: other.pieces)
        lastIsOwned = other.lastIsOwned
        count += other.count
    }

    /// Drops the bytes past the first `length` owed (an answer taken back out: `Exchange.finish`),
    /// giving back the room they took: a trimmed buffer is made again at its new size.
    mutating func truncate(to length: Int) {
        precondition(length >= 0 && length <= count, "truncated past the end")
        guard length < count else { return }
        guard length > 0 else { return self = OutgoingBytes() }
        var kept = firstWritten + length
        var index = 0
        while kept > pieces[index].count {
            kept -= pieces[index].count
            index += 1
        }
        pieces.removeSubrange((index + 1)...)
        if kept < pieces[index].count { pieces[index] = Array(pieces[index][..<kept]) }
        // A trimmed or shared last piece is not grown again: the next append makes its own.
        lastIsOwned = false
        count = length
    }

    /// `written` bytes left for the kernel: pieces fully written go, and the rest of the first
    /// is kept as it is (its offset remembered, nothing moved).
    mutating func removeFirst(_ written: Int) {
        precondition(written >= 0 && written <= count, "wrote more than was owed")
        guard written < count else { return removeAll() }
        count -= written
        var remaining = firstWritten + written
        var drop = 0
        while remaining >= pieces[drop].count {
            remaining -= pieces[drop].count
            drop += 1
        }
        pieces.removeFirst(drop)
        firstWritten = remaining
    }

    /// Nothing is owed any more: the pieces go, but the first, when it is a small buffer of the
    /// writer's own (a head), is kept empty for the next answer, so a keep-alive connection does
    /// not allocate its output anew for each request.
    mutating func removeAll() {
        let reusable = pieces.first.map { $0.capacity <= Self.retainedBufferBytes } ?? false
        if reusable {
            pieces.removeLast(pieces.count - 1)
            pieces[0].removeAll(keepingCapacity: true)
        } else {
            pieces.removeAll(keepingCapacity: pieces.capacity <= 4)
        }
        lastIsOwned = reusable
        firstWritten = 0
        count = 0
    }

    /// Lends the bytes owed, as up to `piecesPerWrite` buffers in order (a write takes what it
    /// can; `removeFirst` then says how much it took).
    func withUnwrittenPieces<Result>(_ body: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Result) rethrows -> Result {
        let lent = min(pieces.count, Self.piecesPerWrite)
        return try withUnsafeTemporaryAllocation(of: UnsafeRawBufferPointer.self, capacity: max(lent, 1)) { buffers in
            try lend(from: 0, upTo: lent, into: buffers, body)
        }
    }

    /// Each piece's bytes lent inside the last's `withUnsafeBytes`, so every pointer is used
    /// only while its array lends it.
    private func lend<Result>(
        from index: Int, upTo end: Int, into buffers: UnsafeMutableBufferPointer<UnsafeRawBufferPointer>,
        _ body: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Result
    ) rethrows -> Result {
        guard index < end else { return try body(UnsafeBufferPointer(rebasing: buffers[..<end])) }
        return try pieces[index].withUnsafeBytes { raw in
            buffers[index] = UnsafeRawBufferPointer(rebasing: raw[(index == 0 ? firstWritten : 0)...])
            return try lend(from: index + 1, upTo: end, into: buffers, body)
        }
    }

    /// The bytes owed in one array (tests, and `InProcessConnection`'s callers, who read answers
    /// as bytes).
    var joined: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for (index, piece) in pieces.enumerated() { bytes += piece[(index == 0 ? firstWritten : 0)...] }
        return bytes
    }
}
