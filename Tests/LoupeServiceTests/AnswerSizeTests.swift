import LoupePlanner
import Testing

/// The work limit is checked against an estimate before rendering; these pin the estimate to
/// the real rendering: never below it (so the rendering's cost stays within the limit's), and
/// never far above it (so a request well under the limit is not refused).
@Suite("Answer size estimates")
struct AnswerSizeTests {
    static func ratio<Endpoint: RenderedEndpoint>(_ endpoint: Endpoint.Type, _ body: [UInt8], _ format: RenderingFormat) throws -> Double {
        let answer = try Endpoint.compute(try RequestDocument.parse(body))
        let estimate = Endpoint.estimatedBytes(of: answer, as: format)
        let actual = Endpoint.render(answer, as: format).count
        return Double(estimate) / Double(actual)
    }

    static func check<Endpoint: RenderedEndpoint>(
        _ endpoint: Endpoint.Type, _ body: [UInt8], _ label: String,
        formats: [RenderingFormat] = Endpoint.formats
    ) throws {
        for format in formats {
            let ratio = try ratio(endpoint, body, format)
            #expect(ratio >= 1, "\(label) as \(format.rawValue): the estimate is \(ratio) of the answer")
            #expect(ratio <= 3, "\(label) as \(format.rawValue): the estimate is \(ratio) times the answer")
        }
    }

    @Test("every example's estimate is at least its answer's size and at most three times it")
    func examples_areEstimatedWithinBounds() throws {
        for name in try ExampleFiles.names() {
            let body = try ExampleFiles.bytes(name)
            switch ExampleFiles.route(for: name) {
            case "/v1/lifecycle": try Self.check(LifecycleEndpoint.self, body, name)
            case "/v1/timelines": try Self.check(TimelineEndpoint.self, body, name)
            default: try Self.check(PlanEndpoint.self, body, name)
            }
        }
    }

    @Test("long scripts, long names and long timelines are estimated within bounds")
    func heavyRequests_areEstimatedWithinBounds() throws {
        try Self.check(LifecycleEndpoint.self, Array(HeavyRequests.lifecycle(pushes: 300).utf8), "300 pushes")
        try Self.check(LifecycleEndpoint.self, Array(HeavyRequests.lifecycle(pushes: 100, nameLength: 256).utf8), "256-character names")
        try Self.check(TimelineEndpoint.self, Array(HeavyRequests.pinchHold(seconds: 5).utf8), "5 s pinch hold")
    }

    /// Review finding: crossfade keyframes carry a second layer and the blur its own numbers,
    /// which the examples do not reach; a crossfade plan came out at 1.27 times its estimate.
    @Test(
        "crossfade, blur, arc and full precision, short and long, are estimated within bounds in every format",
        arguments: [
            #""options":{"backgroundMode":"crossfade","motionPath":"arc","dimmingVisualEffect":"systemMaterial"}"#,
            #""options":{"backgroundMode":"crossfade","precision":6}"#,
            #""animation":{"frameRate":240,"spring":{"response":2,"dampingRatio":0.3}},"options":{"backgroundMode":"crossfade","dimmingVisualEffect":"dark"}"#
        ])
    func crossfadeAndBlur_areEstimatedWithinBounds(members: String) throws {
        let body =
            #"{"transition":"push","container":{"width":393,"height":852},"source":{"frame":{"x":16,"y":120,"width":110,"height":110},"cornerRadius":8},"destination":{"alignmentRect":{"x":0,"y":0,"width":393,"height":393}},"#
            + members + "}"
        try Self.check(PlanEndpoint.self, Array(body.utf8), body)
    }

    /// Lottie's per-keyframe cost depends on which layers animate, so it is checked on long plans
    /// too (the other plan formats' estimates are pinned by the examples only).
    @Test(
        "long Lottie plans at 240 fps, six decimals or none, with and without a source, are estimated within bounds",
        arguments: [
            #""source":{"frame":{"x":16,"y":120,"width":110,"height":110}},"animation":{"frameRate":240,"spring":{"response":2,"dampingRatio":0.3}},"options":{"precision":6}"#,
            #""animation":{"frameRate":240,"spring":{"response":2,"dampingRatio":0.3}},"options":{"precision":0}"#,
            #""platform":{"os":"tvOS"},"animation":{"frameRate":240,"spring":{"response":2,"dampingRatio":1}}"#
        ])
    func longPlans_areEstimatedWithinBounds(members: String) throws {
        let body = #"{"transition":"push","container":{"width":1920.5,"height":1080},"# + members + "}"
        try Self.check(PlanEndpoint.self, Array(body.utf8), body, formats: [.lottie])
    }
}
