/// Reads a zlib stream (RFC 1950) back into the bytes it holds: what a plan key carries.
///
/// All of DEFLATE is read (RFC 1951 §3.2.3: stored, fixed-code and dynamic-code blocks), not
/// only what `Deflater` writes, so a key made by any zlib (Python's `zlib.compress`, a
/// browser's `CompressionStream("deflate")`) is read too.
///
/// The input is untrusted (it is a URL), so everything is checked and every failure is a
/// typed `InflateError`, never a trap: the header, each block's lengths and codes, every
/// match's distance, the end of the input before each read, the Adler-32 trailer, and that
/// nothing follows it (a key is one stream, so it has one spelling for a given stream).
/// The output is capped by the caller, and the cap is checked before the bytes are written.
/// Work is bounded too: every step consumes input bits or writes output bytes, so a stream
/// of n bytes costs O(n + maxOutputBytes).
public enum Inflater {
    /// The bytes `stream` holds, at most `maxOutputBytes` of them.
    public static func inflate(_ stream: [UInt8], maxOutputBytes: Int) throws(InflateError) -> [UInt8] {
        try stream.withUnsafeBufferPointer { input throws(InflateError) in
            try inflate(input, maxOutputBytes: maxOutputBytes)
        }
    }

    public static func inflate(_ input: UnsafeBufferPointer<UInt8>, maxOutputBytes: Int) throws(InflateError) -> [UInt8] {
        let window = try windowSize(input)
        var reader = BitReader(input, position: 2)
        // Keys are JSON, which DEFLATE shrinks about fourfold: a first guess that rarely grows.
        var output = InflateOutput(expected: 256 + input.count * 4, limit: maxOutputBytes)
        var isFinal = false
        while !isFinal {
            let header = try reader.read(3)
            isFinal = header & 1 == 1
            switch header >> 1 {
            case 0:
                try copyStoredBlock(&reader, into: &output)
            case 1:
                try inflateBlock(
                    &reader, into: &output, literalLength: HuffmanDecoder.fixedLiteralLength, distance: HuffmanDecoder.fixedDistance,
                    window: window)
            case 2:
                let (literalLength, distance) = try readDynamicCodes(&reader)
                try inflateBlock(&reader, into: &output, literalLength: literalLength, distance: distance, window: window)
            default:
                throw .malformedBlock(.reservedBlockType)
            }
        }

        // RFC 1950 §2.2: the Adler-32 of the output, most significant byte first, on a byte
        // boundary after the last block, and then the input must end.
        reader.alignToByte()
        let trailer = try reader.readBytes(4)
        let expected = trailer.reduce(0) { $0 << 8 | UInt32($1) }
        var adler = Adler32()
        output.withBytes { adler.update($0) }
        guard adler.value == expected else { throw .checksumMismatch(expected: expected, actual: adler.value) }
        guard reader.remainingBytes == 0 else { throw .trailingBytes(count: reader.remainingBytes) }
        return output.bytes()
    }

    /// Checks the two header bytes (RFC 1950 §2.2) and returns the window they declare, the
    /// farthest back a match may reach.
    private static func windowSize(_ input: UnsafeBufferPointer<UInt8>) throws(InflateError) -> Int {
        guard input.count >= 2 else { throw .truncated }
        let cmf = input[0], flg = input[1]
        guard (UInt16(cmf) << 8 | UInt16(flg)) % 31 == 0 else { throw .unsupportedHeader(.checkFailed) }
        guard cmf & 0x0F == 8 else { throw .unsupportedHeader(.compressionMethod(cmf & 0x0F)) }
        guard cmf >> 4 <= 7 else { throw .unsupportedHeader(.windowSize(cmf >> 4)) }
        guard flg & 0x20 == 0 else { throw .unsupportedHeader(.presetDictionary) }
        return 1 << (Int(cmf >> 4) + 8)
    }

    /// A stored block (RFC 1951 §3.2.4): on a byte boundary, LEN and its complement NLEN, then
    /// LEN bytes as they are.
    private static func copyStoredBlock(_ reader: inout BitReader, into output: inout InflateOutput) throws(InflateError) {
        reader.alignToByte()
        let length = try reader.read(16)
        let complement = try reader.read(16)
        guard length == ~complement & 0xFFFF else { throw .malformedBlock(.storedLengthMismatch) }
        // The buffer may hold bytes past NLEN: hand them back and copy straight from the input.
        reader.alignToByte()
        try output.append(try reader.readBytes(length))
    }

    /// The two codes of a dynamic block (RFC 1951 §3.2.7): the counts HLIT, HDIST and HCLEN,
    /// the code-length code's lengths, then the literal/length and distance code lengths as
    /// one sequence in that code (a repeat may run from one into the other).
    private static func readDynamicCodes(_ reader: inout BitReader) throws(InflateError) -> (HuffmanDecoder, HuffmanDecoder) {
        let literalLengthCount = try reader.read(5) + 257
        let distanceCount = try reader.read(5) + 1
        let codeLengthCount = try reader.read(4) + 4
        guard literalLengthCount <= DeflateAlphabet.literalLengthCount, distanceCount <= DeflateAlphabet.distanceCount else {
            throw .malformedBlock(.tooManyCodes)
        }
        // The lengths on the stack: the block's codes are what it keeps.
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DeflateAlphabet.codeLengthCount + literalLengthCount + distanceCount) {
            scratch throws(InflateError) in
            scratch.initialize(repeating: 0)
            let codeLengthLengths = UnsafeMutableBufferPointer(rebasing: scratch[..<DeflateAlphabet.codeLengthCount])
            for symbol in DeflateAlphabet.codeLengthOrder.prefix(codeLengthCount) {
                codeLengthLengths[symbol] = UInt8(try reader.read(3))
            }
            let codeLengthCode = try HuffmanDecoder(lengths: UnsafeBufferPointer(codeLengthLengths), kind: .codeLengths)

            let lengths = UnsafeMutableBufferPointer(rebasing: scratch[DeflateAlphabet.codeLengthCount...])
            let total = lengths.count
            var index = 0
            while index < total {
                let symbol = try codeLengthCode.decode(&reader)
                if symbol < 16 {
                    lengths[index] = UInt8(symbol)
                    index += 1
                    continue
                }
                // 16: the previous length 3–6 times; 17: zero 3–10 times; 18: zero 11–138 times.
                let length: UInt8
                let repeatCount: Int
                switch symbol {
                case 16:
                    guard index > 0 else { throw .malformedBlock(.invalidLengthRepeat) }
                    length = lengths[index - 1]
                    repeatCount = try 3 + reader.read(2)
                case 17:
                    length = 0
                    repeatCount = try 3 + reader.read(3)
                default:
                    length = 0
                    repeatCount = try 11 + reader.read(7)
                }
                guard repeatCount <= total - index else { throw .malformedBlock(.invalidLengthRepeat) }
                for offset in index..<index + repeatCount { lengths[offset] = length }
                index += repeatCount
            }
            guard lengths[DeflateAlphabet.endOfBlock] != 0 else { throw .malformedBlock(.missingEndOfBlock) }
            return (
                try HuffmanDecoder(lengths: UnsafeBufferPointer(rebasing: lengths[..<literalLengthCount]), kind: .symbols),
                try HuffmanDecoder(lengths: UnsafeBufferPointer(rebasing: lengths[literalLengthCount...]), kind: .symbols)
            )
        }
    }

    /// The symbols of a Huffman-coded block up to its end-of-block (RFC 1951 §3.2.5).
    private static func inflateBlock(
        _ reader: inout BitReader, into output: inout InflateOutput, literalLength: HuffmanDecoder, distance: HuffmanDecoder, window: Int
    ) throws(InflateError) {
        while true {
            let symbol = try literalLength.decode(&reader)
            if symbol < DeflateAlphabet.endOfBlock {
                try output.append(UInt8(truncatingIfNeeded: symbol))
                continue
            }
            if symbol == DeflateAlphabet.endOfBlock { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < DeflateAlphabet.lengthBase.count else { throw .malformedBlock(.invalidSymbol) }
            let length = try Int(DeflateAlphabet.lengthBase[lengthIndex]) + reader.read(Int(DeflateAlphabet.lengthExtraBits[lengthIndex]))
            let distanceSymbol = try distance.decode(&reader)
            guard distanceSymbol < DeflateAlphabet.distanceCount else { throw .malformedBlock(.invalidSymbol) }
            let matchDistance =
                try Int(DeflateAlphabet.distanceBase[distanceSymbol]) + reader.read(Int(DeflateAlphabet.distanceExtraBits[distanceSymbol]))
            guard matchDistance <= output.count, matchDistance <= window else { throw .malformedBlock(.distanceTooFar) }
            try output.appendMatch(distance: matchDistance, length: length)
        }
    }
}
