/// The media ranges of an Accept header with their weights (RFC 9110 §12.5.1), for choosing a
/// rendering.
///
/// Lenient where leniency cannot surprise: an absent or blank Accept accepts anything, ranges
/// that do not parse are skipped, and parameters other than `q` are ignored (no format here is
/// told apart by a parameter).
struct AcceptHeader: Sendable, Equatable {
    struct MediaRange: Sendable, Equatable {
        /// Lower case; "*" for any.
        var type: String
        var subtype: String
        /// 0...1; 0 means "not acceptable".
        var quality: Double

        /// How specifically this range names `mediaType` ("type/subtype"): 2 exact, 1 `type/*`,
        /// 0 `*/*`, nil not at all. The most specific range decides a type's weight.
        func specificity(for mediaType: String) -> Int? {
            if type == "*" { return subtype == "*" ? 0 : nil }
            // Compared in place: this runs for every offered format on every request.
            guard let slash = mediaType.firstIndex(of: "/"), mediaType[..<slash] == type else { return nil }
            if subtype == "*" { return 1 }
            return mediaType[mediaType.index(after: slash)...] == subtype ? 2 : nil
        }
    }

    var ranges: [MediaRange]

    /// Parses every Accept field value of a request (nil or blank: accept anything).
    init(_ values: [String]) {
        let text = values.joined(separator: ",")
        guard text.contains(where: { $0 != " " && $0 != "\t" && $0 != "," }) else {
            ranges = [MediaRange(type: "*", subtype: "*", quality: 1)]
            return
        }
        ranges = text.split(separator: ",").compactMap(Self.range)
    }

    /// The weight the client gives `mediaType`: the quality of its most specific range, or 0.
    func quality(of mediaType: String) -> Double {
        var best: (specificity: Int, quality: Double)?
        for range in ranges {
            guard let specificity = range.specificity(for: mediaType) else { continue }
            if best == nil || specificity > best!.specificity { best = (specificity, range.quality) }
        }
        return best?.quality ?? 0
    }

    private static func range(_ element: Substring) -> MediaRange? {
        let parameters = element.split(separator: ";", omittingEmptySubsequences: false)
        let name = parameters[0].trimmingOptionalWhitespace().lowercased()
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, Self.isToken(parts[0]), Self.isToken(parts[1]), !(parts[0] == "*" && parts[1] != "*") else { return nil }
        var quality = 1.0
        for parameter in parameters.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingOptionalWhitespace() }
            guard pair.count == 2, pair[0].lowercased() == "q" else { continue }
            // RFC 9110 §12.4.2: "0" or "1" with up to three decimals; anything else voids the range.
            guard pair[1].count <= 5, let value = Double(pair[1]), (0...1).contains(value),
                pair[1].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
            else { return nil }
            quality = value
        }
        return MediaRange(type: String(parts[0]), subtype: String(parts[1]), quality: quality)
    }

    /// RFC 9110 §5.6.2 token characters.
    private static func isToken(_ text: Substring) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
            }
    }
}
