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
        let result: LifecycleResult
        do {
            result = try LifecycleEngine.run(request.script)
        } catch {
            throw error.problem
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
