/// Why a zlib stream could not be inflated: each case is something the sender got wrong (or
/// a key that was cut or mangled on its way), so the service can answer with a problem that
/// says which, 413 for `tooLarge` and 400 for the rest.
public enum InflateError: Error, Sendable, Equatable {
    /// The input ended inside the stream: in the header, a block, or the Adler-32 trailer.
    case truncated
    /// The two header bytes are not a zlib stream this decoder reads (RFC 1950 §2.2).
    case unsupportedHeader(Header)
    /// A DEFLATE block breaks RFC 1951.
    case malformedBlock(Block)
    /// The trailer's Adler-32 is not the sum of the inflated bytes: the stream was altered.
    case checksumMismatch(expected: UInt32, actual: UInt32)
    /// The output would exceed `limit` bytes (the caller's cap, not a property of the stream).
    case tooLarge(limit: Int)
    /// Bytes follow the trailer, so the input is not exactly one zlib stream.
    case trailingBytes(count: Int)

    /// What is wrong with a zlib header.
    public enum Header: Sendable, Equatable {
        /// FCHECK: CMF·256 + FLG is not a multiple of 31, so these are not zlib header bytes.
        case checkFailed
        /// CM is not 8 (DEFLATE), the only method RFC 1950 defines.
        case compressionMethod(UInt8)
        /// CINFO is above 7: a window larger than 32 KiB, which DEFLATE cannot use.
        case windowSize(UInt8)
        /// FDICT: the stream needs a preset dictionary, which a key cannot name.
        case presetDictionary
    }

    /// What is wrong with a DEFLATE block (RFC 1951 §3.2.3–§3.2.7).
    public enum Block: Sendable, Equatable {
        /// BTYPE 3, which is reserved.
        case reservedBlockType
        /// A stored block's NLEN is not the complement of its LEN.
        case storedLengthMismatch
        /// A dynamic block declares more than 286 literal/length or 30 distance codes.
        case tooManyCodes
        /// A set of code lengths that is over-subscribed (more codes than bit patterns) or
        /// incomplete (unused bit patterns), save the one incomplete code RFC 1951 §3.2.7
        /// allows: a single code of one bit.
        case invalidCodeLengths
        /// A code-length repeat (symbol 16) with no length before it, or a repeat that runs past
        /// the number of codes declared.
        case invalidLengthRepeat
        /// The literal/length code has no code for end-of-block, so the block could never end.
        case missingEndOfBlock
        /// A bit pattern that is no code, or a literal/length or distance symbol that is never
        /// sent (286, 287, 30, 31).
        case invalidSymbol
        /// A match reaching back before the start of the output or beyond the window the
        /// header declares.
        case distanceTooFar
    }
}
