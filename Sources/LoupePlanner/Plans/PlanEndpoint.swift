import LoupeGeometry
import LoupeLifecycle
import LoupeJSON

/// `POST /v1/plans` without HTTP: request in, answer out. The route and `loupe plan` both call
/// this, so the command line prints exactly the bytes the service answers.
public enum PlanEndpoint: RenderedEndpoint {
    public static let formats: [RenderingFormat] = [.json, .css, .waapi, .svg, .viewTransition, .lottie]

    /// Steps: decode and validate every field → plan with the geometry engine → turn
    /// warnings and unknown fields into warnings (or, in strict mode, a 422) → trace the
    /// callbacks on the keyframes' clock.
    /// - Throws: `Problem`: 422 `invalidRequest` listing every invalid field; 422
    ///   `unsupportedPlatform`; 422 `strictWarnings`.
    public static func compute(_ document: JSONDocument) throws(Problem) -> PlanAnswer {
        let request = try PlanRequestDecoder.decode(document)
        var plan: ZoomPlan
        do {
            plan = try GeometryEngine.plan(request.scene)
        } catch {
            throw error.problem
        }
        let warnings = plan.warnings.map(RequestWarning.init) + request.unknownFields.map(RequestWarning.unknownField)
        if request.strict, !warnings.isEmpty {
            throw RequestWarning.strictProblem(warnings)
        }
        let callbacks = try PlanCallbacks.trace(for: request.scene, plan: plan, order: request.callbackOrder)
        // The covered page shows until the trace removes its view (issue 23 §3).
        let covered = HierarchyPresence(callbacks, viewController: PlanCallbacks.sourceName, otherwise: true)
        plan.keyframes.setCoveredPage { covered.isInHierarchy(at: $0) }
        return PlanAnswer(request: request, plan: plan, callbacks: callbacks, warnings: warnings)
    }

    public static func render(_ answer: PlanAnswer, as format: RenderingFormat) -> [UInt8] {
        switch format {
        case .json:
            PlanWriter.bytes(answer.plan, callbacks: answer.callbacks, warnings: answer.warnings, precision: answer.request.precision)
        case .css: Array(PlanCSS.render(answer).utf8)
        case .waapi: PlanWAAPI.render(answer)
        case .svg: Array(PlanFilmstrip.render(answer).utf8)
        case .viewTransition: Array(PlanViewTransition.render(answer).utf8)
        case .lottie: PlanLottie.render(answer)
        }
    }
}
