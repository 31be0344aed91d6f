import LoupeJSON

/// A POST endpoint whose answer comes in several renderings: the request is decoded and
/// computed once, into a value, and each format is a pure function of that value (never a
/// re-parse of the JSON answer).
///
/// The service negotiates the format and calls `compute` then `render`; `loupe plan` and the
/// tests call `answer(body:)`, the JSON rendering. Conformers are stateless (enums), so their
/// metatypes may be captured by route handlers on any event loop.
public protocol RenderedEndpoint: SendableMetatype {
    /// Everything the renderings need (the decoded request and the engine's result).
    associatedtype Answer: Sendable

    /// The formats offered, the default (`.json`) first: ties in content negotiation go to the
    /// earlier one.
    static var formats: [RenderingFormat] { get }

    /// The request as the engine takes it. Decoded once (`decode`), it serves both the work
    /// estimate and the answer when a plan is built on an event loop, where decoding it twice
    /// cost about 3 % of a computed plan (issue 37 §3).
    associatedtype Request: Sendable

    /// Decodes and validates `document`.
    /// - Throws: `Problem` (422s; never 400, the document is already JSON).
    static func decode(_ document: JSONDocument) throws(Problem) -> Request

    /// Runs the engine on a decoded request.
    /// - Throws: `Problem` (422s).
    static func compute(_ request: Request) throws(Problem) -> Answer

    /// Refuses, from counts read off the tape before anything is decoded, a request whose work
    /// is over the ceiling by the same estimate `compute` checks (issue 42 §2: decoding 10,000
    /// events costs more than a refusal may). Requests it cannot judge pass, to be decoded.
    /// - Throws: `Problem` 422 `workLimitExceeded`.
    static func screen(_ document: JSONDocument, as format: RenderingFormat, limits: WorkLimits) throws(Problem)

    /// `compute`, for an answer in `format` within `limits`: an engine that can tell as it runs
    /// that the answer will be over them stops there and refuses, rather than finishing work
    /// whose answer is refused anyway.
    /// - Throws: `Problem` as `compute`, or 422 `workLimitExceeded`.
    static func compute(_ request: Request, as format: RenderingFormat, limits: WorkLimits) throws(Problem) -> Answer

    /// `answer` in `format`, one of `formats`.
    static func render(_ answer: Answer, as format: RenderingFormat) -> [UInt8]

    /// `render`, told the answer's `estimatedBytes`, which `answer(_:as:limits:)` has already
    /// computed for its checks: a rendering may write into memory of that size rather than
    /// grow its own (a plan's JSON: issue 47 §2), without estimating it again.
    static func render(_ answer: Answer, as format: RenderingFormat, estimatedBytes: Int) -> [UInt8]

    /// About how many bytes `render(answer, as: format)` makes, from the answer's counts
    /// (keyframes, trace entries, name lengths), in microseconds rather than the rendering's
    /// milliseconds: the work budget is checked with it before rendering.
    static func estimatedBytes(of answer: Answer, as format: RenderingFormat) -> Int

    /// The CPU that computing and rendering `request` in `format` will cost, reading its
    /// `bodyBytes` and decoding it included, estimated before any of it is done
    /// (`WorkEstimate`): the service builds the answer on an event loop only when this is
    /// within the service's `InlineWork.ceiling`.
    static func estimatedWork(of request: Request, bodyBytes: Int, as format: RenderingFormat) -> WorkEstimate

    /// The CPU `render(answer, as: format)` will cost, from the answer's estimated size `bytes`
    /// (and, for a plan's css and waapi, its `linear()` fit): checked against
    /// `WorkEstimate.requestCeiling` before rendering. It must not depend on what is remembered
    /// (the fit's memo), so a request is accepted or refused the same way every time.
    static func estimatedRenderingWork(of answer: Answer, bytes: Int, as format: RenderingFormat) -> WorkEstimate
}

extension RenderedEndpoint {
    /// Most requests cannot be judged before decoding: they pass.
    public static func screen(_ document: JSONDocument, as format: RenderingFormat, limits: WorkLimits) throws(Problem) {}

    /// Most engines cannot stop early: `compute`, and the limits checked after.
    public static func compute(_ request: Request, as format: RenderingFormat, limits: WorkLimits) throws(Problem) -> Answer {
        try compute(request)
    }

    /// Scripts (lifecycle, timelines) cost what their events ask for, which has no cheap bound
    /// that is also tight: their work always goes to the compute pool.
    public static func estimatedWork(of request: Request, bodyBytes: Int, as format: RenderingFormat) -> WorkEstimate {
        .unbounded
    }

    /// `compute` of the request `document` holds.
    public static func compute(_ document: JSONDocument) throws(Problem) -> Answer {
        try compute(try decode(document))
    }

    /// `estimatedWork` of the request `document` holds; `unbounded` when it does not decode (its
    /// 422 is the pool's to write).
    public static func estimatedWork(of document: JSONDocument, bodyBytes: Int, as format: RenderingFormat) -> WorkEstimate {
        guard let request = try? decode(document) else { return .unbounded }
        return estimatedWork(of: request, bodyBytes: bodyBytes, as: format)
    }

    /// Most renderings size their own output: the estimate is not needed.
    public static func render(_ answer: Answer, as format: RenderingFormat, estimatedBytes: Int) -> [UInt8] {
        render(answer, as: format)
    }

    /// The rendering's cost per byte of the format (`WorkEstimate.renderingPerByte`).
    public static func estimatedRenderingWork(of answer: Answer, bytes: Int, as format: RenderingFormat) -> WorkEstimate {
        .rendering(bytes: bytes, as: format)
    }
}

extension RenderedEndpoint {
    /// The JSON answer for a request body: parse, compute, render as JSON.
    /// - Throws: `Problem` 400 `malformedJSON` for a body that is not JSON, else as `compute`.
    public static func answer(body: [UInt8]) throws(Problem) -> [UInt8] {
        try answer(try RequestDocument.parse(body), as: .json, limits: .standard)
    }

    /// The answer in `format` within `limits`: compute, check the estimated size and the
    /// rendering's estimated CPU, render, check the real size (the estimates keep the
    /// rendering's cost bounded; the second check keeps the limit exact).
    /// - Throws: `Problem` as `compute`, or 422 `workLimitExceeded`.
    public static func answer(_ document: JSONDocument, as format: RenderingFormat, limits: WorkLimits) throws(Problem) -> [UInt8] {
        try screen(document, as: format, limits: limits)
        return try answer(try decode(document), as: format, limits: limits)
    }

    /// `answer(_:as:limits:)` of a request already decoded.
    public static func answer(_ request: Request, as format: RenderingFormat, limits: WorkLimits) throws(Problem) -> [UInt8] {
        let computed = try compute(request, as: format, limits: limits)
        let estimate = estimatedBytes(of: computed, as: format)
        try limits.check(estimate, format: format, estimated: true)
        try WorkLimits.check(work: estimatedRenderingWork(of: computed, bytes: estimate, as: format), of: "The \(format.rawValue) answer")
        let bytes = render(computed, as: format, estimatedBytes: estimate)
        try limits.check(bytes.count, format: format, estimated: false)
        return bytes
    }
}
