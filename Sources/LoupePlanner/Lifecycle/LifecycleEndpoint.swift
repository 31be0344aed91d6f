import LoupeLifecycle

/// `POST /v1/lifecycle` without HTTP: request body in, answer body out, shared by the route and
/// `loupe lifecycle`.
public enum LifecycleEndpoint {
    /// Plays the event script a request body describes.
    /// - Throws: `Problem`: 400 `malformedJSON`; 422 `invalidRequest` listing every invalid
    ///   field; 422 `invalidScript` when the script cannot be played; 422 `strictWarnings`.
    public static func answer(body: [UInt8]) throws(Problem) -> [UInt8] {
        let document = try RequestDocument.parse(body)
        let request = try LifecycleRequestDecoder.decode(document)
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
        return LifecycleEncoder.encode(result, warnings: warnings, precision: request.precision)
    }
}
