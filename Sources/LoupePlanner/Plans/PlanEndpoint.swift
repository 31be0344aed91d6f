import LoupeGeometry

/// `POST /v1/plans` without HTTP: request body in, answer body out. The route and `loupe plan`
/// both call this, so the command line prints exactly the bytes the service answers.
public enum PlanEndpoint {
    /// Plans the transition a request body describes.
    ///
    /// Steps: parse → decode and validate every field → plan with the geometry engine → turn
    /// advisories and unknown fields into warnings (or, in strict mode, a 422) → trace the
    /// callbacks on the keyframes' clock → encode.
    /// - Throws: `Problem`: 400 `malformedJSON`; 422 `invalidRequest` listing every invalid
    ///   field; 422 `unsupportedPlatform`; 422 `strictWarnings`.
    public static func answer(body: [UInt8]) throws(Problem) -> [UInt8] {
        let document = try RequestDocument.parse(body)
        let request = try PlanRequestDecoder.decode(document)
        let plan: ZoomPlan
        do {
            plan = try ZoomPlanner.plan(request.scene)
        } catch {
            throw error.problem
        }
        let warnings = plan.advisories.map(RequestWarning.init) + request.unknownFields.map(RequestWarning.unknownField)
        if request.strict, !warnings.isEmpty {
            throw RequestWarning.strictProblem(warnings)
        }
        let callbacks = try PlanCallbacks.trace(for: request.scene, plan: plan, order: request.callbackOrder)
        return PlanEncoder.encode(plan, callbacks: callbacks, warnings: warnings, precision: request.precision)
    }
}
