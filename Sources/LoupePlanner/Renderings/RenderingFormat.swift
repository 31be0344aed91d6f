/// The shapes an answer comes in, chosen with `?format=` or the Accept header.
///
/// The raw value is the `format` query value; `mediaType` is what Accept is matched against and
/// what Content-Type says. A route offers a subset (a lifecycle trace has no CSS).
public enum RenderingFormat: String, Sendable, Hashable, CaseIterable {
    /// The API's own JSON answer (the default).
    case json
    /// `@keyframes` rules and the `animation` shorthands that play a plan in a browser.
    case css
    /// Keyframes and timing for `Element.animate()` (the Web Animations API), per layer.
    case waapi
    /// A picture: a plan's filmstrip and progress curve, or a lifecycle trace's swimlanes.
    case svg
    /// A stylesheet that makes the browser's own view transition (`document.startViewTransition`)
    /// play a plan. Its media type is CSS's, so Accept alone never chooses it (ties go to `css`,
    /// offered first): ask with `?format=view-transition`.
    case viewTransition = "view-transition"
    /// A Lottie (Bodymovin) animation, for lottie-ios, lottie-android, lottie-web and rlottie.
    case lottie
    /// JUnit XML: a conformance verdict as one test case per check, the form Jenkins, GitLab and
    /// GitHub's test reporters read.
    case junit

    /// `type/subtype`, lower case, as matched against Accept.
    ///
    /// waapi and lottie have vendor types rather than `application/json; profile=…`: content
    /// negotiation, caches and OpenAPI tools key on type/subtype, and a parameter would make a
    /// WAAPI or Lottie answer indistinguishable from a plan to all of them (Lottie files are
    /// usually served as plain `application/json`, which is the plan's). The `+json` suffix
    /// still tells any client it is JSON.
    public var mediaType: String {
        switch self {
        case .json: "application/json"
        case .css, .viewTransition: "text/css"
        case .waapi: "application/vnd.loupe.waapi+json"
        case .svg: "image/svg+xml"
        case .lottie: "application/vnd.loupe.lottie+json"
        case .junit: "application/vnd.loupe.junit+xml"
        }
    }

    /// The Content-Type of an answer in this format (CSS is text, so it names its charset).
    public var contentType: String {
        mediaType == "text/css" ? "text/css; charset=utf-8" : mediaType
    }
}
