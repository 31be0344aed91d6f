/// The Huffman codes of a dynamic block and their description in the block's header (RFC 1951
/// §3.2.7): how many literal/length and distance code lengths are sent (HLIT, HDIST), and the
/// lengths themselves, run-length coded in a third Huffman code, the code-length code, whose
/// own lengths come first (HCLEN of them, 3 bits each).
struct DynamicCodes {
    let literalLength: HuffmanCode
    let distance: HuffmanCode
    private let codeLengthCode: HuffmanCode
    /// The literal/length and distance lengths sent: the codes' lengths without their trailing
    /// zeros, at least the 257 and 1 the counts allow.
    private let literalLengthCount: Int
    private let distanceCount: Int
    /// How many of the code-length code's lengths are sent, in `DeflateAlphabet.codeLengthOrder`.
    private let codeLengthCount: Int
    /// The lengths as code-length symbols: 0–15 a length, 16 a repeat of the previous length
    /// (3–6 times), 17 and 18 runs of zeros (3–10, 11–138), each with its extra-bits value.
    private let runs: [LengthRun]
    /// The bits of everything after BTYPE up to the first symbol.
    let headerBits: Int

    init(_ literalLengthFrequencies: [Int], _ distanceFrequencies: [Int]) {
        literalLength = HuffmanCode(frequencies: literalLengthFrequencies, limit: DeflateAlphabet.longestCode)
        distance = HuffmanCode(frequencies: distanceFrequencies, limit: DeflateAlphabet.longestCode)
        literalLengthCount = max(257, (literalLength.lengths.lastIndex { $0 != 0 } ?? 0) + 1)
        distanceCount = max(1, (distance.lengths.lastIndex { $0 != 0 } ?? 0) + 1)
        // One sequence: a run may go on from the literal/length lengths into the distances (on
        // the stack: an array's allocation looks its type's metadata up at run time).
        let runs = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: literalLengthCount + distanceCount) {
            [literalLengthCount, distanceCount, literalLength, distance] lengths in
            _ = lengths.initialize(fromContentsOf: literalLength.lengths[..<literalLengthCount])
            _ = UnsafeMutableBufferPointer(rebasing: lengths[literalLengthCount...]).initialize(fromContentsOf: distance.lengths[..<distanceCount])
            return Self.runs(of: UnsafeBufferPointer(lengths))
        }
        var frequencies = [Int](repeating: 0, count: DeflateAlphabet.codeLengthCount)
        for run in runs { frequencies[run.symbol] += 1 }
        let code = HuffmanCode(frequencies: frequencies, limit: DeflateAlphabet.longestCodeLengthCode)
        let lastSent = DeflateAlphabet.codeLengthOrder.lastIndex { code.lengths[$0] != 0 } ?? 0
        codeLengthCount = max(4, lastSent + 1)
        headerBits = 5 + 5 + 4 + 3 * codeLengthCount + runs.reduce(0) { $0 + Int(code.lengths[$1.symbol]) + Self.extraBits(ofRun: $1.symbol) }
        codeLengthCode = code
        self.runs = runs
    }

    /// The bits `literalLengthFrequencies` and `distanceFrequencies` take in these codes.
    func cost(_ literalLengthFrequencies: [Int], _ distanceFrequencies: [Int]) -> Int {
        literalLength.cost(of: literalLengthFrequencies) + distance.cost(of: distanceFrequencies)
    }

    func writeHeader(to writer: inout BitWriter) {
        writer.write(literalLengthCount - 257, count: 5)
        writer.write(distanceCount - 1, count: 5)
        writer.write(codeLengthCount - 4, count: 4)
        for symbol in DeflateAlphabet.codeLengthOrder.prefix(codeLengthCount) {
            writer.write(Int(codeLengthCode.lengths[symbol]), count: 3)
        }
        for run in runs {
            codeLengthCode.write(run.symbol, to: &writer)
            writer.write(run.extra, count: Self.extraBits(ofRun: run.symbol))
        }
    }

    /// One code-length symbol and its extra bits' value (a struct, not a tuple: an array of
    /// tuples looked its type up at run time on every block).
    private struct LengthRun {
        var symbol: Int
        var extra: Int
    }

    private static func extraBits(ofRun symbol: Int) -> Int {
        switch symbol {
        case 16: 2
        case 17: 3
        case 18: 7
        default: 0
        }
    }

    /// How many lengths from `index` on equal the one there: eight compared at a time, so a
    /// run's end costs no mispredicted branch per length (issue 47 §1: the byte-by-byte loop's
    /// exit was two fifths of the codes' description).
    @inline(__always)
    private static func runLength(_ lengths: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let first = lengths[index]
        let pattern = UInt64(first) &* 0x0101_0101_0101_0101
        var end = index &+ 1
        let base = UnsafeRawPointer(lengths.baseAddress!)
        while end &+ 8 <= lengths.count {
            let difference = UInt64(littleEndian: (base + end).loadUnaligned(as: UInt64.self)) ^ pattern
            if difference != 0 { return end &+ difference.trailingZeroBitCount / 8 &- index }
            end &+= 8
        }
        while end < lengths.count && lengths[end] == first { end &+= 1 }
        return end &- index
    }

    /// `lengths` as code-length symbols, greedily: zeros in runs of up to 138 (18) or 10 (17),
    /// a non-zero length once and then repeated up to 6 at a time (16); runs too short for a
    /// repeat are sent length by length.
    private static func runs(of lengths: UnsafeBufferPointer<UInt8>) -> [LengthRun] {
        // At most one run per length, written in place (an append's checks were most of this).
        [LengthRun](unsafeUninitializedCapacity: lengths.count) { runs, written in
            var count = 0
            func add(_ symbol: Int, _ extra: Int) {
                runs[count] = LengthRun(symbol: symbol, extra: extra)
                count &+= 1
            }
            var index = 0
            while index < lengths.count {
                let length = Int(lengths[index])
                var repeats = Self.runLength(lengths, at: index)
                index += repeats
                if length == 0 {
                    while repeats >= 11 {
                        let run = min(repeats, 138)
                        add(18, run - 11)
                        repeats -= run
                    }
                    if repeats >= 3 {
                        add(17, repeats - 3)
                        repeats = 0
                    }
                } else {
                    add(length, 0)
                    repeats -= 1
                    while repeats >= 3 {
                        let run = min(repeats, 6)
                        add(16, run - 3)
                        repeats -= run
                    }
                }
                for _ in 0..<repeats { add(length, 0) }
            }
            written = count
        }
    }
}
