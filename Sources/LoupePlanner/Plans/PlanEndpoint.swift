import LoupeGeometry
import LoupeLifecycle
import LoupeJSON

/// `POST /v1/plans` without HTTP: request in, answer out. The route and `loupe plan` both call
/// this, so the command line prints exactly the bytes the service answers.
public enum PlanEndpoint: RenderedEndpoint {
    public static let formats: [RenderingFormat] = [.json, .css, .waapi, .svg, .viewTransition, .lottie]

    /// - Throws: `Problem` 422 `invalidRequest` listing every invalid field.
    /// The scene is resolved here, once, for the work estimate and the answer to share.
    public static func decode(_ document: JSONDocument) throws(Problem) -> PlanRequest {
        var request = try PlanRequestDecoder.decode(document)
        _ = request.resolution.resolve(request.scene)
        return request
    }

    /// Steps (after `decode`, which validates every field): plan with the geometry engine → turn
    /// warnings and unknown fields into warnings (or, in strict mode, a 422) → trace the
    /// callbacks on the keyframes' clock.
    /// - Throws: `Problem`: 422 `unsupportedPlatform`; 422 `strictWarnings`.
    public static func compute(_ request: PlanRequest) throws(Problem) -> PlanAnswer {
        var plan: ZoomPlan
        do {
            var resolution = request.resolution
            plan = try GeometryEngine.sample(try resolution.resolve(request.scene).get())
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
        // Only the JSON writer uses the estimate (`render(_:as:estimatedBytes:)`).
        render(answer, as: format, estimatedBytes: format == .json ? estimatedBytes(of: answer, as: .json) : 0)
    }

    /// The JSON is written into an array of `estimatedBytes` (an upper bound of its size), which
    /// is then the answer itself; the other formats size their own output.
    public static func render(_ answer: PlanAnswer, as format: RenderingFormat, estimatedBytes: Int) -> [UInt8] {
        switch format {
        // junit is a conformance verdict's format, never offered for a plan.
        case .json, .junit:
            PlanWriter.bytes(
                answer.plan, callbacks: answer.callbacks, warnings: answer.warnings, precision: answer.request.precision,
                capacity: estimatedBytes)
        case .css: Array(PlanCSS.render(answer).utf8)
        case .waapi: PlanWAAPI.render(answer)
        case .svg: Array(PlanFilmstrip.render(answer).utf8)
        case .viewTransition: Array(PlanViewTransition.render(answer).utf8)
        case .lottie: PlanLottie.render(answer)
        }
    }
}

extension PlanEndpoint {
    /// A plan's work from its request: the body read, the request decoded and its geometry
    /// resolved without keyframes (a few microseconds), which gives the duration and so the
    /// keyframe count; then the sampling and the rendering of that many keyframes, at each
    /// format's measured cost per keyframe (`WorkEstimate.planCost`). css and waapi carry a
    /// `linear()` fit whose cost follows the spring's duration and the tolerance (up to 20,000
    /// samples, tried up to eight times), so they are `unbounded`; so is a request that does not
    /// decode or plan (its 422 is the pool's to write).
    public static func estimatedWork(of request: PlanRequest, bodyBytes: Int, as format: RenderingFormat) -> WorkEstimate {
        guard let cost = WorkEstimate.planCost(format), let keyframes = estimatedKeyframes(of: request) else { return .unbounded }
        return .reading(bodyBytes: bodyBytes) + WorkEstimate(microseconds: cost.fixed + Double(keyframes) * cost.perKeyframe)
    }

    /// The rendering's cost per byte, and for css and waapi the `linear()` fit, by its sample
    /// count, whether or not a fit is remembered (so the verdict is the same every time).
    public static func estimatedRenderingWork(of answer: PlanAnswer, bytes: Int, as format: RenderingFormat) -> WorkEstimate {
        let fit =
            format == .css || format == .waapi
            ? Double(SpringEasing.sampleCount(duration: answer.plan.duration)) * WorkEstimate.fitPerSample : 0
        return .rendering(bytes: bytes, as: format) + WorkEstimate(microseconds: fit)
    }

    /// How many keyframes `document`'s plan will have, from its geometry alone; nil when it
    /// does not decode or plan.
    public static func estimatedKeyframes(of document: JSONDocument) -> Int? {
        guard let request = try? decode(document) else { return nil }
        return estimatedKeyframes(of: request)
    }

    /// How many keyframes `request`'s plan will have, from its geometry alone; nil when it does
    /// not plan.
    public static func estimatedKeyframes(of request: PlanRequest) -> Int? {
        var resolution = request.resolution
        guard let plan = try? resolution.resolve(request.scene).get(),
            plan.geometry.state(atProgress: 0).isFinite, plan.geometry.state(atProgress: 1).isFinite,
            plan.duration.isFinite, plan.frameRate.isFinite
        else { return nil }
        return Int(min(Double(KeyframeSampler.maximumKeyframes), (plan.duration * plan.frameRate).rounded(.up) + 1))
    }
}
