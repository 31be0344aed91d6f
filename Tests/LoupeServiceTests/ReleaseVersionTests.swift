import Foundation
import LoupeJSON
import LoupePlanner
import LoupeTestSupport
import Testing

@testable import LoupeService

/// ETags and the answer cache hash the request with the release version, not the answer
/// (docs/api.md, "Caching"): a release whose answers differ under an unchanged version would
/// have clients revalidate into 304s and keep the old answers. So this records a digest of every
/// example's answer in every format, with the version they belong to, in
/// `Tests/answer-digests.json`, and fails when an answer changes while
/// `BuildInfo.version` does not.
///
/// After a change that alters answers: bump `BuildInfo.version` (and the places that name it:
/// docs/operations.md, the Dockerfile's label, deploy/kubernetes, openapi.yaml's /version
/// example), then record the digests anew with
/// `LOUPE_RECORD_ANSWER_DIGESTS=1 swift test --filter ReleaseVersionTests`. Recording refuses to
/// overwrite changed digests under the version they were recorded with.
@Suite("Release version")
struct ReleaseVersionTests {
    static let file = Repository.root.appendingPathComponent("Tests/answer-digests.json")

    /// "name format" → the answer's MurmurHash3, hex, for every example and every format its route offers.
    static func currentDigests() throws -> [String: String] {
        var digests: [String: String] = [:]
        for name in try ExampleFiles.names() {
            let document = try RequestDocument.parse(try ExampleFiles.bytes(name))
            let answers: [(RenderingFormat, [UInt8])]
            switch ExampleFiles.route(for: name) {
            case "/v1/lifecycle":
                let answer = try LifecycleEndpoint.compute(document)
                answers = LifecycleEndpoint.formats.map { ($0, LifecycleEndpoint.render(answer, as: $0)) }
            case "/v1/timelines":
                let answer = try TimelineEndpoint.compute(document)
                answers = TimelineEndpoint.formats.map { ($0, TimelineEndpoint.render(answer, as: $0)) }
            case "/v1/conformance":
                let answer = try ConformanceEndpoint.compute(document)
                answers = ConformanceEndpoint.formats.map { ($0, ConformanceEndpoint.render(answer, as: $0)) }
            default:
                let answer = try PlanEndpoint.compute(document)
                answers = PlanEndpoint.formats.map { ($0, PlanEndpoint.render(answer, as: $0)) }
            }
            for (format, bytes) in answers {
                var hasher = Murmur3Hasher()
                hasher.update(bytes)
                digests["\(name) \(format.rawValue)"] = hasher.finalize().hex
            }
        }
        return digests
    }

    struct Recorded: Codable {
        var version: String
        var digests: [String: String]
    }

    @Test("no answer changes under an unchanged release version")
    func answersChangeOnlyWithTheVersion() throws {
        let current = try Self.currentDigests()
        let recorded = try? JSONDecoder().decode(Recorded.self, from: Data(contentsOf: Self.file))
        let sameVersion = recorded?.version == BuildInfo.version
        let changed = sameVersion ? current.keys.filter { key in recorded?.digests[key].map { $0 != current[key] } ?? false }.sorted() : []
        #expect(
            changed.isEmpty,
            "answers changed under release \(BuildInfo.version): \(changed.joined(separator: ", ")); bump BuildInfo.version, then record the digests anew"
        )
        if ProcessInfo.processInfo.environment["LOUPE_RECORD_ANSWER_DIGESTS"] == "1", changed.isEmpty {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(Recorded(version: BuildInfo.version, digests: current)).write(to: Self.file)
            return
        }
        #expect(recorded != nil, "no recorded digests at \(Self.file.path): record them")
        #expect(sameVersion, "the digests were recorded for release \(recorded?.version ?? "none"), not \(BuildInfo.version): record them anew")
        let unrecorded = current.keys.filter { recorded?.digests[$0] == nil }.sorted()
        #expect(unrecorded.isEmpty, "answers with no recorded digest: \(unrecorded.joined(separator: ", ")); record them")
    }
}
