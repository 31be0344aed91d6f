import LoupeDeflate
import LoupeJSON
import LoupePlanner

/// Where a /v1 answer can be fetched with a GET: `/v1/plans/{key}`, whose key holds the request
/// itself (issue 36 §2). Any replica answers it with no shared state and no storage, and any
/// HTTP cache can keep and share what a GET of it returns; a web page can point `<link href>`
/// or `<img src>` at it.
///
/// A version 1 key is `1.` followed by the base64url alphabet (RFC 4648 §5, unpadded) of a zlib
/// stream (RFC 1950) of the request body without its insignificant whitespace. Standard pieces
/// on purpose: any zlib (Python's `zlib.decompress`, a browser's `DecompressionStream("deflate")`)
/// reads a key and can write one Loupe reads, so a client may build addresses itself. The
/// version comes first so that a later form can be told apart without guessing; the zlib
/// stream's Adler-32 catches a key cut short or altered on its way. None of it is a secret or a
/// signature: a key is a request, and a client that crafts one can ask no more than its body
/// could, since the body it holds goes through the same limits and work estimates as a POST's.
struct AnswerAddress: Sendable {
    /// What comes before the key's compressed body: its version and a dot.
    static let versionPrefix = "1."

    /// The longest address a server may be configured to read (`--max-address-bytes`): RFC 9110
    /// §4.1 asks that senders and recipients support at least 8000 octets of URI, and the
    /// server's request line (8 KiB, `HTTPLimits`) then still holds the method and version.
    static let longestReadable = 8000

    /// A body whose minified text is longer than this many times the address limit is not
    /// compressed to find out: JSON compresses about 3 to 5 times, so it would not fit, and
    /// trying costs time on every such request.
    static let largestRatioTried = 8

    /// The longest address offered and read (`--max-address-bytes`).
    let maxBytes: Int

    /// The longest request body an address may hold, inflated (`--max-address-body-bytes`).
    ///
    /// Why: a key compresses its body, and a hostile body compresses far better than JSON does
    /// (5,000 push/pop pairs, 620 KB, fit a 3.2 KB key), so without this an address of a few
    /// kilobytes would buy the work of a body the client never uploaded (issue 42 §2). With it an
    /// address costs no more than the body it stands for would cost to upload at this size.
    let maxBodyBytes: Int

    /// `--max-address-body-bytes`'s default: 64 KiB, about twelve times the largest example's
    /// minified body, and eight times the longest key's compressed bytes.
    static let defaultMaxBodyBytes = 64 << 10

    init(maxBytes: Int, maxBodyBytes: Int = AnswerAddress.defaultMaxBodyBytes) {
        self.maxBytes = maxBytes
        self.maxBodyBytes = maxBodyBytes
    }

    /// What making an address costs, per byte of body, in the worst case: the deflater's search
    /// is capped per input byte, and a hostile body (one whose three-byte strings all repeat) costs
    /// about 0.045 µs a byte where JSON costs 0.009 (release build, this project's 2-core machine;
    /// docs/benchmarks.md). Counted in the work estimate that decides whether a plan is built on
    /// the event loop (`EndpointHandlers`), so a body that would compress slowly is compressed on the pool.
    static let encodingPerByte = 0.05

    /// The fixed part of making an address: minifying, the zlib header and the Huffman tables.
    static let encodingFixed = 10.0

    /// The work of making the address of a body of `bodyBytes` bytes.
    static func estimatedWork(bodyBytes: Int) -> WorkEstimate {
        WorkEstimate(microseconds: encodingFixed + Double(bodyBytes) * encodingPerByte)
    }

    /// The address of the answer to `body` (text that parsed as JSON) at `collection` in `format`,
    /// or nil when it would be longer than `maxBytes` or hold more than `maxBodyBytes` (a GET of
    /// it would be refused). `?format=` names the format unless it is
    /// the route's first (`defaultFormat`), so a GET of the address gives the same bytes whatever
    /// its Accept says.
    func address(collection: String, body: [UInt8], format: RenderingFormat, defaultFormat: RenderingFormat) -> String? {
        let minified = JSONMinifier.minified(body)
        guard minified.count <= maxBytes * Self.largestRatioTried, minified.count <= maxBodyBytes else { return nil }
        let key = Base64URL.encode(Deflater().deflate(minified))
        var address = ""
        // Room for all of it at once: each part appended into it, not the string grown per part.
        address.reserveCapacity(collection.utf8.count + 1 + Self.versionPrefix.utf8.count + key.utf8.count + 32)
        address += collection
        address += "/"
        address += Self.versionPrefix
        address += key
        if format != defaultFormat {
            address += "?format="
            address += format.rawValue
        }
        return address.utf8.count <= maxBytes ? address : nil
    }

    /// What a key holds, read up to a size: where an address's body is inflated is decided by
    /// its size, so "larger than that" is an answer here, not a problem.
    enum Contents: Sendable, Equatable {
        /// The request body, within the size asked for.
        case body([UInt8])
        /// The key holds more than the size asked for (the key is otherwise unread).
        case longer(than: Int)
    }

    /// The request body `key` holds, at most `maxBodyBytes` long.
    ///
    /// - Throws: `Problem` 400 `unknownAddressVersion` for a key of another version, 400
    ///   `invalidAddress` for one that is not base64url, not zlib, cut short or altered (its
    ///   Adler-32 differs), and 414 `addressTooLong` for one holding more than `maxBodyBytes`.
    static func body(ofKey key: Substring, maxBodyBytes: Int) throws(Problem) -> [UInt8] {
        switch try contents(ofKey: key, upTo: maxBodyBytes) {
        case .body(let body): return body
        case .longer: throw tooLong(maxBodyBytes: maxBodyBytes)
        }
    }

    /// The body `key` holds when it is at most `limit` bytes, or `.longer` when it holds more.
    ///
    /// - Throws: `Problem` as `body(ofKey:maxBodyBytes:)`, but never 414.
    static func contents(ofKey key: Substring, upTo limit: Int) throws(Problem) -> Contents {
        guard let dot = key.firstIndex(of: ".") else {
            throw Problem(.invalidAddress, detail: "An address key starts with its version and a dot (\"\(versionPrefix)…\"); this one has no dot.")
        }
        let version = key[..<dot]
        guard version + "." == versionPrefix else {
            throw Problem(
                .unknownAddressVersion,
                detail:
                    "This server reads version \(versionPrefix.dropLast()) addresses, not version \"\(String(version.prefix(16)))\"; ask for the answer again with POST or QUERY to get its current address."
            )
        }
        guard let compressed = Base64URL.decode(key[key.index(after: dot)...]) else {
            throw Problem(
                .invalidAddress,
                detail: "After its version, an address key holds only the base64url alphabet (A-Z, a-z, 0-9, - and _, no padding); this one does not."
            )
        }
        do {
            return .body(try Inflater.inflate(compressed, maxOutputBytes: limit))
        } catch {
            if case .tooLarge = error { return .longer(than: limit) }
            throw problem(for: error)
        }
    }

    /// 414 for an address holding more than `maxBodyBytes`.
    static func tooLong(maxBodyBytes: Int) -> Problem {
        Problem(
            .addressTooLong,
            detail:
                "The address holds a request longer than the \(maxBodyBytes) bytes an address may hold (--max-address-body-bytes); send it with POST or QUERY."
        )
    }

    /// 400 for a key that is not a zlib stream this server wrote (every error but `.tooLarge`,
    /// which `contents` answers).
    private static func problem(for error: InflateError) -> Problem {
        switch error {
        case .checksumMismatch:
            return Problem(.invalidAddress, detail: "The address key was altered: its checksum (Adler-32) does not match what it holds.")
        case .truncated:
            return Problem(.invalidAddress, detail: "The address key is cut short: its zlib stream ends early.")
        default:
            return Problem(.invalidAddress, detail: "The address key does not hold a zlib stream (RFC 1950): \(error).")
        }
    }
}
