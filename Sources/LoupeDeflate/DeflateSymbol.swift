/// One step of the LZ77 parse that `Deflater` codes: a literal byte, or a match that repeats
/// `length` bytes from `distance` bytes back (RFC 1951 §2: "duplicated strings").
struct DeflateSymbol: Sendable, Equatable {
    /// The byte, or the match length (3…258).
    var value: UInt16
    /// 0 for a literal, else the match distance (1…32768).
    var distance: UInt16

    static func literal(_ byte: UInt8) -> DeflateSymbol {
        DeflateSymbol(value: UInt16(byte), distance: 0)
    }

    static func match(length: Int, distance: Int) -> DeflateSymbol {
        DeflateSymbol(value: UInt16(length), distance: UInt16(distance))
    }

    var isLiteral: Bool { distance == 0 }
}
