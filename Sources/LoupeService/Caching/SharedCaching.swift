/// What the headers of a /v1 answer let HTTP caches do with it, by how it was asked for
/// (issue 36 §3).
///
/// An answer depends only on its request and the release, and the release is in its ETag, so a
/// GET or QUERY answer may be kept by shared caches (a CDN, nginx `proxy_cache`) for
/// `--shared-cache-seconds` and revalidated after: a 304 costs Loupe a hash, not a plan. POST
/// answers stay `no-cache`: no shared cache stores them, and a client revalidates across deploys.
///
/// With API keys, a shared cache must never hand a stored answer to a client without a key.
/// RFC 9111 §3.5 forbids a shared cache to reuse an answer to a request that carried
/// `Authorization` unless the answer says `public`, `s-maxage` or `must-revalidate`; saying
/// `public` lets the cache keep it, and `Vary: Authorization` (RFC 9111 §4.1) then makes the stored
/// answer match only a later request with the very same `Authorization` field: a request with
/// no key, or another, is a miss and reaches Loupe, which answers 401 (`no-store`).
struct SharedCaching: Sendable {
    /// How an answer was asked for.
    enum Asking: Sendable {
        case post
        case query
        /// A GET (or HEAD) of an answer's address.
        case address
    }

    /// `--shared-cache-seconds`.
    let seconds: Int
    /// Whether `--api-keys` is set.
    let keyed: Bool

    /// The `Cache-Control` of a 200 or 304 answer asked for by `asking`.
    func cacheControl(_ asking: Asking) -> String {
        guard asking != .post, seconds > 0 else { return "no-cache" }
        return keyed ? "public, max-age=\(seconds)" : "max-age=\(seconds)"
    }

    /// Whether the answer must say `Vary: Authorization`.
    func variesOnAuthorization(_ asking: Asking) -> Bool {
        asking != .post && keyed
    }
}
