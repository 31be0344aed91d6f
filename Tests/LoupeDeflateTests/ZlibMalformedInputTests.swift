@testable import LoupeDeflate
import LoupeTestSupport
import Testing

/// The inflater reads URLs, so every malformed stream must end in a typed error: never a trap,
/// a hang or a read out of bounds. Each `InflateError` case is reached by a stream built for
/// it, and damaged copies of valid streams (cut short, bits flipped) are refused too.
@Suite("zlib malformed input")
struct ZlibMalformedInputTests {
    /// The error inflating `stream` throws, or nil when it inflates.
    static func error(_ stream: [UInt8], maxOutputBytes: Int = 1 << 20) -> InflateError? {
        do {
            _ = try Inflater.inflate(stream, maxOutputBytes: maxOutputBytes)
            return nil
        } catch {
            return error
        }
    }

    /// A zlib stream whose DEFLATE data `body` writes, then `trailer` (the Adler-32 of
    /// `output` by default) on a byte boundary.
    static func stream(header: [UInt8] = [0x78, 0x9C], output: [UInt8] = [], _ body: (inout BitWriter) -> Void) -> [UInt8] {
        var writer = BitWriter(capacity: 64)
        for byte in header { writer.write(Int(byte), count: 8) }
        body(&writer)
        writer.alignToByte()
        writer.write(Int(Adler32.checksum(output).byteSwapped), count: 32)
        return writer.bytes
    }

    /// A code-length code with a code for each of its 19 symbols: 0–12 in 4 bits, 13–18 in 5.
    static let everyCodeLength = HuffmanCode(lengths: (0..<19).map { $0 < 13 ? 4 : 5 })

    /// A stream of one dynamic block (BFINAL set) with `literalLengths` and `distances` codes
    /// (HLIT and HDIST as counts), whose code-length code is `codeLengthCode` (HCLEN of its
    /// lengths sent, in §3.2.7's order); `lengths` writes the code lengths, `data` the rest.
    static func dynamicStream(
        literalLengths: Int = 257, distances: Int = 1, codeLengthCode: [UInt8] = everyCodeLength.lengths, output: [UInt8] = [],
        lengths: (inout BitWriter) -> Void, data: (inout BitWriter) -> Void = { _ in }
    ) -> [UInt8] {
        stream(output: output) { writer in
            writer.write(0b101, count: 3)
            writer.write(literalLengths - 257, count: 5)
            writer.write(distances - 1, count: 5)
            let sent = DeflateAlphabet.codeLengthOrder.lastIndex { codeLengthCode[$0] != 0 }.map { max(4, $0 + 1) } ?? 4
            writer.write(sent - 4, count: 4)
            for symbol in DeflateAlphabet.codeLengthOrder.prefix(sent) { writer.write(Int(codeLengthCode[symbol]), count: 3) }
            lengths(&writer)
            data(&writer)
        }
    }

    /// `lengths` one code-length symbol each, in `everyCodeLength`.
    static func send(_ lengths: [Int], _ writer: inout BitWriter) {
        for length in lengths { everyCodeLength.write(length, to: &writer) }
    }

    /// A literal/length code's 257 lengths (0…256), zero but for `nonZero`.
    static func literalLengths(_ nonZero: [Int: Int], count: Int = 257) -> [Int] {
        (0..<count).map { nonZero[$0] ?? 0 }
    }

    static let valid: [UInt8] = Deflater().deflate(Array(#"{"transition":"push","events":[{"time":0},{"time":0.25}]}"#.utf8))

    @Test("the valid stream these tests damage inflates")
    func validStream_inflates() throws {
        #expect(try Inflater.inflate(Self.valid, maxOutputBytes: 100).count == 57)
        #expect(Self.error(Self.valid, maxOutputBytes: 56) == .tooLarge(limit: 56))
    }

    @Test("truncated: no input, half a header, a block cut short, the trailer cut short")
    func truncated() {
        #expect(Self.error([]) == .truncated)
        #expect(Self.error([0x78]) == .truncated)
        #expect(Self.error([0x78, 0x9C]) == .truncated)
        #expect(Self.error(Array(Self.valid.dropLast(3))) == .truncated)
        // A stored block that promises more bytes than follow.
        #expect(Self.error([0x78, 0x9C, 0x01, 0x05, 0x00, 0xFA, 0xFF, 0x61]) == .truncated)
    }

    @Test("truncated at every prefix of valid streams, whatever their block type")
    func everyPrefix_isTruncated() throws {
        let body = Array(ExampleFiles.minified(try ExampleFiles.bytes("timeline-edge-swipe-rtl.json")).utf8)
        for coding in ZlibCodecTests.codings {
            let stream = Deflater(coding: coding).deflate(body)
            for count in 0..<stream.count {
                #expect(Self.error(Array(stream.prefix(count))) == .truncated, "\(coding), \(count) of \(stream.count) bytes")
            }
        }
    }

    @Test("unsupported headers: FCHECK, CM, CINFO and FDICT (RFC 1950 §2.2)")
    func unsupportedHeaders() {
        #expect(Self.error([0x78, 0x9D] + Self.valid.dropFirst(2)) == .unsupportedHeader(.checkFailed))
        // 0x7F07 and 0x881C are multiples of 31: the check passes, the fields do not.
        #expect(Self.error([0x7F, 0x07] + Self.valid.dropFirst(2)) == .unsupportedHeader(.compressionMethod(15)))
        #expect(Self.error([0x88, 0x1C] + Self.valid.dropFirst(2)) == .unsupportedHeader(.windowSize(8)))
        // 0x78BB: FDICT set, then the dictionary's Adler-32 would follow.
        #expect(Self.error([0x78, 0xBB, 0, 0, 0, 1] + Self.valid.dropFirst(2)) == .unsupportedHeader(.presetDictionary))
        for header: [UInt8] in [[0x7F, 0x07], [0x88, 0x1C], [0x78, 0xBB]] {
            #expect((UInt16(header[0]) << 8 | UInt16(header[1])) % 31 == 0)
        }
    }

    @Test("malformed blocks: reserved type, stored length, too many codes")
    func malformedBlockHeaders() {
        #expect(Self.error([0x78, 0x9C, 0x07, 0, 0, 0, 0]) == .malformedBlock(.reservedBlockType))
        #expect(Self.error([0x78, 0x9C, 0x01, 0x01, 0x00, 0x00, 0x00, 0x61]) == .malformedBlock(.storedLengthMismatch))
        let tooManyLiterals = Self.dynamicStream(literalLengths: 287, lengths: { _ in })
        #expect(Self.error(tooManyLiterals) == .malformedBlock(.tooManyCodes))
        let tooManyDistances = Self.dynamicStream(distances: 31, lengths: { _ in })
        #expect(Self.error(tooManyDistances) == .malformedBlock(.tooManyCodes))
    }

    @Test("malformed blocks: over-subscribed and incomplete codes of each kind")
    func invalidCodeLengths() {
        // The code-length code: four 1-bit codes, or three 2-bit codes (one pattern unused).
        var overSubscribed = [UInt8](repeating: 0, count: 19)
        for symbol in [16, 17, 18, 0] { overSubscribed[symbol] = 1 }
        #expect(Self.error(Self.dynamicStream(codeLengthCode: overSubscribed, lengths: { _ in })) == .malformedBlock(.invalidCodeLengths))
        var incomplete = [UInt8](repeating: 0, count: 19)
        for symbol in [16, 17, 18] { incomplete[symbol] = 2 }
        #expect(Self.error(Self.dynamicStream(codeLengthCode: incomplete, lengths: { _ in })) == .malformedBlock(.invalidCodeLengths))
        // The literal/length code: three 1-bit codes; two 2-bit codes.
        let literalCases = [Self.literalLengths([0x61: 1, 0x62: 1, 256: 1]), Self.literalLengths([0x61: 2, 256: 2])]
        for lengths in literalCases {
            #expect(Self.error(Self.dynamicStream(lengths: { Self.send(lengths + [0], &$0) })) == .malformedBlock(.invalidCodeLengths))
        }
        // The distance code: two 2-bit codes.
        let incompleteDistances = Self.dynamicStream(distances: 2, lengths: { Self.send(Self.literalLengths([0x61: 1, 256: 1]) + [2, 2], &$0) })
        #expect(Self.error(incompleteDistances) == .malformedBlock(.invalidCodeLengths))
    }

    @Test("a single one-bit code (RFC 1951 §3.2.7) and an empty distance code are read; the unused pattern is refused")
    func singleCodes() throws {
        // End-of-block alone, as bit 0; no distance codes.
        let endOnly = Self.literalLengths([256: 1]) + [0]
        #expect(Self.error(Self.dynamicStream(lengths: { Self.send(endOnly, &$0) }, data: { $0.write(0, count: 1) })) == nil)
        #expect(
            Self.error(Self.dynamicStream(lengths: { Self.send(endOnly, &$0) }, data: { $0.write(1, count: 15) }))
                == .malformedBlock(.invalidSymbol))
        // "a", then a match of 3 at the one distance code (distance 1, as bit 0): "aaaa".
        let code = HuffmanCode(lengths: Self.literalLengths([0x61: 2, 256: 2, 257: 1], count: 258).map(UInt8.init))
        let oneDistance = Self.literalLengths([0x61: 2, 256: 2, 257: 1], count: 258) + [1]
        let aaaa = { (distanceBit: Int) in
            Self.dynamicStream(
                literalLengths: 258, output: Array("aaaa".utf8), lengths: { Self.send(oneDistance, &$0) },
                data: { writer in
                    code.write(0x61, to: &writer)
                    code.write(257, to: &writer)
                    writer.write(distanceBit, count: 1)
                    code.write(256, to: &writer)
                })
        }
        #expect(try Inflater.inflate(aaaa(0), maxOutputBytes: 4) == Array("aaaa".utf8))
        #expect(Self.error(aaaa(1)) == .malformedBlock(.invalidSymbol))
    }

    @Test("malformed blocks: a repeat with nothing before it, or running past the codes")
    func invalidLengthRepeats() {
        let repeatFirst = Self.dynamicStream(lengths: { writer in
            Self.everyCodeLength.write(16, to: &writer)
            writer.write(0, count: 2)
        })
        #expect(Self.error(repeatFirst) == .malformedBlock(.invalidLengthRepeat))
        // 138 + 138 zeros for 258 lengths.
        let pastTheEnd = Self.dynamicStream(lengths: { writer in
            for _ in 0..<2 {
                Self.everyCodeLength.write(18, to: &writer)
                writer.write(127, count: 7)
            }
        })
        #expect(Self.error(pastTheEnd) == .malformedBlock(.invalidLengthRepeat))
    }

    @Test("malformed blocks: no code for end-of-block")
    func missingEndOfBlock() {
        let lengths = Self.literalLengths([0x61: 1, 0x62: 1]) + [0]
        #expect(Self.error(Self.dynamicStream(lengths: { Self.send(lengths, &$0) })) == .malformedBlock(.missingEndOfBlock))
    }

    @Test("malformed blocks: symbols that are never sent (286, 287, distances 30, 31)")
    func invalidSymbols() {
        for symbol in [286, 287] {
            let stream = Self.stream { writer in
                writer.write(0b011, count: 3)
                HuffmanCode.fixedLiteralLength.write(symbol, to: &writer)
            }
            #expect(Self.error(stream) == .malformedBlock(.invalidSymbol), "\(symbol)")
        }
        for symbol in [30, 31] {
            #expect(Self.error(Self.fixedMatch(distanceSymbol: symbol)) == .malformedBlock(.invalidSymbol), "distance \(symbol)")
        }
    }

    /// A fixed-code block of `literals` "a"s and then a match of 3 at `distanceSymbol` (no
    /// extra bits written), with `header`.
    static func fixedMatch(header: [UInt8] = [0x78, 0x9C], literals: Int = 1, distanceSymbol: Int) -> [UInt8] {
        stream(header: header) { writer in
            writer.write(0b011, count: 3)
            for _ in 0..<literals { HuffmanCode.fixedLiteralLength.write(0x61, to: &writer) }
            HuffmanCode.fixedLiteralLength.write(257, to: &writer)
            HuffmanCode.fixedDistance.write(distanceSymbol, to: &writer)
            writer.write(0, count: distanceSymbol < 30 ? Int(DeflateAlphabet.distanceExtraBits[distanceSymbol]) : 0)
            HuffmanCode.fixedLiteralLength.write(256, to: &writer)
        }
    }

    @Test("malformed blocks: a distance before the start of the output, or beyond the header's window")
    func distanceTooFar() {
        // Distance 2 (symbol 1) after one byte.
        #expect(Self.error(Self.fixedMatch(literals: 1, distanceSymbol: 1)) == .malformedBlock(.distanceTooFar))
        // Distance 257 (symbol 16) after 300 bytes: fine in a 32 KiB window, not in CINFO 0's
        // 256 bytes (0x081D is a multiple of 31).
        let far = Self.fixedMatch(literals: 300, distanceSymbol: 16)
        #expect(Self.error(far) == .checksumMismatch(expected: 1, actual: Adler32.checksum([UInt8](repeating: 0x61, count: 303))))
        #expect(Self.error(Self.fixedMatch(header: [0x08, 0x1D], literals: 300, distanceSymbol: 16)) == .malformedBlock(.distanceTooFar))
    }

    @Test("checksum mismatch, and trailing bytes after the trailer")
    func checksumAndTrailingBytes() throws {
        var altered = Self.valid
        altered[altered.count - 1] ^= 1
        let body = try Inflater.inflate(Self.valid, maxOutputBytes: 100)
        let sum = Adler32.checksum(body)
        #expect(Self.error(altered) == .checksumMismatch(expected: sum ^ 1, actual: sum))
        #expect(Self.error(Self.valid + [0]) == .trailingBytes(count: 1))
        #expect(Self.error(Self.valid + Self.valid) == .trailingBytes(count: Self.valid.count))
    }

    @Test("a bomb (10 MB of zeros in 60 kB) stops at the cap with .tooLarge, quickly")
    func bomb_stopsAtTheCap() {
        // One zero, then matches of 258 at distance 1: 13 bits for each 258 bytes.
        let bomb = Self.stream { writer in
            writer.write(0b011, count: 3)
            HuffmanCode.fixedLiteralLength.write(0, to: &writer)
            for _ in 0..<(10_000_000 / 258) {
                HuffmanCode.fixedLiteralLength.write(285, to: &writer)
                HuffmanCode.fixedDistance.write(0, to: &writer)
            }
            HuffmanCode.fixedLiteralLength.write(256, to: &writer)
        }
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(Self.error(bomb, maxOutputBytes: 1 << 20) == .tooLarge(limit: 1 << 20))
        }
        #expect(elapsed < .seconds(2), "\(elapsed)")
        // Our own deflater's bomb too: 2 MiB of zeros.
        let zeros = Deflater().deflate([UInt8](repeating: 0, count: 2 << 20))
        #expect(zeros.count < 16 << 10)
        #expect(Self.error(zeros, maxOutputBytes: 1 << 20) == .tooLarge(limit: 1 << 20))
        #expect(Self.error(zeros, maxOutputBytes: 0) == .tooLarge(limit: 0))
    }

    @Test("random bit flips in valid streams end in an error or in the original bytes, never a trap")
    func bitFlips_neverTrap() throws {
        let body = Array(ExampleFiles.minified(try ExampleFiles.bytes("timeline-pinch-dismiss.json")).utf8)
        let streams = ZlibCodecTests.codings.map { Deflater(coding: $0).deflate(body) }
        for seed in PropertySeeds.seeds(count: 300) {
            var generator = SeededGenerator(seed: seed)
            var stream = generator.element(of: streams)
            for _ in 0..<generator.element(of: [1, 1, 2, 3, 8]) {
                let bit = generator.int(in: 0...stream.count * 8 - 1)
                stream[bit / 8] ^= 1 << (bit % 8)
            }
            do {
                #expect(try Inflater.inflate(stream, maxOutputBytes: 4096) == body, "seed \(seed)")
            } catch {
                // Any typed error is an answer.
            }
        }
    }

    @Test("random bytes after a valid header never trap")
    func randomBytes_neverTrap() {
        for seed in PropertySeeds.seeds(count: 300) {
            var generator = SeededGenerator(seed: seed)
            let bytes = (0..<generator.int(in: 0...400)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(Self.error([0x78, 0x9C] + bytes, maxOutputBytes: 1 << 16) != nil, "seed \(seed)")
        }
    }
}
