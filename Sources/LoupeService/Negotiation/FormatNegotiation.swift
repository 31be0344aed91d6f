import LoupeHTTP
import LoupePlanner

/// Chooses the rendering of a /v1 answer: `?format=` when the query has one (it wins, so a
/// link or a curl command can name the format), else the Accept header.
struct FormatNegotiation: Sendable, Equatable {
    var format: RenderingFormat
    /// True when Accept decided, so caches must key on it (`Vary: Accept`). A `?format=` answer
    /// is the same whatever Accept says: its URL already differs.
    var variesOnAccept: Bool

    /// - Throws: `Problem` 406 `notAcceptable` when `?format=` names a format the route does not
    ///   offer, or no offered media type has a weight above 0 in Accept.
    init(_ request: HTTPRequest, offered: [RenderingFormat]) throws(Problem) {
        if let requested = request.queryParameter("format") {
            guard let format = RenderingFormat(rawValue: requested.lowercased()), offered.contains(format) else {
                throw Problem(
                    .notAcceptable,
                    detail:
                        "\(request.path) offers format=\(offered.map(\.rawValue).joined(separator: "|")), not \"\(String(requested.prefix(32)))\".")
            }
            self.format = format
            variesOnAccept = false
            return
        }
        let values = request.headers.values("Accept")
        if values.isEmpty, let first = offered.first {
            // No Accept field accepts anything: the route's first format, without parsing.
            format = first
            variesOnAccept = true
            return
        }
        let accept = AcceptHeader(values)
        // Highest weight wins; ties go to the route's order (JSON first).
        var best: (format: RenderingFormat, quality: Double)?
        for format in offered {
            let quality = accept.quality(of: format.mediaType)
            if quality > 0, quality > (best?.quality ?? 0) { best = (format, quality) }
        }
        guard let best else {
            // The lists are spelled out only for the error (this runs for every /v1 request).
            let names = offered.map(\.rawValue).joined(separator: ", ")
            var types: [String] = []
            for type in offered.map(\.mediaType) where !types.contains(type) { types.append(type) }
            throw Problem(
                .notAcceptable,
                detail: "\(request.path) answers \(types.joined(separator: ", ")) (formats \(names)); the Accept header allows none of them.")
        }
        format = best.format
        variesOnAccept = true
    }
}
