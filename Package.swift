// swift-tools-version:6.0
import Foundation
import PackageDescription

/// Loupe: an HTTP service that serves zoom-transition plans.
///
/// The targets form one direction of dependency:
/// engines (LoupeGeometry, LoupeLifecycle; LoupeTimeline on both) <- LoupePlanner <- LoupeService -> LoupeHTTP,
/// LoupeJSON (depending on nothing) under the planner and the service, LoupeWeb (the served files,
/// depending on nothing) under the service, and the `loupe` executable on top. LoupeHTTP never learns what a transition is, and the engines never learn what JSON or
/// HTTP is.
let package = Package(
    name: "Loupe",
    products: [
        .executable(name: "loupe", targets: ["loupe"])
    ],
    targets: [
        // MARK: - Engines (pure)
        .target(name: "LoupeGeometry"),
        .target(name: "LoupeLifecycle"),
        .target(name: "LoupeTimeline", dependencies: ["LoupeGeometry", "LoupeLifecycle"]),

        // MARK: - API layer
        .target(name: "LoupeJSON"),
        .target(name: "LoupePlanner", dependencies: ["LoupeJSON", "LoupeGeometry", "LoupeLifecycle", "LoupeTimeline"]),

        // MARK: - Transport and service
        .target(name: "CLoupeSystem"),
        .target(name: "LoupeHTTP", dependencies: ["CLoupeSystem"]),
        // The web page's files and the contract (openapi.yaml, linked into the folder), compiled
        // into the binary by SwiftPM: no resource bundle to ship, no generated copy to commit.
        .target(
            name: "LoupeWeb",
            resources: [
                "index.html", "api.js", "demo-detail.html", "demo-grid.html", "demo.css", "demo.js", "gestures.js", "icon.svg",
                "layers.js", "main.js", "panel.js", "pictures.js", "prototype.css", "settings.js", "openapi.yaml"
            ].map { .embedInCode($0) }),
        .target(name: "LoupeService", dependencies: ["LoupeHTTP", "LoupeJSON", "LoupePlanner", "LoupeWeb"]),
        .executableTarget(name: "loupe", dependencies: ["LoupeHTTP", "LoupePlanner", "LoupeService"]),

        // MARK: - Benchmarks
        .executableTarget(name: "loupe-bench", dependencies: ["LoupeGeometry", "LoupeHTTP", "LoupeJSON", "LoupePlanner", "LoupeService"])
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
        .target(name: "LoupeTestSupport", path: "Tests/LoupeTestSupport"),
        .target(
            name: "LoupeTestClient",
            dependencies: ["CCurl", "LoupeHTTP"],
            path: "Tests/LoupeTestClient"
        ),

        // MARK: - Tests
        .testTarget(name: "LoupeGeometryTests", dependencies: ["LoupeGeometry", "LoupeTestSupport"]),
        .testTarget(name: "LoupeLifecycleTests", dependencies: ["LoupeLifecycle", "LoupeTestSupport"]),
        .testTarget(name: "LoupeTimelineTests", dependencies: ["LoupeTimeline", "LoupeTestSupport"]),
        .testTarget(name: "LoupeJSONTests", dependencies: ["LoupeJSON", "LoupeTestSupport"]),
        .testTarget(name: "LoupePlannerTests", dependencies: ["LoupePlanner", "LoupeJSON", "LoupeTestSupport"]),
        .testTarget(name: "LoupeHTTPTests", dependencies: ["LoupeHTTP", "LoupeTestSupport", "LoupeTestClient"]),
        .testTarget(
            name: "LoupeServiceTests",
            dependencies: ["LoupeService", "LoupeHTTP", "LoupeJSON", "LoupePlanner", "LoupeTimeline", "LoupeTestSupport", "LoupeTestClient"]
        )
    ]
}
