/// Writes a zlib stream (RFC 1950): the form a plan key carries its JSON body in, readable by
/// any zlib (Python's `zlib.decompress`, a browser's `DecompressionStream("deflate")`).
///
/// Keys live in URLs, which clients and proxies cap at a few kilobytes, so the encoder aims
/// for small output: LZ77 with hash chains over the whole 32 KiB window and zlib's lazy
/// matching (a match is taken only if the next position does not start a longer one), then
/// each block in the smallest block type for its symbols.
///
/// The output is a function of the input and these settings only (integer arithmetic, fixed
/// tie-breaks, no hashing seeded per process), so the same body gives the same key on every
/// run and platform, and caches keyed by the URL see one key per body.
///
/// The cost stays linear: a hash chain is followed at most `maxChainLength` links (a quarter of
/// that once a good match is in hand), and once the links followed pass `linksPerByte` for each
/// input byte, at most `exhaustedChainLength`. JSON takes under 2 links a byte, so only a hostile
/// input (one whose every three-byte string repeats thousands of times with short matches, such
/// as random text of two letters) meets the cap; it then costs tens of nanoseconds a byte rather
/// than hundreds.
public struct Deflater: Sendable {
    /// Which block types the writer may use.
    public enum Coding: Sendable {
        /// The smallest for each block's symbols.
        case smallest
        /// Only the fixed Huffman codes (like zlib's Z_FIXED strategy).
        case fixed
        /// Only dynamic Huffman codes, for tests.
        case dynamic
        /// Only stored blocks: no compression, for tests and for comparing.
        case stored
    }

    public var coding: Coding = .smallest
    /// The most hash-chain links followed for one match (zlib's max_chain): zlib's level 6
    /// value. Its level 9 follows 4096, which finds no more in request bodies: on the examples
    /// the output is the same from 16 links up.
    public var maxChainLength = 128

    /// The hash-chain links the whole input may use per byte before searches are cut short.
    private static let linksPerByte = 4
    /// The chain length once that budget is spent.
    private static let exhaustedChainLength = 8
    /// A match this long is taken without looking further (zlib's nice_length).
    private static let niceLength = DeflateAlphabet.longestMatch
    /// A match this long is taken without looking for a longer one at the next position
    /// (zlib's max_lazy).
    private static let lazyLength = DeflateAlphabet.longestMatch
    /// A match this long cuts the chain search for a longer one to a quarter (good_length).
    private static let goodLength = 32
    /// A 3-byte match farther back than this costs more bits than three literals (zlib's TOO_FAR).
    private static let farShortMatch = 4096
    /// Symbols per block: a block's codes fit its part of the input; 16 Ki as zlib's default.
    private static let blockSymbols = 16384
    /// The hash table and chain table hold at most 2^15 entries: the window.
    private static let largestTableBits = 15

    /// The defaults: the smallest block type for each block, zlib level 6's chain length.
    public init(coding: Coding = .smallest, maxChainLength: Int = 128) {
        self.coding = coding
        self.maxChainLength = maxChainLength
    }

    public func deflate(_ input: [UInt8]) -> [UInt8] {
        input.withUnsafeBufferPointer { deflate($0) }
    }

    public func deflate(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        // The hash chains hold positions as Int32 (half the memory, and keys are kilobytes).
        precondition(input.count < Int(Int32.max), "Deflater takes inputs under 2 GiB")
        var writer = BitWriter(capacity: 64 + input.count / 2)
        // CMF 0x78: DEFLATE with a 32 KiB window; FLG 0xDA: FLEVEL 3 ("maximum compression",
        // informative only), no dictionary, and FCHECK making 0x78DA a multiple of 31.
        writer.write(0x78, count: 8)
        writer.write(0xDA, count: 8)
        // Hash chains sized to the input, up to the window: a key's few kilobytes need not
        // clear 256 KiB of tables.
        let tableBits = min(Self.largestTableBits, max(8, Int.bitWidth - input.count.leadingZeroBitCount))
        // On the stack while small (a key's tables are a few kilobytes); the standard library
        // moves a large one to the heap.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 << tableBits) { tables in
            tables.initialize(repeating: -1)
            var parser = Parser(input: input, tables: tables, tableBits: tableBits, maxChainLength: maxChainLength)
            var blockStart = 0
            while true {
                let symbols = parser.nextSymbols(Self.blockSymbols)
                let blockEnd = parser.consumed
                let isFinal = blockEnd == input.count
                DeflateBlockWriter(symbols: symbols, bytes: UnsafeBufferPointer(rebasing: input[blockStart..<blockEnd]))
                    .write(to: &writer, isFinal: isFinal, coding: coding)
                blockStart = blockEnd
                if isFinal { break }
            }
        }
        // RFC 1950 §2.2: the Adler-32 of the input, most significant byte first.
        writer.alignToByte()
        var adler = Adler32()
        adler.update(input)
        writer.write(Int(adler.value.byteSwapped), count: 32)
        return writer.bytes
    }

    /// The LZ77 parse (zlib's deflate_slow): hash chains of every 3-byte string seen, and lazy
    /// matching. The whole input is in memory, so matches are compared in place and the
    /// window is only a limit on distance.
    private struct Parser {
        let input: UnsafeBufferPointer<UInt8>
        let maxChainLength: Int
        /// The input bytes the returned symbols cover.
        private(set) var consumed = 0
        /// The next position to look at; one ahead of `consumed` while a match waits.
        private var position = 0
        /// The match found at `position - 1`, waiting to see if `position` starts a longer one.
        private var pendingLength = 0
        private var pendingDistance = 0
        private var hasPending = false
        /// The latest position whose 3 bytes hash to each value, or -1.
        private let head: UnsafeMutableBufferPointer<Int32>
        /// For each position (modulo the table, which is the window or holds the whole input),
        /// the previous position with the same hash, or -1.
        private let previous: UnsafeMutableBufferPointer<Int32>
        private let tableBits: Int
        private let tableMask: Int
        /// The hash-chain links left before searches are cut to `exhaustedChainLength`.
        private var linkBudget: Int

        /// `tables` holds 2 << `tableBits` entries, all -1, for `head` and `previous`.
        init(input: UnsafeBufferPointer<UInt8>, tables: UnsafeMutableBufferPointer<Int32>, tableBits: Int, maxChainLength: Int) {
            precondition(tables.count == 2 << tableBits && tableBits <= Deflater.largestTableBits)
            self.input = input
            self.maxChainLength = maxChainLength
            self.tableBits = tableBits
            tableMask = (1 << tableBits) - 1
            linkBudget = Deflater.linksPerByte * input.count + (1 << 16)
            head = UnsafeMutableBufferPointer(rebasing: tables[..<(1 << tableBits)])
            previous = UnsafeMutableBufferPointer(rebasing: tables[(1 << tableBits)...])
        }

        /// Up to `limit` more symbols; fewer only at the end of the input.
        mutating func nextSymbols(_ limit: Int) -> [DeflateSymbol] {
            // A symbol covers at least one byte, and one more may wait for the lazy match: the
            // symbols are written in place (an append's checks were a tenth of the parse).
            let capacity = min(limit, input.count - consumed + 1)
            return [DeflateSymbol](unsafeUninitializedCapacity: capacity) { symbols, count in
                count = nextSymbols(into: symbols, limit: capacity)
            }
        }

        /// Writes up to `limit` symbols into `symbols` and returns how many.
        private mutating func nextSymbols(into symbols: UnsafeMutableBufferPointer<DeflateSymbol>, limit: Int) -> Int {
            // The parse's state in locals while it runs (as properties each step was a load and a
            // store), written back when the block's symbols are in.
            var position = self.position, consumed = self.consumed
            var pendingLength = self.pendingLength, pendingDistance = self.pendingDistance, hasPending = self.hasPending
            defer {
                self.position = position
                self.consumed = consumed
                self.pendingLength = pendingLength
                self.pendingDistance = pendingDistance
                self.hasPending = hasPending
            }
            let end = input.count
            var count = 0
            func emit(_ symbol: DeflateSymbol) {
                symbols[count] = symbol
                count &+= 1
            }
            while count < limit {
                guard position < end else {
                    if hasPending { emit(.literal(input[position &- 1])) }
                    hasPending = false
                    consumed = end
                    break
                }
                let chainStart = insert(position)
                let waitingLength = hasPending ? pendingLength : 0
                var length = 0, distance = 0
                if chainStart >= 0 && waitingLength < Deflater.lazyLength {
                    (length, distance) = longestMatch(at: position, chainStart: chainStart, longerThan: max(waitingLength, 2))
                    if length == 3 && distance > Deflater.farShortMatch { length = 0 }
                }
                if waitingLength >= DeflateAlphabet.shortestMatch && length <= waitingLength {
                    // The match at position - 1 is not beaten: take it, and hash what it covers.
                    emit(.match(length: waitingLength, distance: pendingDistance))
                    let matchEnd = position &- 1 &+ waitingLength
                    var covered = position &+ 1
                    while covered < matchEnd {
                        _ = insert(covered)
                        covered &+= 1
                    }
                    position = matchEnd
                    consumed = matchEnd
                    hasPending = false
                } else {
                    // The byte at position - 1 goes as a literal; position's match now waits.
                    if hasPending {
                        emit(.literal(input[position &- 1]))
                        consumed = position
                    }
                    hasPending = true
                    pendingLength = length
                    pendingDistance = distance
                    position &+= 1
                }
            }
            return count
        }

        /// Adds `position` to its hash chain and returns the chain's previous head (-1 when the
        /// chain was empty or fewer than 3 bytes remain).
        @inline(__always)
        private func insert(_ position: Int) -> Int {
            guard position + 2 < input.count else { return -1 }
            // The three bytes, first byte highest: one load while a fourth byte follows.
            let word =
                position + 3 < input.count
                ? Int(UInt32(bigEndian: UnsafeRawPointer(input.baseAddress! + position).loadUnaligned(as: UInt32.self)) >> 8)
                : Int(input[position]) << 16 | Int(input[position + 1]) << 8 | Int(input[position + 2])
            // Multiplicative hashing (Knuth): the top bits of the low 32 of the product.
            let hash = (word &* 0x9E37_79B1) &>> (32 &- tableBits) & tableMask
            let chainStart = Int(head[hash])
            previous[position & tableMask] = Int32(chainStart)
            head[hash] = Int32(position)
            return chainStart
        }

        /// The longest match for `position` on its chain that is longer than `shortest`, or
        /// (0, 0). The first found wins a tie, so the nearest: its distance costs fewest bits.
        private mutating func longestMatch(at position: Int, chainStart: Int, longerThan shortest: Int) -> (length: Int, distance: Int) {
            let maxLength = min(DeflateAlphabet.longestMatch, input.count - position)
            guard maxLength > shortest else { return (0, 0) }
            var bestLength = shortest, bestDistance = 0
            var chain = shortest >= Deflater.goodLength ? maxChainLength >> 2 : maxChainLength
            if linkBudget <= 0 { chain = min(chain, Deflater.exhaustedChainLength) }
            let chainLimit = chain
            defer { linkBudget -= chainLimit - chain }
            var candidate = chainStart
            let farthest = max(0, position - DeflateAlphabet.longestDistance)
            let base = input.baseAddress!
            while candidate >= farthest && chain > 0 {
                // The byte that would make the match longer than the best rules most out cheaply.
                if base[candidate + bestLength] == base[position + bestLength] {
                    let length = Self.commonPrefix(base + candidate, base + position, maxLength)
                    if length > bestLength {
                        bestLength = length
                        bestDistance = position - candidate
                        if length >= min(maxLength, Deflater.niceLength) { break }
                    }
                }
                let next = Int(previous[candidate & tableMask])
                // The chain only goes back; a link forward is a slot reused by a later position.
                guard next < candidate else { break }
                candidate = next
                chain -= 1
            }
            return bestDistance == 0 ? (0, 0) : (bestLength, bestDistance)
        }

        /// How many bytes `a` and `b` share, up to `limit`: eight at a time while it can.
        @inline(__always)
        private static func commonPrefix(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ limit: Int) -> Int {
            var length = 0
            while length + 8 <= limit {
                let difference =
                    UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self) ^ UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self)
                if difference != 0 { return length + UInt64(littleEndian: difference).trailingZeroBitCount / 8 }
                length += 8
            }
            while length < limit && a[length] == b[length] { length += 1 }
            return length
        }
    }
}
