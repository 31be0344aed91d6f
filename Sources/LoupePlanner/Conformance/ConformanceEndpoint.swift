import LoupeConformance
import LoupeJSON
import LoupeLifecycle
import LoupeWarnings

/// `POST /v1/conformance` without HTTP: a recording of someone's playback and the request it
/// plays in, a verdict out, shared by the route and `loupe check`.
public enum ConformanceEndpoint: RenderedEndpoint {
    /// JSON (the verdict), JUnit XML (one test case per check, for CI reporters) and SVG (the
    /// curves, for people).
    public static let formats: [RenderingFormat] = [.json, .junit, .svg]

    /// - Throws: `Problem` 422 `invalidRequest` listing every invalid field, the expected body's
    ///   among them under `/expected/…`.
    public static func decode(_ document: JSONDocument) throws(Problem) -> ConformanceRequest {
        try ConformanceRequestDecoder.decode(document)
    }

    /// Steps: estimate the comparison's work and refuse it over the ceiling → compute the
    /// expected side as its own route does (a plan's spring, a timeline's motion, a lifecycle
    /// trace; its problems and warnings keep their pointers, under `/expected/…`) → judge the
    /// recording (`ConformanceJudge`).
    /// - Throws: `Problem` 422 as the expected route would (pointers under `/expected/…`), or
    ///   422 `workLimitExceeded`.
    public static func compute(_ request: ConformanceRequest) throws(Problem) -> ConformanceAnswer {
        let prefix = "/expected/" + request.expected.member
        let expected: ExpectedTransition
        var warnings: [RequestWarning]
        do {
            switch request.expected {
            case .plan(let plan):
                let answer = try PlanEndpoint.compute(plan)
                expected = ExpectedTransition(motion: ExpectedMotion(plan: answer.plan), callbacks: loggable(answer.callbacks))
                warnings = answer.warnings
            case .timeline(let timeline):
                let (answer, motion) = try TimelineEndpoint.computeWithMotion(timeline)
                expected = ExpectedTransition(motion: ExpectedMotion(timeline: motion), callbacks: loggable(answer.timeline.callbacks))
                warnings = answer.warnings
            case .lifecycle(let lifecycle):
                let answer = try LifecycleEndpoint.compute(lifecycle)
                expected = ExpectedTransition(motion: nil, callbacks: loggable(answer.result.trace))
                warnings = answer.warnings
            }
        } catch {
            throw error.under(prefix)
        }
        warnings = warnings.map { $0.under(prefix) } + request.unknownFields.map(RequestWarning.unknownField)
        let work = estimatedComparisonWork(of: request, against: expected)
        try WorkLimits.check(work: work, of: "Comparing this recording", pointer: "/observed/frames")
        let verdict = ConformanceJudge.judge(expected, request.recording, tolerances: request.tolerances, alignment: request.alignment)
        warnings += verdict.warnings.map(RequestWarning.init)
        return ConformanceAnswer(request: request, verdict: verdict, warnings: warnings, comparisonWork: work)
    }

    public static func render(_ answer: ConformanceAnswer, as format: RenderingFormat) -> [UInt8] {
        switch format {
        case .junit: Array(VerdictJUnit.render(answer).utf8)
        case .svg: Array(VerdictChart.render(answer).utf8)
        default: VerdictWriter.bytes(answer)
        }
    }

    /// What an app can log of a trace: its callbacks and delegate calls, not its states or
    /// hierarchy changes.
    static func loggable(_ trace: [TraceEntry]) -> [ExpectedCallback] {
        trace.compactMap { entry in
            switch entry.event {
            case .callback, .delegate: ExpectedCallback(viewController: entry.viewController, name: entry.name, time: entry.time)
            case .state, .hierarchy: nil
            }
        }
    }

    /// At least the rendering's size and within three times it (`AnswerSizeTests`): per check
    /// its figures and sentence, the names a callback departure repeats, every warning's text,
    /// and for the picture every compared frame's five points (band, expected, observed, a red
    /// stretch; a lone red frame is a circle).
    public static func estimatedBytes(of answer: ConformanceAnswer, as format: RenderingFormat) -> Int {
        let checks = answer.verdict.checks
        var names = 0
        var frameQuantities = 0
        for check in checks {
            switch check.figures {
            case .order(let departure?):
                names +=
                    (departure.expected.map { $0.viewController.utf8.count + $0.name.utf8.count } ?? 0)
                    + (departure.observed.map { $0.viewController.utf8.count + $0.name.utf8.count } ?? 0)
            case .errors(let errors): frameQuantities += min(errors.series.count, VerdictChart.maximumPoints)
            default: break
            }
        }
        let warnings = answer.warnings.reduce(0) { $0 + $1.code.utf8.count + $1.message.utf8.count + $1.pointer.utf8.count + 48 }
        let failing = checks.filter { !$0.conforms }.count
        switch format {
        case .svg: return 1_024 + checks.count * 320 + 2 * names + frameQuantities * 140
        // Escaping may double a name's bytes (quotes and ampersands as entities).
        case .junit: return 512 + checks.count * 90 + failing * 640 + 4 * names + 2 * warnings
        default: return 256 + checks.count * 200 + 2 * names + 2 * warnings
        }
    }
}

extension Problem {
    /// This problem with its field pointers under `prefix`, for a problem of a body nested in
    /// another (an unknown field's pointer is already the document's, and stays).
    func under(_ prefix: String) -> Problem {
        var moved = self
        moved.errors = errors.map { error in
            var error = error
            if error.code != RequestWarning.unknownFieldCode, !error.pointer.hasPrefix(prefix) { error.pointer = prefix + error.pointer }
            return error
        }
        return moved
    }
}

extension RequestWarning {
    /// This warning with its pointer under `prefix` (see `Problem.under`).
    func under(_ prefix: String) -> RequestWarning {
        guard code != Self.unknownFieldCode, !pointer.hasPrefix(prefix) else { return self }
        return RequestWarning(code: code, message: message, pointer: prefix + pointer)
    }

    /// A comparison's warning, at the part of the recording it is about.
    init(_ warning: Warning<ConformanceWarningCode>) {
        let pointer =
            switch warning.subject {
            case .frames: "/observed/frames"
            case .frame(let index): "/observed/frames/\(index)"
            case .alignment: "/alignment"
            }
        self.init(code: warning.code.rawValue, message: warning.message, pointer: pointer)
    }
}

extension ConformanceEndpoint {
    /// The verdict in one line of text (`loupe check`'s default output): whether it conforms,
    /// how many checks fail and which, and the alignment.
    public static func summary(_ answer: ConformanceAnswer) -> String {
        VerdictSummary.line(answer.verdict)
    }
}
