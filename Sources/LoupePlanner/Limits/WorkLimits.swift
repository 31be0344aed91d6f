/// The most work one request may cost, checked before an answer is rendered.
///
/// Why: request bodies are small, but what they ask for is not. A 500-byte timeline that holds
/// a pinch for a minute at 240 frames a second, or a 900 KB lifecycle script asked as SVG,
/// answers with tens of megabytes and seconds of CPU. Each route's engine caps its own work
/// (keyframes, events); this caps the answer, whose size is known per format once the engine
/// has run, so the rendering, which costs the most, is never started for an answer over the
/// limit. The service sets the limit from `--max-answer-bytes`.
public struct WorkLimits: Sendable, Equatable {
    /// Largest answer accepted, in bytes of the negotiated format. Default: 4 MiB.
    public var maxAnswerBytes: Int

    public init(maxAnswerBytes: Int = 4 << 20) {
        self.maxAnswerBytes = maxAnswerBytes
    }

    /// The limits a `loupe` command line uses: the service's defaults.
    public static let standard = WorkLimits()

    /// - Throws: `Problem` 422 `workLimitExceeded` when `work` (of rendering in `format`, or of
    ///   simulating a script) is estimated over `WorkEstimate.requestCeiling`, before it is done.
    ///   `pointer`, when the work follows one field (a timeline's `/events`), is named in
    ///   `errors`.
    public static func check(work: WorkEstimate, of what: String, pointer: String? = nil) throws(Problem) {
        guard work > .requestCeiling else { return }
        let milliseconds = Int((work.microseconds / 1_000).rounded(.up))
        let ceiling = Int(WorkEstimate.requestCeiling.microseconds / 1_000)
        throw Problem(
            .workLimitExceeded,
            detail: """
                \(what) would cost about \(milliseconds) ms of CPU, over the \(ceiling) ms one request may cost. Ask \
                for fewer events, a shorter script, a lower frame rate, a looser easingTolerance or a more compact \
                format.
                """,
            errors: pointer.map { [Problem.FieldError(pointer: $0, detail: "would cost about \(milliseconds) ms of CPU, over \(ceiling) ms")] } ?? [])
    }

    /// - Throws: `Problem` 422 `workLimitExceeded` when `bytes` (an estimate before rendering,
    ///   or the rendered size) is over the limit. `partial`: the estimate is of the answer's first
    ///   part only (an engine stopped as soon as it was over), so the answer would be larger.
    public func check(_ bytes: Int, format: RenderingFormat, estimated: Bool, partial: Bool = false) throws(Problem) {
        guard bytes > maxAnswerBytes else { return }
        let size = partial ? "would be more than \(bytes) bytes" : estimated ? "would be about \(bytes) bytes" : "is \(bytes) bytes"
        throw Problem(
            .workLimitExceeded,
            detail: """
                The \(format.rawValue) answer \(size), over the server's answer limit (max-answer-bytes) of \
                \(maxAnswerBytes) bytes. Ask for fewer events, a shorter script, a lower frame rate or a more \
                compact format.
                """)
    }
}
