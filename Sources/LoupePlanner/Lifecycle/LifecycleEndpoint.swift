import LoupeJSON
import LoupeLifecycle

/// `POST /v1/lifecycle` without HTTP: request in, answer out, shared by the route and
/// `loupe lifecycle`.
public enum LifecycleEndpoint: RenderedEndpoint {
    /// A trace has no keyframes, so no CSS or WAAPI rendering.
    public static let formats: [RenderingFormat] = [.json, .svg]

    /// - Throws: `Problem` 422 `invalidRequest` listing every invalid field.
    public static func decode(_ document: JSONDocument) throws(Problem) -> LifecycleRequest {
        try LifecycleRequestDecoder.decode(document)
    }

    /// Plays the decoded script.
    /// - Throws: `Problem`: 422 `invalidScript` when the script cannot be played; 422
    ///   `strictWarnings`.
    public static func compute(_ request: LifecycleRequest) throws(Problem) -> LifecycleAnswer {
        try compute(request, within: nil)
    }

    /// `compute`, the simulation stopped as soon as the trace holds more entries than an answer
    /// in `format` within `limits` can (`AnswerSize.traceEntries(within:as:)`): past that the
    /// estimated size is over the limit whatever follows, so the refusal comes without playing
    /// the rest of the script (10,000 push/pop events: about 3 ms rather than 16; issue 42 §2).
    /// - Throws: as `compute`, or 422 `workLimitExceeded` for a trace that grew too long.
    public static func compute(_ request: LifecycleRequest, as format: RenderingFormat, limits: WorkLimits) throws(Problem) -> LifecycleAnswer {
        try compute(request, within: (format, limits))
    }

    private static func compute(_ request: LifecycleRequest, within answer: (format: RenderingFormat, limits: WorkLimits)?) throws(Problem)
        -> LifecycleAnswer
    {
        let traceLimit = answer.map { AnswerSize.traceEntries(within: $0.limits.maxAnswerBytes, as: $0.format) } ?? .max
        let result: LifecycleResult
        do {
            result = try LifecycleEngine.run(request.script, stoppingPast: traceLimit)
        } catch {
            throw error.problem
        }
        if let answer, result.stoppedAtTraceLimit {
            let partial = AnswerSize.envelope(answer.format) + AnswerSize.trace(result.trace, answer.format)
            try answer.limits.check(partial, format: answer.format, estimated: true, partial: true)
        }
        // Notes are about the app's script, not the request, so strict mode leaves them alone.
        let warnings = request.unknownFields.map(RequestWarning.unknownField)
        if request.strict, !warnings.isEmpty {
            throw RequestWarning.strictProblem(warnings)
        }
        return LifecycleAnswer(request: request, result: result, warnings: warnings)
    }

    public static func render(_ answer: LifecycleAnswer, as format: RenderingFormat) -> [UInt8] {
        switch format {
        case .svg: Array(LifecycleSwimlane.render(answer).utf8)
        default: LifecycleWriter.bytes(answer.result, warnings: answer.warnings, precision: answer.request.precision)
        }
    }
}
