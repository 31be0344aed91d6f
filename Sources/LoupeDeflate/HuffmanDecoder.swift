/// A canonical Huffman code as DEFLATE sends it (RFC 1951 §3.2.2: only the code lengths), made
/// ready for decoding.
///
/// Most symbols have short codes, so the next `fastBits` bits index a table that answers them
/// in one look-up; the few longer codes are found by walking the lengths one bit at a time, as
/// zlib's reference decoder puff does, which needs no second table.
///
/// The lengths are checked as they are read because they come from the sender: a set that is
/// over-subscribed would make codes ambiguous, and an incomplete one leaves bit patterns that
/// are no code. Both are refused, except the single one-bit code that RFC 1951 §3.2.7 allows
/// (and zlib writes) for a block with one distance, and an all-zero distance code for a block
/// with only literals; a pattern outside such a code is refused when it is met.
struct HuffmanDecoder: Sendable {
    static let fastBits = 9

    /// One allocation for the whole code (an array's allocation is a run-time metadata look-up
    /// as well as a malloc, and three codes are built for every dynamic block):
    /// - for each value of the next `fastBits` bits, the symbol << 4 | its code length, or 0
    ///   when the code is longer (or there is none);
    /// - from `countsStart`, how many codes have each length 0…15;
    /// - from `symbolsStart`, the symbols in code order (by length, then by symbol), for the
    ///   long codes.
    private var table: [UInt16]
    private static let countsStart = 1 << fastBits
    private static let symbolsStart = countsStart + DeflateAlphabet.longestCode + 1

    /// Which incomplete codes the lengths may describe (see the type's comment).
    enum Kind {
        /// The code-length code of a dynamic block: must be complete.
        case codeLengths
        /// A literal/length or distance code: may also be a single one-bit code, or empty.
        case symbols
    }

    init(lengths: [UInt8], kind: Kind) throws(InflateError) {
        let table = lengths.withUnsafeBufferPointer { Self.table(for: $0, kind: kind) }
        guard let table else { throw .malformedBlock(.invalidCodeLengths) }
        self.table = table
    }

    init(lengths: UnsafeBufferPointer<UInt8>, kind: Kind) throws(InflateError) {
        guard let table = Self.table(for: lengths, kind: kind) else { throw .malformedBlock(.invalidCodeLengths) }
        self.table = table
    }

    /// The table for `lengths`, or nil when they are no code `kind` allows.
    private static func table(for lengths: UnsafeBufferPointer<UInt8>, kind: Kind) -> [UInt16]? {
        var table = [UInt16](repeating: 0, count: symbolsStart + lengths.count)
        let valid = table.withUnsafeMutableBufferPointer { table in
            build(table.baseAddress!, lengths: lengths, kind: kind)
        }
        return valid ? table : nil
    }

    /// Fills `table` (zeroed) for `lengths`, or returns false when they are no code `kind` allows.
    private static func build(_ table: UnsafeMutablePointer<UInt16>, lengths: UnsafeBufferPointer<UInt8>, kind: Kind) -> Bool {
        let longest = DeflateAlphabet.longestCode
        let counts = table + countsStart
        // (Zeros skipped: counting them is a chain of increments of one place.)
        for length in lengths where length != 0 { counts[Int(length)] &+= 1 }
        var unused = 1, codeCount = 0
        for length in 1...longest {
            unused = unused << 1 - Int(counts[length])
            codeCount += Int(counts[length])
            guard unused >= 0 else { return false }
        }
        if unused > 0 {
            let allowed = kind == .symbols && (codeCount == 0 || (codeCount == 1 && counts[1] == 1))
            guard allowed else { return false }
        }
        // For each length, where its symbols go in code order and its next canonical code
        // (RFC 1951 §3.2.2), on the stack.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (longest + 1)) { scratch in
            let offsets = scratch.baseAddress!, nextCode = scratch.baseAddress! + longest + 1
            var offset = 0, code = 0
            offsets[0] = 0
            nextCode[0] = 0
            for length in 1...longest {
                offsets[length] = offset
                offset += Int(counts[length])
                code = (code + Int(counts[length - 1])) << 1
                nextCode[length] = code
            }
            let symbols = table + symbolsStart
            for symbol in 0..<lengths.count where lengths[symbol] != 0 {
                let length = Int(lengths[symbol])
                symbols[offsets[length]] = UInt16(symbol)
                offsets[length] &+= 1
                let code = nextCode[length]
                nextCode[length] = code &+ 1
                guard length <= fastBits else { continue }
                // Every index whose low `length` bits are the code (reversed, as the reader
                // hands bits out) starts with this symbol.
                var index = Int(HuffmanCode.reversed(UInt16(truncatingIfNeeded: code)) &>> (16 &- UInt16(length)))
                let entry = UInt16(truncatingIfNeeded: symbol << 4 | length)
                while index < countsStart {
                    table[index] = entry
                    index &+= 1 << length
                }
            }
            return true
        }
    }

    /// The next symbol in the stream.
    @inline(__always)
    func decode(_ reader: inout BitReader) throws(InflateError) -> Int {
        if reader.bitCount < DeflateAlphabet.longestCode { reader.refill() }
        let entry = Int(table[reader.peek(Self.fastBits)])
        let length = entry & 15
        if length != 0 && length <= reader.bitCount {
            reader.consume(length)
            return entry >> 4
        }
        return try decodeLongCode(&reader)
    }

    /// A code longer than `fastBits` (or none), one bit at a time (RFC 1951 §3.2.2: the codes
    /// of each length are consecutive, and follow the shorter ones' prefixes).
    private func decodeLongCode(_ reader: inout BitReader) throws(InflateError) -> Int {
        let bits = reader.peek(DeflateAlphabet.longestCode)
        var code = 0, first = 0, index = 0
        for length in 1...DeflateAlphabet.longestCode {
            guard length <= reader.bitCount else { throw .truncated }
            code |= bits >> (length - 1) & 1
            let count = Int(table[Self.countsStart + length])
            if code < first + count {
                reader.consume(length)
                return Int(table[Self.symbolsStart + index + code - first])
            }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw .malformedBlock(.invalidSymbol)
    }

    /// The fixed codes of RFC 1951 §3.2.6, built once. They are complete by construction.
    static let fixedLiteralLength = try! HuffmanDecoder(lengths: DeflateAlphabet.fixedLiteralLengthLengths, kind: .symbols)
    static let fixedDistance = try! HuffmanDecoder(lengths: DeflateAlphabet.fixedDistanceLengths, kind: .symbols)
}
