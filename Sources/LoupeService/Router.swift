import LoupeHTTP
import LoupePlanner

/// Fixed paths, matched exactly: Loupe has a handful of endpoints, and an exact match is
/// clearer than any pattern language. They are found by a scan: a few comparisons of short
/// strings (equal lengths first) cost less than hashing the path. A request looks its route
/// up once (`LoupeApplication.handle`); the route's path then travels with the answer as its
/// label, for the metrics.
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
        routes.first { $0.path == path }
    }

    /// The metrics label of a request no route has.
    public static let unroutedLabel = "other"
}
