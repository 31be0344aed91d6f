import LoupeHTTP
import LoupePlanner
import LoupeWeb

/// The web prototype: `GET /` serves the page, `GET /prototype/<file>` its scripts, stylesheet
/// and icon (Sources/LoupeWeb, compiled into the binary: no files on disk, nothing from another
/// origin). Never behind the API key: the page is public, and the /v1 calls it makes carry the
/// key the user types into its settings.
enum WebPrototypeRoutes {
    /// Only this origin's own files and fetches; no inline script or style, no framing, no
    /// plugins. `blob:` images are the plan panel's SVG renderings; styles set from script
    /// (CSSOM and Element.animate) are not inline styles, so 'self' suffices.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
        + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// Stored but revalidated on every use: the ETag makes that a 304, and a new release (new
    /// bytes, new tag) is picked up at once.
    static let cacheControl = "no-cache"

    static func all() -> [Route] {
        WebFiles.page.map { asset in
            let tag = entityTag(asset.bytes)
            return Route(
                path: asset.path,
                handlers: [
                    "GET": Route.inline { request, _ in
                        answer(request, asset: asset, tag: tag)
                    }
                ])
        }
    }

    /// The asset, or 304 when `If-None-Match` names its tag (or is `*`). HEAD is GET without the
    /// body (the router and `ResponseWriter` handle it). Also serves the contract (/openapi.yaml).
    static func answer(_ request: HTTPRequest, asset: WebFile, tag: String, cacheControl: String = cacheControl) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.set("ETag", "\"\(tag)\"")
        headers.set("Cache-Control", cacheControl)
        headers.set("X-Content-Type-Options", "nosniff")
        if asset.contentType.hasPrefix("text/html") {
            headers.set("Content-Security-Policy", contentSecurityPolicy)
            headers.set("Referrer-Policy", "no-referrer")
        }
        let conditions = request.headers.values("If-None-Match")
        if EntityTag.isWildcard(conditions) || EntityTag.tags(in: conditions).contains(tag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        return HTTPResponse(status: .ok, contentType: asset.contentType, body: asset.bytes, headers: headers)
    }

    /// A strong tag for fixed bytes: their 128-bit hash, in hex.
    static func entityTag(_ bytes: [UInt8]) -> String {
        EntityTag(bytes: bytes).opaque
    }
}
