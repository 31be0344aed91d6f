/// Every file Loupe serves as it is, from the bytes SwiftPM embeds (`PackageResources`).
public enum WebFiles {
    /// The web page: `index.html` at `/`, each script, the stylesheet and the icon at
    /// `/prototype/<name>`; so are the cross-document view transition demo's two pages.
    public static let page: [WebFile] = [
        WebFile(path: "/", contentType: html, bytes: PackageResources.index_html),
        WebFile(path: "/prototype/api.js", contentType: javaScript, bytes: PackageResources.api_js),
        // A plan at its GET address: a stylesheet and a picture linked by URL (issue 36 §6).
        WebFile(path: "/prototype/demo-address.html", contentType: html, bytes: PackageResources.demo_address_html),
        WebFile(path: "/prototype/demo-address.js", contentType: javaScript, bytes: PackageResources.demo_address_js),
        // The cross-document view transition demo: two pages and what they share.
        WebFile(path: "/prototype/demo-detail.html", contentType: html, bytes: PackageResources.demo_detail_html),
        WebFile(path: "/prototype/demo-grid.html", contentType: html, bytes: PackageResources.demo_grid_html),
        WebFile(path: "/prototype/demo.css", contentType: "text/css; charset=utf-8", bytes: PackageResources.demo_css),
        WebFile(path: "/prototype/demo.js", contentType: javaScript, bytes: PackageResources.demo_js),
        WebFile(path: "/prototype/gestures.js", contentType: javaScript, bytes: PackageResources.gestures_js),
        WebFile(path: "/prototype/icon.svg", contentType: "image/svg+xml", bytes: PackageResources.icon_svg),
        WebFile(path: "/prototype/layers.js", contentType: javaScript, bytes: PackageResources.layers_js),
        WebFile(path: "/prototype/main.js", contentType: javaScript, bytes: PackageResources.main_js),
        WebFile(path: "/prototype/panel.js", contentType: javaScript, bytes: PackageResources.panel_js),
        WebFile(path: "/prototype/pictures.js", contentType: javaScript, bytes: PackageResources.pictures_js),
        WebFile(path: "/prototype/prototype.css", contentType: "text/css; charset=utf-8", bytes: PackageResources.prototype_css),
        WebFile(path: "/prototype/settings.js", contentType: javaScript, bytes: PackageResources.settings_js)
    ]

    /// The API contract, served at /openapi.yaml: the repository's openapi.yaml, byte for byte
    /// (this folder links to it).
    public static let contract = WebFile(path: "/openapi.yaml", contentType: "application/yaml", bytes: PackageResources.openapi_yaml)

    /// The contract's OpenAPI 3.2 edition, with the QUERY operations, served at
    /// /openapi-3.2.yaml: generated from openapi.yaml by scripts/openapi-3.2 (3.1 has no QUERY,
    /// and most tools do not read 3.2 yet, so openapi.yaml stays 3.1).
    public static let contract32 = WebFile(path: "/openapi-3.2.yaml", contentType: "application/yaml", bytes: PackageResources.openapi_3_2_yaml)

    private static let html = "text/html; charset=utf-8"
    private static let javaScript = "text/javascript; charset=utf-8"
}
