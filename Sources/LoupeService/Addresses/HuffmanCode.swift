/// A canonical Huffman code for writing (RFC 1951 §3.2.2): each symbol's code length and its
/// code, the code stored bit-reversed because `BitWriter` sends least significant bit first
/// and DEFLATE sends a code most significant bit first.
struct HuffmanCode: Sendable {
    private(set) var lengths: [UInt8]
    private(set) var codes: [UInt16]

    /// The canonical code for `lengths` (§3.2.2): shorter codes first, and among codes of one
    /// length, the symbols in order. Only the lengths are sent, so the decoder rebuilds the
    /// same codes from them.
    init(lengths: [UInt8]) {
        var counts = [Int](repeating: 0, count: DeflateAlphabet.longestCode + 1)
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        var nextCode = [Int](repeating: 0, count: DeflateAlphabet.longestCode + 1)
        for length in 1...DeflateAlphabet.longestCode {
            nextCode[length] = (nextCode[length - 1] + counts[length - 1]) << 1
        }
        var codes = [UInt16](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length != 0 {
            var code = nextCode[Int(length)]
            nextCode[Int(length)] += 1
            var reversed = 0
            for _ in 0..<length {
                reversed = reversed << 1 | code & 1
                code >>= 1
            }
            codes[symbol] = UInt16(reversed)
        }
        self.lengths = lengths
        self.codes = codes
    }

    /// The code for `frequencies` that takes the fewest bits with no code longer than `limit`
    /// (15 for the literal/length and distance codes, 7 for the code-length code: §3.2.7).
    /// At least two symbols get codes, as zlib's encoder ensures, so the code is complete even
    /// for a block of one symbol (or none): every decoder accepts a complete code, while the
    /// incomplete one-symbol code is an exception some reject.
    init(frequencies: [Int], limit: Int) {
        self.init(lengths: Self.lengths(for: frequencies, limit: limit))
    }

    /// Optimal length-limited code lengths by package-merge (Larmore and Hirschberg, "A fast
    /// algorithm for optimal length-limited Huffman codes", JACM 1990).
    ///
    /// The symbols, sorted by frequency, are coins of width 2^-limit; at each of the `limit`
    /// levels the list so far is paired into packages and merged with the symbols again; the
    /// first 2n - 2 items of the last list pick the lengths: a symbol's length is the number of
    /// times it is inside them. Rather than carry each package's contents, only whether each
    /// item is a package is kept: the first k items of a merged list hold its cheapest
    /// symbols and its first packages, and those come from the first 2p items a level down.
    /// Ties go to the symbol (and among symbols, to the lower one), so the lengths are the same
    /// on every platform.
    static func lengths(for frequencies: [Int], limit: Int) -> [UInt8] {
        precondition(frequencies.count >= 2, "an alphabet of two symbols at least")
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        var used = frequencies.indices.filter { frequencies[$0] > 0 }
        // Two codes at least (see `init(frequencies:limit:)`): symbols 0 and 1 stand in.
        for filler in 0..<2 where used.count < 2 && !used.contains(filler) { used.append(filler) }
        guard used.count > 2 else {
            for symbol in used { lengths[symbol] = 1 }
            return lengths
        }
        // By frequency, then by symbol: one integer compare.
        used.sort { frequencies[$0] << 9 | $0 < frequencies[$1] << 9 | $1 }
        let weights = used.map { frequencies[$0] }
        let count = weights.count
        precondition(count <= 1 << limit, "more symbols than codes of \(limit) bits")

        // Level by level, bottom (the symbols alone) to top, each merged list's items: whether
        // each is a package, in one flat table (a level's list is under 2n items). Scratch
        // memory on the stack: this runs three times a block.
        let width = 2 * count
        let depths = withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * width) { lists in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: limit * width) { isPackage in
                Self.packageMerge(weights, limit: limit, lists: lists, isPackage: isPackage)
            }
        }
        for (index, depth) in depths.enumerated() { lengths[used[index]] = depth }
        return lengths
    }

    /// The lengths of `weights` (sorted) by package-merge, in the same order.
    private static func packageMerge(
        _ weights: [Int], limit: Int, lists: UnsafeMutableBufferPointer<Int>, isPackage: UnsafeMutableBufferPointer<Bool>
    ) -> [UInt8] {
        let count = weights.count, width = 2 * count
        isPackage.initialize(repeating: false)
        var previous = UnsafeMutableBufferPointer(rebasing: lists[..<width])
        var merged = UnsafeMutableBufferPointer(rebasing: lists[width...])
        _ = previous.initialize(from: weights)
        var previousCount = count
        for level in 1..<limit {
            var symbol = 0, pair = 0, item = 0
            let pairCount = previousCount / 2
            while symbol < count || pair < pairCount {
                let pairWeight = pair < pairCount ? previous[2 * pair] + previous[2 * pair + 1] : Int.max
                if symbol < count && weights[symbol] <= pairWeight {
                    merged[item] = weights[symbol]
                    symbol += 1
                } else {
                    merged[item] = pairWeight
                    isPackage[level * width + item] = true
                    pair += 1
                }
                item += 1
            }
            swap(&previous, &merged)
            previousCount = item
        }
        var lengths = [UInt8](repeating: 0, count: count)
        var taken = 2 * count - 2
        for level in (0..<limit).reversed() {
            var packages = 0
            for item in 0..<taken where isPackage[level * width + item] { packages += 1 }
            for index in 0..<taken - packages { lengths[index] += 1 }
            taken = 2 * packages
        }
        return lengths
    }

    /// The fixed codes (§3.2.6).
    static let fixedLiteralLength = HuffmanCode(lengths: DeflateAlphabet.fixedLiteralLengthLengths)
    static let fixedDistance = HuffmanCode(lengths: DeflateAlphabet.fixedDistanceLengths)

    @inline(__always)
    func write(_ symbol: Int, to writer: inout BitWriter) {
        writer.write(Int(codes[symbol]), count: Int(lengths[symbol]))
    }

    /// The bits `frequencies` cost in this code (extra bits not counted).
    func cost(of frequencies: [Int]) -> Int {
        zip(frequencies, lengths).reduce(0) { $0 + $1.0 * Int($1.1) }
    }
}
