import LoupeGeometry
import LoupeJSON
import LoupeTimeline

/// `POST /v1/timelines` without HTTP: request in, answer out. JSON only for now: the renderings
/// of a plan (CSS, WAAPI, SVG) are written for one transition.
public enum TimelineEndpoint: RenderedEndpoint {
    public static let formats: [RenderingFormat] = [.json]

    /// - Throws: `Problem` 422 `invalidRequest` listing every invalid field.
    public static func decode(_ document: JSONDocument) throws(Problem) -> TimelineRequest {
        try TimelineRequestDecoder.decode(document)
    }

    /// Steps (after `decode`, which validates every field): estimate the simulation's CPU and
    /// refuse it over the ceiling, before simulating → run the timeline engine (geometry,
    /// gestures and lifecycle on one clock) → warnings: the geometry engine's warnings and
    /// unknown fields (a 422 in strict mode) and the script's own warnings, each pointing at its
    /// event.
    /// - Throws: `Problem`: 422 `invalidScript` when the events cannot be played; 422
    ///   `unsupportedPlatform`; 422 `strictWarnings`; 422 `workLimitExceeded` when the
    ///   simulation would cost too much CPU.
    public static func compute(_ request: TimelineRequest) throws(Problem) -> TimelineAnswer {
        try computeWithMotion(request).answer
    }

    /// `compute`, with the card's motion to evaluate at any time (a conformance check's
    /// expected side).
    static func computeWithMotion(_ request: TimelineRequest) throws(Problem) -> (answer: TimelineAnswer, motion: TimelineMotion) {
        try WorkLimits.check(work: estimatedSimulationWork(of: request.script), of: "Simulating this timeline", pointer: "/events")
        let timeline: Timeline
        let motion: TimelineMotion
        do {
            (timeline, motion) = try TimelineEngine.runWithMotion(request.script)
        } catch {
            throw error.problem
        }
        let requestWarnings = timeline.geometryWarnings.map(RequestWarning.init) + request.unknownFields.map(RequestWarning.unknownField)
        if request.strict, !requestWarnings.isEmpty {
            throw RequestWarning.strictProblem(requestWarnings)
        }
        let scriptWarnings = timeline.warnings.map(RequestWarning.init)
        return (TimelineAnswer(request: request, timeline: timeline, warnings: requestWarnings + scriptWarnings), motion)
    }

    public static func render(_ answer: TimelineAnswer, as format: RenderingFormat) -> [UInt8] {
        TimelineWriter.bytes(answer.timeline, warnings: answer.warnings, precision: answer.request.precision)
    }
}
