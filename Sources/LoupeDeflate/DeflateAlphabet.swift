/// The symbol alphabets of DEFLATE (RFC 1951 §3.2.5–§3.2.7), shared by `Deflater` and
/// `Inflater` so the two cannot disagree on a table.
///
/// A match is sent as a length symbol (257–285 in the literal/length alphabet) and a distance
/// symbol (0–29), each followed by extra bits that pick the exact value in the symbol's range.
enum DeflateAlphabet {
    /// The end-of-block symbol of the literal/length alphabet.
    static let endOfBlock = 256
    /// Literal/length symbols that may be sent (286 and 287 exist only to complete the fixed code).
    static let literalLengthCount = 286
    /// Distance symbols that may be sent (30 and 31 likewise).
    static let distanceCount = 30
    /// Symbols of the code-length alphabet that describes a dynamic block's codes (§3.2.7).
    static let codeLengthCount = 19

    static let shortestMatch = 3
    static let longestMatch = 258
    /// The window: the farthest back a match may reach.
    static let longestDistance = 32768
    /// The longest code of the literal/length and distance codes, and of the code-length code.
    static let longestCode = 15
    static let longestCodeLengthCode = 7

    /// The shortest length of each length symbol (257 + index) and its extra bits.
    static let lengthBase: [UInt16] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258
    ]
    static let lengthExtraBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]

    /// The shortest distance of each distance symbol and its extra bits.
    static let distanceBase: [UInt16] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289,
        16385, 24577
    ]
    static let distanceExtraBits: [UInt8] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// The order in which a dynamic block sends the code-length code's lengths: the ones most
    /// often unused last, so they can be left off (§3.2.7).
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The code lengths of the fixed literal/length code (§3.2.6), all 288 symbols.
    static let fixedLiteralLengthLengths: [UInt8] =
        [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112) + [UInt8](repeating: 7, count: 24)
        + [UInt8](repeating: 8, count: 8)
    /// The fixed distance code: 5 bits for each of the 32 symbols.
    static let fixedDistanceLengths = [UInt8](repeating: 5, count: 32)

    /// The length symbol's index (symbol − 257) for each match length 0…258 (0…2 unused).
    static let lengthSymbolIndex: [UInt8] = {
        var indices = [UInt8](repeating: 0, count: longestMatch + 1)
        for index in lengthBase.indices {
            let end = index + 1 < lengthBase.count ? Int(lengthBase[index + 1]) : longestMatch + 1
            for length in Int(lengthBase[index])..<end { indices[length] = UInt8(index) }
        }
        return indices
    }()

    /// The distance symbol for `distance` (1…32768): the symbols come two to each power of
    /// two, so it is twice the position of the top bit of `distance − 1` plus the bit below it.
    static func distanceSymbol(_ distance: Int) -> Int {
        let offset = distance - 1
        guard offset >= 4 else { return offset }
        let topBit = Int.bitWidth - 1 - offset.leadingZeroBitCount
        return 2 * topBit + ((offset >> (topBit - 1)) & 1)
    }
}
