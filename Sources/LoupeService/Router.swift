import LoupeHTTP
import LoupePlanner

/// Fixed paths, matched exactly, and paths that end in one `{key}` segment (the GET addresses,
/// `/v1/plans/{key}`): Loupe has a handful of endpoints, and an exact match and one trailing
/// parameter are clearer than any pattern language. They are found by a scan: a few comparisons
/// of short strings cost less than hashing the path. A request looks its route up once
/// (`LoupeApplication.handle`); the route's path, the template for an address, then travels with
/// the answer as its label, for the metrics (one series per route, not one per key).
public struct Router: Sendable {
    private let routes: [Route]

    /// - Parameter routes: a later route replaces an earlier one with the same path.
    public init(_ routes: [Route]) {
        var unique: [Route] = []
        for route in routes {
            unique.removeAll { $0.path == route.path }
            unique.append(route)
        }
        self.routes = unique
    }

    public func route(for path: String) -> Route? {
        routes.first { $0.matches(path) }
    }

    /// The route a request goes to, and the request as that route reads it: a format's name
    /// after the last "." of the path's last segment, on a route that takes one, moves into the
    /// query (`/v1/plans.css` is `/v1/plans?format=css`, `/v1/plans/{key}.svg` is
    /// `/v1/plans/{key}?format=svg`), in front of any query the request has. Only a format's
    /// name counts: an address key has a "." of its own (`1.eJx…`), and `/prototype/app.js` is
    /// a file's name.
    ///
    /// `conflict` is the 406 for a path that names one format and a query that names another
    /// (`/v1/plans.css?format=svg`): which one was meant cannot be known, so neither wins. The
    /// query's format is its first `?format=`, as everywhere (a repeated one keeps that meaning).
    public func route(for request: HTTPRequest) -> (route: Route?, request: HTTPRequest, conflict: Problem?) {
        let path = request.path.utf8
        // An address's key follows its own dot: only a suffix as short as a format's name is
        // looked at, so a GET of a 4 KB key copies nothing here.
        if let dot = path.lastIndex(of: UInt8(ascii: ".")), path.distance(from: dot, to: path.endIndex) <= Self.longestFormatName + 1,
            !path[dot...].contains(UInt8(ascii: "/")),
            let format = RenderingFormat(rawValue: String(request.path[request.path.index(after: dot)...])),
            let route = route(for: String(request.path[..<dot])), route.takesFormatSuffix
        {
            var rewritten = request
            rewritten.path = String(request.path[..<dot])
            rewritten.query = "format=\(format.rawValue)" + (request.query.map { "&" + $0 } ?? "")
            let conflict = request.queryParameter("format").flatMap { $0.lowercased() == format.rawValue ? nil : $0 }.map { other in
                Problem(
                    .notAcceptable,
                    detail:
                        "\(request.path) names format \"\(format.rawValue)\" in its path and \"\(String(other.prefix(32)))\" in ?format=: name one.")
            }
            return (route, rewritten, conflict)
        }
        return (route(for: request.path), request, nil)
    }

    private static let longestFormatName = RenderingFormat.allCases.map(\.rawValue.utf8.count).max() ?? 0

    /// The metrics label of a request no route has.
    public static let unroutedLabel = "other"
}
