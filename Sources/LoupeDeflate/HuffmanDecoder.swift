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

    /// For each value of the next `fastBits` bits: the symbol << 4 | its code length, or 0 when
    /// the code is longer (or there is none).
    private var fast: [UInt16]
    /// How many codes have each length 0…15.
    private var counts: [Int]
    /// The symbols in code order (by length, then by symbol), for the long codes.
    private var symbols: [UInt16]

    /// Which incomplete codes the lengths may describe (see the type's comment).
    enum Kind {
        /// The code-length code of a dynamic block: must be complete.
        case codeLengths
        /// A literal/length or distance code: may also be a single one-bit code, or empty.
        case symbols
    }

    init(lengths: ArraySlice<UInt8>, kind: Kind) throws(InflateError) {
        var counts = [Int](repeating: 0, count: DeflateAlphabet.longestCode + 1)
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        var unused = 1
        for length in 1...DeflateAlphabet.longestCode {
            unused = unused << 1 - counts[length]
            guard unused >= 0 else { throw .malformedBlock(.invalidCodeLengths) }
        }
        if unused > 0 {
            let codeCount = counts.reduce(0, +)
            let allowed = kind == .symbols && (codeCount == 0 || (codeCount == 1 && counts[1] == 1))
            guard allowed else { throw .malformedBlock(.invalidCodeLengths) }
        }

        // The symbols in code order, for the long codes; the short ones also fill the table.
        var offsets = [Int](repeating: 0, count: DeflateAlphabet.longestCode + 2)
        for length in 1...DeflateAlphabet.longestCode { offsets[length + 1] = offsets[length] + counts[length] }
        var symbols = [UInt16](repeating: 0, count: offsets[DeflateAlphabet.longestCode + 1])
        var fast = [UInt16](repeating: 0, count: 1 << Self.fastBits)
        let code = HuffmanCode(lengths: Array(lengths))
        for (symbol, length) in code.lengths.enumerated() where length != 0 {
            let length = Int(length)
            symbols[offsets[length]] = UInt16(symbol)
            offsets[length] += 1
            guard length <= Self.fastBits else { continue }
            // Every index whose low `length` bits are the code (stored reversed, as the
            // reader hands bits out) starts with this symbol.
            var index = Int(code.codes[symbol])
            while index < fast.count {
                fast[index] = UInt16(symbol << 4 | length)
                index += 1 << length
            }
        }
        self.fast = fast
        self.counts = counts
        self.symbols = symbols
    }

    /// The next symbol in the stream.
    @inline(__always)
    func decode(_ reader: inout BitReader) throws(InflateError) -> Int {
        if reader.bitCount < DeflateAlphabet.longestCode { reader.refill() }
        let entry = Int(fast[reader.peek(Self.fastBits)])
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
            let count = counts[length]
            if code < first + count {
                reader.consume(length)
                return Int(symbols[index + code - first])
            }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw .malformedBlock(.invalidSymbol)
    }

    /// The fixed codes of RFC 1951 §3.2.6, built once. They are complete by construction.
    static let fixedLiteralLength = try! HuffmanDecoder(lengths: DeflateAlphabet.fixedLiteralLengthLengths[...], kind: .symbols)
    static let fixedDistance = try! HuffmanDecoder(lengths: DeflateAlphabet.fixedDistanceLengths[...], kind: .symbols)
}
