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

    /// The metrics label of a request no route has.
    public static let unroutedLabel = "other"
}
