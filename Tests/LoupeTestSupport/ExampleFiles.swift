import Foundation
import LoupeJSON

/// The request files in examples/ and the helpers that compare them with openapi.yaml.
public enum ExampleFiles {
    /// The repository that holds examples/: openapi.yaml's real directory, so the tests also
    /// work from a package that links openapi.yaml in from the repository.
    public static let root: URL = Repository.root.appendingPathComponent("openapi.yaml").resolvingSymlinksInPath().deletingLastPathComponent()

    /// File names in examples/, sorted.
    public static func names() throws -> [String] {
        let directory = root.appendingPathComponent("examples")
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
    }

    public static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent("examples").appendingPathComponent(name)))
    }

    /// Which route a file is for: lifecycle-*.json go to /v1/lifecycle, timeline-*.json to
    /// /v1/timelines, conformance-*.json to /v1/conformance, the rest to /v1/plans.
    public static func route(for name: String) -> String {
        if name.hasPrefix("conformance-") { return "/v1/conformance" }
        if name.hasPrefix("lifecycle-") { return "/v1/lifecycle" }
        if name.hasPrefix("timeline-") { return "/v1/timelines" }
        return "/v1/plans"
    }

    /// `json` without whitespace outside strings: the one-line form openapi.yaml's examples use.
    public static func minified(_ json: [UInt8]) -> String {
        String(decoding: JSONMinifier.minified(json), as: UTF8.self)
    }

    /// The `value: {...}` one-line request examples of openapi.yaml, without the `value: ` prefix.
    public static func openAPIRequestExamples() throws -> [String] {
        let text = String(decoding: try Repository.bytes("openapi.yaml"), as: UTF8.self)
        return text.split(separator: "\n").compactMap { line in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("value: {") else { return nil }
            return String(trimmed.dropFirst("value: ".count))
        }
    }
}
