@testable import LoupeDeflate
import LoupeTestSupport
import Testing

/// Deflater and Inflater together: whatever the one writes, the other reads back exactly, in
/// every block type, across block and window boundaries. (ZlibInteropTests checks each against
/// another zlib, ZlibMalformedInputTests the inflater's refusals.)
@Suite("zlib codec")
struct ZlibCodecTests {
    static let codings: [Deflater.Coding] = [.smallest, .fixed, .dynamic, .stored]

    /// Deflates and inflates `input` with each coding, expecting the input back.
    static func expectRoundTrip(_ input: [UInt8], _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for coding in codings {
            let stream = Deflater(coding: coding).deflate(input)
            do {
                let output = try Inflater.inflate(stream, maxOutputBytes: input.count)
                #expect(output == input, "\(comment), \(coding)", sourceLocation: sourceLocation)
            } catch {
                Issue.record("\(comment), \(coding): \(error)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("Adler-32 of known strings (RFC 1950 §9; 'Wikipedia' is the common example)")
    func adler32_knownValues() {
        #expect(Adler32.checksum([]) == 1)
        #expect(Adler32.checksum(Array("a".utf8)) == 0x0062_0062)
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        // Past the 5552-byte deferral of the modulo: 0xFF bytes overflow fastest.
        let ones = [UInt8](repeating: 0xFF, count: 100_000)
        var a: UInt64 = 1, b: UInt64 = 0
        for byte in ones {
            a = (a + UInt64(byte)) % 65521
            b = (b + a) % 65521
        }
        #expect(Adler32.checksum(ones) == UInt32(b << 16 | a))
    }

    @Test("the distance symbol of every distance lies in that symbol's range (RFC 1951 §3.2.5)")
    func distanceSymbols_coverTheirRanges() {
        for distance in 1...DeflateAlphabet.longestDistance {
            let symbol = DeflateAlphabet.distanceSymbol(distance)
            let base = Int(DeflateAlphabet.distanceBase[symbol])
            #expect(distance >= base && distance - base < 1 << DeflateAlphabet.distanceExtraBits[symbol], "\(distance)")
        }
    }

    @Test("code lengths are complete, within their limit, and optimal when the limit does not bind")
    func codeLengths_areOptimalWithinTheLimit() {
        var generator = SeededGenerator(seed: 0x10AE_C0DE)
        var cases: [(frequencies: [Int], limit: Int)] = [([0, 0], 15), ([5, 0, 0], 15), ([0, 0, 5], 15), ([0, 0, 9], 7), ([1, 1], 7), ([3, 1, 1], 15)]
        // Fibonacci frequencies: Huffman codes as deep as the alphabet (29 bits), over the limit.
        var fibonacci = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        cases += [(fibonacci, 15), (Array(fibonacci.prefix(19)), 7), (fibonacci.reversed(), 15)]
        for _ in 0..<50 {
            let count = generator.element(of: [19, 30, 286])
            let frequencies = (0..<count).map { _ in generator.chance(0.3) ? 0 : generator.int(in: 1...generator.element(of: [3, 100, 10_000])) }
            cases.append((frequencies, count == 19 ? 7 : 15))
        }
        for (frequencies, limit) in cases {
            let lengths = HuffmanCode.lengths(for: frequencies, limit: limit).map(Int.init)
            let coded = lengths.filter { $0 > 0 }
            #expect(coded.count >= 2, "\(frequencies)")
            #expect(coded.allSatisfy { $0 <= limit }, "\(frequencies)")
            // Kraft: the lengths fill the code space exactly.
            #expect(coded.reduce(0) { $0 + 1 << (limit - $1) } == 1 << limit, "\(frequencies)")
            #expect(zip(frequencies, lengths).allSatisfy { $0 == 0 || $1 > 0 }, "every used symbol has a code")
            let cost = zip(frequencies, lengths).reduce(0) { $0 + $1.0 * $1.1 }
            let (huffmanCost, huffmanDepth) = Self.huffman(frequencies.filter { $0 > 0 })
            #expect(cost >= huffmanCost)
            if huffmanDepth <= limit && frequencies.filter({ $0 > 0 }).count >= 2 { #expect(cost == huffmanCost, "\(frequencies)") }
        }
    }

    @Test("the settled-list shortcut and the integer sort give the lengths of the whole package-merge, so keys stay the same (issue 37 §3)")
    func codeLengths_matchTheWholePackageMerge() {
        var generator = SeededGenerator(seed: 0x5E77_1ED)
        // Where the limit binds (Fibonacci frequencies: unlimited codes 29 bits deep), where a
        // list settles at once (few symbols), and the smallest alphabets.
        var fibonacci = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        var cases: [(frequencies: [Int], limit: Int)] = [
            (fibonacci, 15), (Array(fibonacci.prefix(19)), 7), (fibonacci.reversed(), 15), ([3, 1, 1], 15), ([1, 1, 1, 1], 2),
            ([0, 0, 5], 15), ([7, 0, 0, 7, 7], 7)
        ]
        for _ in 0..<300 {
            let count = generator.element(of: [19, 30, 286])
            let frequencies = (0..<count).map { _ in generator.chance(0.4) ? 0 : generator.int(in: 1...generator.element(of: [2, 50, 5_000])) }
            cases.append((frequencies, count == 19 ? 7 : 15))
        }
        for (frequencies, limit) in cases {
            #expect(HuffmanCode.lengths(for: frequencies, limit: limit) == Self.wholePackageMerge(frequencies, limit: limit), "\(frequencies)")
        }
    }

    @Test("Huffman's own lengths, used where the limit does not bind, are package-merge's, ties included, so keys stay the same (issue 47 §1)")
    func huffmanLengths_matchPackageMergeWhereTheLimitDoesNotBind() {
        var generator = SeededGenerator(seed: 0x47_0001)
        var checked = 0
        for _ in 0..<3_000 {
            let count = generator.element(of: [3, 5, 19, 30, 60, 286])
            // Small frequencies make ties everywhere: between leaves, and between a leaf and a subtree.
            let largest = generator.element(of: [1, 2, 3, 8, 1_000])
            let frequencies = (0..<count).map { _ in generator.chance(0.3) ? 0 : generator.int(in: 1...largest) }
            let limit = count == 19 ? 7 : 15
            let used = frequencies.filter { $0 > 0 }
            guard used.count >= 3, Self.huffman(used).depth <= limit else { continue }
            checked += 1
            #expect(HuffmanCode.lengths(for: frequencies, limit: limit) == Self.wholePackageMerge(frequencies, limit: limit), "\(frequencies)")
        }
        #expect(checked > 2_000)
    }

    @Test("keys sorted by counting their frequencies are in the order a comparison sort gives, past the counted range too (issue 47 §1)")
    func keySort_isTheComparisonSortsOrder() {
        var generator = SeededGenerator(seed: 0x47_0002)
        for _ in 0..<500 {
            let count = generator.element(of: [1, 3, 19, 30, 286])
            let largest = generator.element(of: [1, 7, 300, 2_048, 2_049, 16_385])
            // Distinct keys in symbol order, as `lengths(for:limit:)` builds them.
            let keys = (0..<count).compactMap { symbol in generator.chance(0.3) ? nil : generator.int(in: 1...largest) << 9 | symbol }
            var sorted = keys
            sorted.withUnsafeMutableBufferPointer { HuffmanCode.sort($0, largestFrequency: keys.map { $0 >> 9 }.max() ?? 0) }
            #expect(sorted == keys.sorted(), "\(keys)")
        }
    }

    /// Package-merge as first written (every level merged, a closure sort): the reference.
    static func wholePackageMerge(_ frequencies: [Int], limit: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        var used = frequencies.indices.filter { frequencies[$0] > 0 }
        for filler in 0..<2 where used.count < 2 && !used.contains(filler) { used.append(filler) }
        guard used.count > 2 else {
            for symbol in used { lengths[symbol] = 1 }
            return lengths
        }
        used.sort { (frequencies[$0], $0) < (frequencies[$1], $1) }
        let weights = used.map { frequencies[$0] }
        let count = weights.count
        var previous = weights
        var isPackage: [[Bool]] = [[Bool](repeating: false, count: count)]
        for _ in 1..<limit {
            var merged: [Int] = [], packaged: [Bool] = []
            var symbol = 0, pair = 0
            while symbol < count || pair < previous.count / 2 {
                let pairWeight = pair < previous.count / 2 ? previous[2 * pair] + previous[2 * pair + 1] : Int.max
                if symbol < count && weights[symbol] <= pairWeight {
                    merged.append(weights[symbol]); packaged.append(false); symbol += 1
                } else {
                    merged.append(pairWeight); packaged.append(true); pair += 1
                }
            }
            previous = merged
            isPackage.append(packaged)
        }
        var depths = [UInt8](repeating: 0, count: count)
        var taken = 2 * count - 2
        for level in (0..<limit).reversed() {
            let packages = isPackage[level].prefix(taken).filter { $0 }.count
            for index in 0..<taken - packages { depths[index] += 1 }
            taken = 2 * packages
        }
        for (index, depth) in depths.enumerated() { lengths[used[index]] = depth }
        return lengths
    }

    /// The cost (Σ frequency × length) and depth of an unlimited Huffman code: the lower bound.
    static func huffman(_ frequencies: [Int]) -> (cost: Int, depth: Int) {
        var nodes = frequencies.map { (weight: $0, depth: 0) }
        var cost = 0
        while nodes.count > 1 {
            nodes.sort { ($0.weight, $0.depth) < ($1.weight, $1.depth) }
            let merged = (weight: nodes[0].weight + nodes[1].weight, depth: max(nodes[0].depth, nodes[1].depth) + 1)
            cost += merged.weight
            nodes = [merged] + nodes.dropFirst(2)
        }
        return (cost, nodes.first?.depth ?? 0)
    }

    /// Bytes whose frequencies follow the Fibonacci numbers, shuffled: their Huffman code would
    /// be deeper than 15 bits, so the dynamic codes must be length-limited.
    static func fibonacciBytes(_ generator: inout SeededGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        var (a, b) = (1, 1)
        for symbol in 0..<22 {
            bytes += [UInt8](repeating: UInt8(symbol * 11), count: a)
            (a, b) = (b, a + b)
        }
        bytes.shuffle(using: &generator)
        return bytes
    }

    @Test("empty input, one byte, and runs around the longest match (258) round trip")
    func edgeCases_roundTrip() {
        Self.expectRoundTrip([], "empty")
        Self.expectRoundTrip([0x7B], "one byte")
        Self.expectRoundTrip([1, 2], "two bytes")
        Self.expectRoundTrip([1, 2, 3], "three bytes")
        for count in [257, 258, 259, 260, 261, 516, 517] {
            Self.expectRoundTrip([UInt8](repeating: 0x61, count: count), "run of \(count)")
        }
        // The empty stream is the one zlib writes for b"" too.
        #expect(Deflater().deflate([]) == [0x78, 0xDA, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
    }

    @Test("random bytes and random JSON-like text round trip in every block type")
    func randomInputs_roundTrip() {
        for seed in PropertySeeds.seeds(count: 120) {
            var generator = SeededGenerator(seed: seed)
            let input = generator.chance(0.3) ? Self.randomBytes(&generator) : Self.jsonLikeText(&generator)
            Self.expectRoundTrip(input, "seed \(seed), \(input.count) bytes")
        }
    }

    @Test("inputs longer than the 32 KiB window and than one block round trip")
    func longInputs_roundTrip() {
        var generator = SeededGenerator(seed: 0x10AE_32)
        var text: [UInt8] = []
        while text.count < 100_000 { text += Self.jsonLikeText(&generator) }
        Self.expectRoundTrip(text, "100 kB of JSON-like text")
        // A period just past the window: matches at 32768 and refused beyond.
        let period = (0..<40_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        Self.expectRoundTrip(period + period + period.prefix(1000), "random bytes repeating every 40000")
        let exact = (0..<DeflateAlphabet.longestDistance).map { _ in UInt8.random(in: 0...255, using: &generator) }
        Self.expectRoundTrip(exact + exact, "random bytes repeating every 32768")
        Self.expectRoundTrip(Self.fibonacciBytes(&generator), "bytes of Fibonacci frequencies")
    }

    @Test("about 1 MiB of mixed text and noise round trips, in several blocks")
    func oneMebibyte_roundTrips() throws {
        var generator = SeededGenerator(seed: 0x10AE_100)
        var input: [UInt8] = []
        input.reserveCapacity(1 << 20)
        while input.count < 1 << 20 {
            input += generator.chance(0.2) ? Self.randomBytes(&generator) : Self.jsonLikeText(&generator)
        }
        let stream = Deflater().deflate(input)
        #expect(stream.count < input.count / 2)
        #expect(try Inflater.inflate(stream, maxOutputBytes: input.count) == input)
        // One byte short of room is refused.
        #expect(throws: InflateError.tooLarge(limit: input.count - 1)) {
            try Inflater.inflate(stream, maxOutputBytes: input.count - 1)
        }
    }

    @Test("the same input gives the same bytes every time")
    func output_isDeterministic() {
        var generator = SeededGenerator(seed: 0x10AE_D0)
        let input = Self.jsonLikeText(&generator) + Self.jsonLikeText(&generator)
        let first = Deflater().deflate(input)
        for _ in 0..<3 { #expect(Deflater().deflate(input) == first) }
    }

    // MARK: - Inputs

    static func randomBytes(_ generator: inout SeededGenerator) -> [UInt8] {
        let alphabetSize = generator.element(of: [2, 4, 16, 256])
        return (0..<generator.int(in: 0...3000)).map { _ in UInt8(generator.int(in: 0...alphabetSize - 1)) }
    }

    /// Text shaped like request bodies: keys and values drawn from small vocabularies, numbers,
    /// and now and then a long run or a repeat of an earlier stretch.
    static func jsonLikeText(_ generator: inout SeededGenerator) -> [UInt8] {
        let keys = ["\"x\":", "\"y\":", "\"width\":", "\"height\":", "\"time\":", "\"type\":", "\"touches\":", "\"frame\":", "\"é✓\":"]
        let values = ["0", "393", "852", "true", "null", "\"touchesMoved\"", "\"pinch\"", "-0.25", "1e-3", "{}", "[]"]
        var text: [UInt8] = Array("{\"events\":[".utf8)
        for _ in 0..<generator.int(in: 0...120) {
            switch generator.int(in: 0...9) {
            case 0:
                text += [UInt8](repeating: generator.element(of: Array(" 0a{".utf8)), count: generator.int(in: 1...600))
            case 1 where text.count > 10:
                let start = generator.int(in: 0...text.count - 2)
                text += text[start..<min(text.count, start + generator.int(in: 1...300))]
            case 2:
                text += Array(String(generator.double(in: -1000...1000)).utf8)
            default:
                text += Array((generator.element(of: keys) + generator.element(of: values) + ",").utf8)
            }
        }
        return text + Array("]}".utf8)
    }
}
