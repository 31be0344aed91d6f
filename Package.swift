// swift-tools-version:6.0
import Foundation
import PackageDescription

/// Loupe: an HTTP service that serves zoom-transition plans.
///
/// The targets form one direction of dependency:
/// engines (LoupeGeometry, LoupeLifecycle; LoupeTimeline on both; all on LoupeWarnings, their one
/// warning type) <- LoupePlanner <- LoupeService -> LoupeHTTP,
/// LoupeJSON (depending on nothing) under the planner and the service, LoupeDeflate (zlib streams,
/// depending on nothing) under the service, LoupeWeb (the served files,
/// depending on nothing) under the service, and the `loupe` executable on top. LoupeHTTP never learns what a transition is, and the engines never learn what JSON or
/// HTTP is.
let package = Package(
    name: "Loupe",
    products: [
        .executable(name: "loupe", targets: ["loupe"])
    ],
    targets: [
        // MARK: - Engines (pure)
        // The one warning type every engine speaks (and the planner reads).
        .target(name: "LoupeWarnings"),
        .target(name: "LoupeGeometry", dependencies: ["LoupeWarnings"]),
        .target(name: "LoupeLifecycle", dependencies: ["LoupeWarnings"]),
        .target(name: "LoupeTimeline", dependencies: ["LoupeGeometry", "LoupeLifecycle", "LoupeWarnings"]),
        // Recordings of anyone's playback judged against the engines' motion and traces.
        .target(name: "LoupeConformance", dependencies: ["LoupeGeometry", "LoupeTimeline", "LoupeWarnings"]),

        // MARK: - API layer
        .target(name: "LoupeJSON"),
        // The format writers (SVG, Lottie, CSS values, linear() easings), knowing no request or
        // answer of the API's: the planner renders its answers with them.
        .target(name: "LoupeRendering", dependencies: ["LoupeGeometry", "LoupeJSON"]),
        // zlib streams (RFC 1950/1951), written and read: the codec of answer addresses, knowing
        // nothing of Loupe.
        .target(name: "LoupeDeflate"),
        .target(
            name: "LoupePlanner",
            dependencies: [
                "LoupeJSON", "LoupeGeometry", "LoupeLifecycle", "LoupeTimeline", "LoupeConformance", "LoupeRendering", "LoupeWarnings"
            ]),

        // MARK: - Transport and service
        .target(name: "CLoupeSystem"),
        .target(name: "LoupeHTTP", dependencies: ["CLoupeSystem"]),
        // The web page's files and the contract (openapi.yaml and its generated 3.2 edition, linked
        // into the folder), built into the binary by a C target with C23's #embed (CLoupeWebFiles:
        // milliseconds to compile, where SwiftPM's `.embedInCode` Swift array literal took minutes
        // and over a gigabyte): no resource bundle to ship, no generated copy to commit. LoupeWeb
        // names them and their media types.
        .target(name: "CLoupeWebFiles"),
        .target(
            name: "LoupeWeb",
            dependencies: ["CLoupeWebFiles"],
            exclude: [
                "index.html", "api.js", "demo-address.html", "demo-address.js", "demo-conformance.html", "demo-conformance.js", "demo-detail.html",
                "demo-grid.html", "demo.css", "demo.js",
                "gestures.js", "icon.svg",
                "layers.js", "main.js", "panel.js", "phases.js", "pictures.js", "prototype.css", "settings.js", "openapi.yaml", "openapi-3.2.yaml"
            ]),
        .target(name: "LoupeService", dependencies: ["LoupeDeflate", "LoupeHTTP", "LoupeJSON", "LoupePlanner", "LoupeWeb"]),
        .executableTarget(name: "loupe", dependencies: ["LoupeHTTP", "LoupePlanner", "LoupeService"]),

        // MARK: - Benchmarks
        .executableTarget(
            name: "loupe-bench", dependencies: ["LoupeDeflate", "LoupeGeometry", "LoupeHTTP", "LoupeJSON", "LoupePlanner", "LoupeService"])
    ],
    swiftLanguageModes: [.v6]
)

// Test targets are declared only when Tests/ exists: the container build copies Sources/
// alone (see Dockerfile and .dockerignore).
if FileManager.default.fileExists(atPath: Context.packageDirectory + "/Tests") {
    package.targets += [
        // MARK: - Test support
        // libcurl for the tests' HTTP client; only tests use it, so it lives with them.
        .systemLibrary(
            name: "CCurl",
            path: "Tests/CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .target(name: "LoupeTestSupport", dependencies: ["LoupeJSON"], path: "Tests/LoupeTestSupport"),
        .target(
            name: "LoupeTestClient",
            dependencies: ["CCurl", "LoupeHTTP"],
            path: "Tests/LoupeTestClient"
        ),

        // MARK: - Tests
        .testTarget(name: "LoupeGeometryTests", dependencies: ["LoupeGeometry", "LoupeWarnings", "LoupeTestSupport"]),
        .testTarget(name: "LoupeLifecycleTests", dependencies: ["LoupeLifecycle", "LoupeWarnings", "LoupeTestSupport"]),
        .testTarget(name: "LoupeTimelineTests", dependencies: ["LoupeTimeline", "LoupeWarnings", "LoupeTestSupport"]),
        .testTarget(
            name: "LoupeConformanceTests", dependencies: ["LoupeConformance", "LoupeGeometry", "LoupeTimeline", "LoupeTestSupport"]),
        .testTarget(name: "LoupeJSONTests", dependencies: ["LoupeJSON", "LoupeTestSupport"]),
        .testTarget(name: "LoupeDeflateTests", dependencies: ["LoupeDeflate", "LoupeTestSupport"]),
        .testTarget(name: "LoupePlannerTests", dependencies: ["LoupePlanner", "LoupeJSON", "LoupeRendering", "LoupeWarnings", "LoupeTestSupport"]),
        .testTarget(name: "LoupeHTTPTests", dependencies: ["LoupeHTTP", "LoupeTestSupport", "LoupeTestClient"]),
        .testTarget(
            name: "LoupeServiceTests",
            dependencies: [
                "LoupeService", "LoupeDeflate", "LoupeHTTP", "LoupeJSON", "LoupePlanner", "LoupeTimeline", "LoupeTestSupport", "LoupeTestClient"
            ]
        )
    ]
}
