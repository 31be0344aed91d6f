import LoupeHTTP

/// Cross-origin access for browsers (web prototypes call Loupe directly).
struct CORSPolicy: Sendable {
    let origins: [String]

    private var allowsAny: Bool { origins.contains("*") }

    /// The Access-Control-Allow-Origin value for `origin`, or nil when it is not allowed.
    func allowedOrigin(for origin: String) -> String? {
        if allowsAny { return "*" }
        return origins.contains(origin) ? origin : nil
    }

    /// Adds the headers an actual (non-preflight) cross-origin answer needs.
    ///
    /// With every origin allowed, every answer says `Access-Control-Allow-Origin: *`, Origin or
    /// not, so the answer does not depend on Origin and a shared cache may hand one stored copy
    /// to a browser and to curl alike (issue 42 §1: an answer stored for a request without Origin
    /// reached a browser without its grant). With an origin list the grant names the origin, so
    /// the answer says `Vary: Origin`.
    func decorate(_ response: inout HTTPResponse, for request: HTTPRequest) {
        if !allowsAny { response.headers.addListMember("Vary", "Origin") }
        guard let allowed = allowsAny ? "*" : request.headers["Origin"].flatMap(allowedOrigin(for:)) else { return }
        response.headers.set("Access-Control-Allow-Origin", allowed)
        response.headers.set("Access-Control-Expose-Headers", "X-Request-ID, ETag, Location, Content-Location, Accept-Query, Loupe-Warning")
    }

    /// The answer to an OPTIONS request: a CORS preflight when it is one, else the Allow list.
    func preflight(_ request: HTTPRequest, allowedMethods: [String]) -> HTTPResponse {
        var response = HTTPResponse(status: .noContent)
        response.headers.set("Allow", allowedMethods.joined(separator: ", "))
        guard let origin = request.headers["Origin"],
            let requested = request.headers["Access-Control-Request-Method"],
            let allowed = allowedOrigin(for: origin),
            allowedMethods.contains(requested)
        else {
            if !allowsAny { response.headers.addListMember("Vary", "Origin") }
            return response
        }
        response.headers.set("Access-Control-Allow-Origin", allowed)
        response.headers.set("Access-Control-Allow-Methods", allowedMethods.joined(separator: ", "))
        response.headers.set("Access-Control-Allow-Headers", "Authorization, Content-Type, If-None-Match, X-Request-ID")
        response.headers.set("Access-Control-Max-Age", "600")
        if !allowsAny { response.headers.addListMember("Vary", "Origin") }
        return response
    }
}
