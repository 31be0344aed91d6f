/// Writes one DEFLATE block (RFC 1951 §3.2.3) for a run of LZ77 symbols, as whichever block
/// type is smallest for them: a stored block (the bytes as they are, for data LZ77 and Huffman
/// cannot shrink), a block in the fixed Huffman codes of §3.2.6 (no code table to send: best
/// for a few dozen bytes), or one in codes made for its symbols (§3.2.7), whose table pays for
/// itself from about a hundred bytes of JSON: the minified examples take 6207 bytes in dynamic
/// blocks and 7078 in fixed ones.
///
/// The choice is made by counting the bits each would take, which is exact, so the output is
/// the same on every run and platform.
struct DeflateBlockWriter {
    /// The symbols' literal/length and distance frequencies (end-of-block counted once).
    private var literalLengthFrequencies = [Int](repeating: 0, count: DeflateAlphabet.literalLengthCount)
    private var distanceFrequencies = [Int](repeating: 0, count: DeflateAlphabet.distanceCount)
    /// The length and distance extra bits the matches take, the same in every coded block.
    private var extraBits = 0

    private let symbols: [DeflateSymbol]
    /// The input the symbols stand for, which a stored block holds as it is.
    private let bytes: UnsafeBufferPointer<UInt8>

    init(symbols: [DeflateSymbol], bytes: UnsafeBufferPointer<UInt8>) {
        self.symbols = symbols
        self.bytes = bytes
        literalLengthFrequencies[DeflateAlphabet.endOfBlock] = 1
        for symbol in symbols {
            if symbol.isLiteral {
                literalLengthFrequencies[Int(symbol.value)] += 1
                continue
            }
            let lengthIndex = Int(DeflateAlphabet.lengthSymbolIndex[Int(symbol.value)])
            let distanceSymbol = DeflateAlphabet.distanceSymbol(Int(symbol.distance))
            literalLengthFrequencies[257 + lengthIndex] += 1
            distanceFrequencies[distanceSymbol] += 1
            extraBits += Int(DeflateAlphabet.lengthExtraBits[lengthIndex]) + Int(DeflateAlphabet.distanceExtraBits[distanceSymbol])
        }
    }

    /// Writes the block; `isFinal` sets BFINAL. `coding` limits the block types to choose from.
    func write(to writer: inout BitWriter, isFinal: Bool, coding: Deflater.Coding) {
        let fixedBits =
            3 + HuffmanCode.fixedLiteralLength.cost(of: literalLengthFrequencies) + HuffmanCode.fixedDistance.cost(of: distanceFrequencies)
            + extraBits
        switch coding {
        case .stored:
            writeStored(to: &writer, isFinal: isFinal)
        case .fixed:
            writeFixed(to: &writer, isFinal: isFinal)
        case .dynamic:
            writeDynamic(DynamicCodes(literalLengthFrequencies, distanceFrequencies), to: &writer, isFinal: isFinal)
        case .smallest:
            let dynamic = DynamicCodes(literalLengthFrequencies, distanceFrequencies)
            let dynamicBits = 3 + dynamic.headerBits + dynamic.cost(literalLengthFrequencies, distanceFrequencies) + extraBits
            let storedBits = Self.storedBits(count: bytes.count, from: writer.bitPosition)
            if storedBits < min(fixedBits, dynamicBits) {
                writeStored(to: &writer, isFinal: isFinal)
            } else if dynamicBits < fixedBits {
                writeDynamic(dynamic, to: &writer, isFinal: isFinal)
            } else {
                writeFixed(to: &writer, isFinal: isFinal)
            }
        }
    }

    /// The bits of the stored blocks for `count` bytes written from bit `position`: each holds
    /// at most 65535 bytes after its 3-bit header, the padding to a byte and LEN and NLEN.
    private static func storedBits(count: Int, from position: Int) -> Int {
        var end = position
        var remaining = count
        repeat {
            let chunk = min(remaining, 0xFFFF)
            end += 3
            end = (end + 7) / 8 * 8 + 32 + 8 * chunk
            remaining -= chunk
        } while remaining > 0
        return end - position
    }

    /// Stored blocks (§3.2.4), as many as 65535-byte LEN needs; BFINAL on the last.
    private func writeStored(to writer: inout BitWriter, isFinal: Bool) {
        var start = 0
        repeat {
            let chunk = min(bytes.count - start, 0xFFFF)
            let isLast = start + chunk == bytes.count
            writer.write(isFinal && isLast ? 1 : 0, count: 3)
            writer.alignToByte()
            writer.write(chunk, count: 16)
            writer.write(~chunk & 0xFFFF, count: 16)
            writer.append(bytes: UnsafeBufferPointer(rebasing: bytes[start..<start + chunk]))
            start += chunk
        } while start < bytes.count
    }

    /// A block in the fixed codes (BTYPE 01).
    private func writeFixed(to writer: inout BitWriter, isFinal: Bool) {
        writer.write(isFinal ? 0b011 : 0b010, count: 3)
        writeSymbols(literalLength: .fixedLiteralLength, distance: .fixedDistance, to: &writer)
    }

    /// A block in its own codes (BTYPE 10): the codes' description, then the symbols.
    private func writeDynamic(_ codes: DynamicCodes, to writer: inout BitWriter, isFinal: Bool) {
        writer.write(isFinal ? 0b101 : 0b100, count: 3)
        codes.writeHeader(to: &writer)
        writeSymbols(literalLength: codes.literalLength, distance: codes.distance, to: &writer)
    }

    /// The symbols and end-of-block in the given codes (§3.2.5): a match is its length symbol
    /// and extra bits, then its distance symbol and extra bits.
    private func writeSymbols(literalLength: HuffmanCode, distance: HuffmanCode, to writer: inout BitWriter) {
        // The tables read through pointers, so the loop checks no bounds (every index is a
        // symbol of its alphabet by construction).
        literalLength.withTable { literalLength in
            distance.withTable { distance in
                DeflateAlphabet.lengthSymbolIndex.withUnsafeBufferPointer { lengthSymbolIndex in
                    for symbol in symbols {
                        if symbol.isLiteral {
                            literalLength.write(Int(symbol.value), to: &writer)
                            continue
                        }
                        let length = Int(symbol.value)
                        let lengthIndex = Int(lengthSymbolIndex[length])
                        literalLength.write(257 + lengthIndex, to: &writer)
                        writer.write(
                            length - Int(DeflateAlphabet.lengthBase[lengthIndex]), count: Int(DeflateAlphabet.lengthExtraBits[lengthIndex]))
                        let matchDistance = Int(symbol.distance)
                        let distanceSymbol = DeflateAlphabet.distanceSymbol(matchDistance)
                        distance.write(distanceSymbol, to: &writer)
                        writer.write(
                            matchDistance - Int(DeflateAlphabet.distanceBase[distanceSymbol]),
                            count: Int(DeflateAlphabet.distanceExtraBits[distanceSymbol]))
                    }
                }
            }
        }
        literalLength.write(DeflateAlphabet.endOfBlock, to: &writer)
    }
}
