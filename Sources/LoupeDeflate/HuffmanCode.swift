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
        // The next code of each length, 0 through 15, on the stack (three codes a block).
        let codes = withUnsafeTemporaryAllocation(of: Int.self, capacity: DeflateAlphabet.longestCode + 1) { nextCode in
            nextCode.initialize(repeating: 0)
            // First the count of each length (length 0 uncounted), ...
            // (Zeros skipped: most symbols are unused, and counting them is a chain of
            // increments of one place, each waiting for the last.)
            lengths.withUnsafeBufferPointer { lengths in
                Self.forEachNonZero(lengths) { symbol in nextCode[Int(lengths[symbol])] &+= 1 }
            }
            // ... then, in place, the first code of each length.
            var code = 0, previousCount = 0
            for length in 1...DeflateAlphabet.longestCode {
                code = (code + previousCount) << 1
                previousCount = nextCode[length]
                nextCode[length] = code
            }
            return [UInt16](unsafeUninitializedCapacity: lengths.count) { codes, initialized in
                codes.initialize(repeating: 0)
                lengths.withUnsafeBufferPointer { lengths in
                    Self.forEachNonZero(lengths) { symbol in
                        let length = Int(lengths[symbol])
                        let code = nextCode[length]
                        nextCode[length] = code &+ 1
                        codes[symbol] = Self.reversed(UInt16(truncatingIfNeeded: code)) &>> (16 &- UInt16(length))
                    }
                }
                initialized = lengths.count
            }
        }
        self.lengths = lengths
        self.codes = codes
    }

    /// Calls `body` with each index of a non-zero length, in order, eight lengths at a time: most
    /// of an alphabet is unused (a JSON body's literals are a few dozen of 256 bytes), and a
    /// test per length mispredicted at every change between used and unused (issue 47 §1).
    @inline(__always)
    private static func forEachNonZero(_ lengths: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        guard let base = UnsafeRawPointer(lengths.baseAddress) else { return }
        var start = 0
        while start &+ 8 <= lengths.count {
            // Each non-zero byte's top bit set, then the bits taken lowest (first symbol) first.
            let word = UInt64(littleEndian: (base + start).loadUnaligned(as: UInt64.self))
            var nonZero = ((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F | word) & 0x8080_8080_8080_8080
            while nonZero != 0 {
                body(start &+ nonZero.trailingZeroBitCount / 8)
                nonZero &= nonZero &- 1
            }
            start &+= 8
        }
        for symbol in start..<lengths.count where lengths[symbol] != 0 { body(symbol) }
    }

    /// The code for `frequencies` that takes the fewest bits with no code longer than `limit`
    /// (15 for the literal/length and distance codes, 7 for the code-length code: §3.2.7).
    /// At least two symbols get codes, as zlib's encoder ensures, so the code is complete even
    /// for a block of one symbol (or none): every decoder accepts a complete code, while the
    /// incomplete one-symbol code is an exception some reject.
    init(frequencies: [Int], limit: Int) {
        self.init(lengths: Self.lengths(for: frequencies, limit: limit))
    }

    /// Optimal length-limited code lengths: Huffman's own (`minimumRedundancyDepths`) when no
    /// code is longer than `limit`, as for almost every request, else package-merge (Larmore and
    /// Hirschberg, "A fast algorithm for optimal length-limited Huffman codes", JACM 1990). Both
    /// break ties alike, so the lengths are package-merge's in either case (a test holds them
    /// equal) and a body's key did not change when the shortcut came (issue 47 §1).
    ///
    /// The symbols, sorted by frequency, are coins of width 2^-limit; at each of the `limit`
    /// levels the list so far is paired into packages and merged with the symbols again; the
    /// first 2n - 2 items of the last list pick the lengths: a symbol's length is the number of
    /// times it is inside them. Rather than carry each package's contents, each level keeps how
    /// many packages are among its first k items: those k items hold the level's cheapest
    /// symbols and its first p packages, and the packages come from the first 2p items a level
    /// down (see `packageMerge`).
    /// Ties go to the symbol (and among symbols, to the lower one), so the lengths are the same
    /// on every platform.
    static func lengths(for frequencies: [Int], limit: Int) -> [UInt8] {
        precondition(frequencies.count >= 2 && frequencies.count <= 1 << symbolBits, "an alphabet of 2 to 512 symbols")
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        // Each used symbol as one integer, its frequency above its number: sorted as plain
        // integers, by frequency, then by symbol (no comparison closure: this sort was a
        // fifth of an address's cost).
        // (On the stack: an array's allocation looks its type's metadata up at run time.)
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: frequencies.count + 2) { keys in
            var count = 0, largestFrequency = 0
            frequencies.withUnsafeBufferPointer { frequencies in
                for symbol in 0..<frequencies.count where frequencies[symbol] > 0 {
                    keys[count] = frequencies[symbol] << symbolBits | symbol
                    largestFrequency = max(largestFrequency, frequencies[symbol])
                    count &+= 1
                }
            }
            // Two codes at least (see `init(frequencies:limit:)`): symbols 0 and 1 stand in, at
            // frequency 0.
            for filler in 0..<2 where count < 2 && frequencies[filler] == 0 {
                keys[count] = filler
                count += 1
            }
            guard count > 2 else {
                for key in keys[..<count] { lengths[key & symbolMask] = 1 }
                return lengths
            }
            let used = UnsafeMutableBufferPointer(rebasing: keys[..<count])
            Self.sort(used, largestFrequency: largestFrequency)
            precondition(count <= 1 << limit, "more symbols than codes of \(limit) bits")
            Self.fillLengths(&lengths, keys: UnsafeBufferPointer(used), limit: limit)
            return lengths
        }
    }

    /// Sorts `keys` (frequency above symbol, in symbol order) as integers. Where the frequencies
    /// are small, as in every request body's blocks, by counting them: the keys are distinct and
    /// already in symbol order, so placing them by frequency in that order sorts them exactly
    /// as a comparison sort would (the same lengths, the same keys), in one pass and no
    /// comparisons (issue 47 §1: the standard sort was a twentieth of an address's cost).
    static func sort(_ keys: UnsafeMutableBufferPointer<Int>, largestFrequency: Int) {
        guard largestFrequency <= Self.largestFrequencyCounted else {
            var keys = keys
            return keys.sort()
        }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: keys.count + largestFrequency + 2) { scratch in
            // The first place of each frequency's keys: how many keys have a smaller frequency.
            let starts = UnsafeMutableBufferPointer(rebasing: scratch[..<(largestFrequency + 2)])
            starts.initialize(repeating: 0)
            for key in keys { starts[(key >> symbolBits) &+ 1] &+= 1 }
            for frequency in 1..<starts.count { starts[frequency] &+= starts[frequency &- 1] }
            let sorted = UnsafeMutableBufferPointer(rebasing: scratch[(largestFrequency + 2)...])
            for key in keys {
                let frequency = key >> symbolBits
                sorted[starts[frequency]] = key
                starts[frequency] &+= 1
            }
            _ = keys.update(fromContentsOf: sorted)
        }
    }

    /// The largest frequency `sort` counts rather than compares: past it, the table of counts
    /// would cost more than the comparisons (a block's symbols are at most 16 Ki).
    private static let largestFrequencyCounted = 2048

    /// The lengths of the symbols in `keys` (frequency above symbol, sorted, three or more).
    private static func fillLengths(_ lengths: inout [UInt8], keys: UnsafeBufferPointer<Int>, limit: Int) {
        let count = keys.count
        // Most codes are Huffman's own: a request's few hundred symbols cannot make one deeper
        // than the limit (a depth of d needs a total weight of at least the (d+2)th Fibonacci
        // number, 1,597 for 16 bits). Where it would be deeper, package-merge finds the best
        // code within the limit.
        let fitted = withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { depths in
            for index in 0..<count { depths[index] = keys[index] >> symbolBits }
            Self.minimumRedundancyDepths(depths)
            guard depths[0] <= limit else { return false }
            for index in 0..<count { lengths[keys[index] & symbolMask] = UInt8(depths[index]) }
            return true
        }
        guard !fitted else { return }
        // Level by level, bottom (the symbols alone) to top, each merged list's packages counted
        // item by item, in one flat table (a level's list is under 2n items). Scratch memory on
        // the stack: this runs three times a block.
        let width = 2 * count + 2
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width + 2 * count + 1) { scratch in
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: limit * width) { packagesUpTo in
                let weights = UnsafeMutableBufferPointer(rebasing: scratch[..<(count + 1)])
                for index in 0..<count { weights[index] = keys[index] >> symbolBits }
                let depths = Self.packageMerge(
                    weights, limit: limit, lists: UnsafeMutableBufferPointer(rebasing: scratch[width..<(3 * width)]),
                    packagesUpTo: packagesUpTo, depths: UnsafeMutableBufferPointer(rebasing: scratch[(3 * width)...]))
                for index in 0..<count { lengths[keys[index] & symbolMask] = UInt8(depths[index]) }
            }
        }
    }

    /// Huffman's code lengths for `weights` (sorted, lightest first, at least two), in place:
    /// Moffat and Katajainen's in-place algorithm ("In-place calculation of minimum-redundancy
    /// codes", WADS 1995), linear after the sort and with no memory beyond the weights. The
    /// lightest symbol gets the longest code (`weights[0]` is the deepest afterwards); a tie
    /// between a leaf and a subtree goes to the leaf, so the lengths are the same on every
    /// platform.
    static func minimumRedundancyDepths(_ weights: UnsafeMutableBufferPointer<Int>) {
        let count = weights.count
        // Phase 1: the tree's internal nodes left to right, each holding its weight until it
        // is a child, then its parent's index.
        weights[0] += weights[1]
        var root = 0, leaf = 2
        for next in 1..<(count - 1) {
            if leaf >= count || weights[root] < weights[leaf] {
                weights[next] = weights[root]
                weights[root] = next
                root += 1
            } else {
                weights[next] = weights[leaf]
                leaf += 1
            }
            if leaf >= count || (root < next && weights[root] < weights[leaf]) {
                weights[next] += weights[root]
                weights[root] = next
                root += 1
            } else {
                weights[next] += weights[leaf]
                leaf += 1
            }
        }
        // Phase 2: each internal node's depth, from the root down.
        weights[count - 2] = 0
        if count > 2 {
            for next in stride(from: count - 3, through: 0, by: -1) { weights[next] = weights[weights[next]] + 1 }
        }
        // Phase 3: the leaves' depths, level by level from the root, heaviest leaves first.
        var available = 1, used = 0, depth = 0
        var node = count - 2, next = count - 1
        while available > 0 {
            while node >= 0 && weights[node] == depth {
                used += 1
                node -= 1
            }
            while available > used {
                weights[next] = depth
                next -= 1
                available -= 1
            }
            available = 2 * used
            depth += 1
            used = 0
        }
    }

    /// The sentinels of `packageMerge`: a pair of `noPairLeft` outweighs any symbol, and
    /// `noSymbolLeft` outweighs any pair of real items.
    private static let noPairLeft = 1 << 60
    private static let noSymbolLeft = 1 << 62

    /// Symbols are numbered below 2^9 (DEFLATE's largest alphabet has 286).
    private static let symbolBits = 9
    private static let symbolMask = (1 << symbolBits) - 1

    /// The lengths of `weights` (sorted, with one slot after them for a sentinel) by
    /// package-merge, in the same order, in `depths`.
    ///
    /// Each level's row of `packagesUpTo` holds, for each item of its merged list, how many of
    /// the items up to it are packages, so the walk down from the top reads a level's count in
    /// one step. Once a level's list is the one below it (its packages pair the same items),
    /// every level above is that list again, and its row serves them all. A symbol's length is
    /// the number of levels whose first items take it in, counted for all symbols at once from
    /// how many symbols each level takes.
    private static func packageMerge(
        _ weights: UnsafeMutableBufferPointer<Int>, limit: Int, lists: UnsafeMutableBufferPointer<Int>,
        packagesUpTo: UnsafeMutableBufferPointer<UInt16>, depths: UnsafeMutableBufferPointer<Int>
    ) -> UnsafeMutableBufferPointer<Int> {
        let count = weights.count - 1
        // Past the symbols and past the last pair, weights no real item reaches (every real one
        // is under 2^54), so each merge step is one comparison and no test of what is left.
        weights[count] = Self.noSymbolLeft
        let width = lists.count / 2
        var previous = UnsafeMutableBufferPointer(rebasing: lists[..<width])
        var merged = UnsafeMutableBufferPointer(rebasing: lists[width...])
        _ = previous.initialize(from: weights[..<count])
        var previousCount = count
        // Row 0, the symbols alone, holds no packages.
        UnsafeMutableBufferPointer(rebasing: packagesUpTo[..<count]).initialize(repeating: 0)
        var lastRow = 0
        for level in 1..<limit {
            let row = level * width
            let pairCount = previousCount / 2
            // After the list (an odd item out pairs with the first): the pair past the last.
            previous[previousCount] = Self.noPairLeft
            previous[previousCount + 1] = Self.noPairLeft
            var symbol = 0, pair = 0, packages: UInt16 = 0
            let itemCount = count + pairCount
            for item in 0..<itemCount {
                let pairWeight = previous[2 * pair] &+ previous[2 * pair + 1]
                let symbolWeight = weights[symbol]
                // Ties go to the symbol. (A merge without this branch was slower: each step's
                // loads then wait for the last comparison, where a predicted branch runs ahead.)
                if symbolWeight <= pairWeight {
                    merged[item] = symbolWeight
                    symbol &+= 1
                } else {
                    merged[item] = pairWeight
                    pair &+= 1
                    packages &+= 1
                }
                (packagesUpTo.baseAddress! + row + item).initialize(to: packages)
            }
            lastRow = level
            let settled = itemCount == previousCount && (0..<itemCount).allSatisfy { merged[$0] == previous[$0] }
            if settled { break }
            swap(&previous, &merged)
            previousCount = itemCount
        }
        // Walking down from the top's first 2n - 2 items: each level takes in its first
        // `taken - packages` symbols; the levels are counted by that number.
        let takenBy = UnsafeMutableBufferPointer(rebasing: depths[count..<(2 * count + 1)])
        takenBy.initialize(repeating: 0)
        var taken = 2 * count - 2
        for level in (0..<limit).reversed() {
            let packages = taken == 0 ? 0 : Int(packagesUpTo[min(level, lastRow) * width + taken - 1])
            takenBy[taken - packages] += 1
            taken = 2 * packages
        }
        // A symbol's depth: the levels that take in more symbols than its index.
        var levels = 0
        for index in stride(from: count, through: 1, by: -1) {
            levels += takenBy[index]
            depths[index - 1] = levels
        }
        return UnsafeMutableBufferPointer(rebasing: depths[..<count])
    }

    /// `value`'s 16 bits in the opposite order.
    static func reversed(_ value: UInt16) -> UInt16 {
        var bits = value
        bits = (bits & 0x5555) << 1 | (bits >> 1) & 0x5555
        bits = (bits & 0x3333) << 2 | (bits >> 2) & 0x3333
        bits = (bits & 0x0F0F) << 4 | (bits >> 4) & 0x0F0F
        return bits << 8 | bits >> 8
    }

    /// The fixed codes (§3.2.6).
    static let fixedLiteralLength = HuffmanCode(lengths: DeflateAlphabet.fixedLiteralLengthLengths)
    static let fixedDistance = HuffmanCode(lengths: DeflateAlphabet.fixedDistanceLengths)

    @inline(__always)
    func write(_ symbol: Int, to writer: inout BitWriter) {
        writer.write(Int(codes[symbol]), count: Int(lengths[symbol]))
    }

    /// The code's lengths and codes as pointers, for a loop of many writes.
    struct Table {
        let lengths: UnsafeBufferPointer<UInt8>
        let codes: UnsafeBufferPointer<UInt16>

        @inline(__always)
        func write(_ symbol: Int, to writer: inout BitWriter) {
            writer.write(Int(codes[symbol]), count: Int(lengths[symbol]))
        }
    }

    func withTable<Result>(_ body: (Table) -> Result) -> Result {
        lengths.withUnsafeBufferPointer { lengths in
            codes.withUnsafeBufferPointer { codes in body(Table(lengths: lengths, codes: codes)) }
        }
    }

    /// The bits `frequencies` cost in this code (extra bits not counted).
    func cost(of frequencies: [Int]) -> Int {
        frequencies.withUnsafeBufferPointer { frequencies in
            lengths.withUnsafeBufferPointer { lengths in
                var bits = 0
                for index in 0..<min(frequencies.count, lengths.count) { bits &+= frequencies[index] &* Int(lengths[index]) }
                return bits
            }
        }
    }
}
