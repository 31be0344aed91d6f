import CLoupeWebFiles

/// Every file Loupe serves as it is, from the bytes built into the binary (CLoupeWebFiles).
public enum WebFiles {
    /// The web page: `index.html` at `/`, each script, the stylesheet and the icon at
    /// `/prototype/<name>`; so are the cross-document view transition demo's two pages.
    public static let page: [WebFile] = [
        WebFile(path: "/", contentType: html, bytes: embedded("index.html")),
        WebFile(path: "/prototype/api.js", contentType: javaScript, bytes: embedded("api.js")),
        // A plan at its GET address: a stylesheet and a picture linked by URL (issue 36 §6).
        WebFile(path: "/prototype/demo-address.html", contentType: html, bytes: embedded("demo-address.html")),
        WebFile(path: "/prototype/demo-address.js", contentType: javaScript, bytes: embedded("demo-address.js")),
        // The prototype checks its own playback with /v1/conformance (issue 43 §6).
        WebFile(path: "/prototype/demo-conformance.html", contentType: html, bytes: embedded("demo-conformance.html")),
        WebFile(path: "/prototype/demo-conformance.js", contentType: javaScript, bytes: embedded("demo-conformance.js")),
        // The cross-document view transition demo: two pages and what they share.
        WebFile(path: "/prototype/demo-detail.html", contentType: html, bytes: embedded("demo-detail.html")),
        WebFile(path: "/prototype/demo-grid.html", contentType: html, bytes: embedded("demo-grid.html")),
        WebFile(path: "/prototype/demo.css", contentType: "text/css; charset=utf-8", bytes: embedded("demo.css")),
        WebFile(path: "/prototype/demo.js", contentType: javaScript, bytes: embedded("demo.js")),
        WebFile(path: "/prototype/gestures.js", contentType: javaScript, bytes: embedded("gestures.js")),
        WebFile(path: "/prototype/icon.svg", contentType: "image/svg+xml", bytes: embedded("icon.svg")),
        WebFile(path: "/prototype/layers.js", contentType: javaScript, bytes: embedded("layers.js")),
        WebFile(path: "/prototype/main.js", contentType: javaScript, bytes: embedded("main.js")),
        WebFile(path: "/prototype/panel.js", contentType: javaScript, bytes: embedded("panel.js")),
        WebFile(path: "/prototype/phases.js", contentType: javaScript, bytes: embedded("phases.js")),
        WebFile(path: "/prototype/pictures.js", contentType: javaScript, bytes: embedded("pictures.js")),
        WebFile(path: "/prototype/prototype.css", contentType: "text/css; charset=utf-8", bytes: embedded("prototype.css")),
        WebFile(path: "/prototype/settings.js", contentType: javaScript, bytes: embedded("settings.js"))
    ]

    /// The API contract, served at /openapi.yaml: the repository's openapi.yaml, byte for byte
    /// (this folder links to it).
    public static let contract = WebFile(path: "/openapi.yaml", contentType: "application/yaml", bytes: embedded("openapi.yaml"))

    /// The contract's OpenAPI 3.2 edition, with the QUERY operations, served at
    /// /openapi-3.2.yaml: generated from openapi.yaml by scripts/openapi-3.2 (3.1 has no QUERY,
    /// and most tools do not read 3.2 yet, so openapi.yaml stays 3.1).
    public static let contract32 = WebFile(path: "/openapi-3.2.yaml", contentType: "application/yaml", bytes: embedded("openapi-3.2.yaml"))

    /// The bytes of the built-in file `name` (copied once, when the list above is first read).
    private static func embedded(_ name: String) -> [UInt8] {
        guard let file = loupe_web_file_named(name) else { preconditionFailure("\(name) is not built in (Sources/CLoupeWebFiles/WebFiles.c)") }
        return Array(UnsafeBufferPointer(start: file.pointee.bytes, count: Int(file.pointee.length)))
    }

    private static let html = "text/html; charset=utf-8"
    private static let javaScript = "text/javascript; charset=utf-8"
}
