import LoupeLifecycle

/// Per-item byte costs of each rendering, measured on the examples and on the heaviest
/// accepted requests (see `AnswerSizeTests`, which checks that every estimate stays at or
/// above the real size and within twice it). Numbers print at most 17 significant digits,
/// so a keyframe's size has a firm ceiling; names are counted as they are.
enum AnswerSize {
    /// Fixed part of any answer: envelope, titles, legends.
    static let envelope = 4_096

    /// One keyframe in a plan or timeline.
    static func keyframe(_ format: RenderingFormat) -> Int {
        switch format {
        case .json: 760
        case .css: 900
        case .waapi: 900
        case .svg: 60
        }
    }

    /// One trace entry (a callback, a state or a delegate call), without its names.
    static func traceEntry(_ format: RenderingFormat) -> Int {
        switch format {
        case .json: 140
        case .svg: 420
        case .css, .waapi: 140
        }
    }

    /// One warning or note.
    static let warning = 400

    /// The trace entries' size in `format`: a fixed part each plus its view controller's name
    /// (written once in JSON, twice in SVG: label and tooltip).
    static func trace(_ entries: [TraceEntry], _ format: RenderingFormat) -> Int {
        let perName = format == .svg ? 2 : 1
        var total = entries.count * traceEntry(format)
        for entry in entries { total += entry.viewController.utf8.count * perName }
        return total
    }
}

extension PlanEndpoint {
    public static func estimatedBytes(of answer: PlanAnswer, as format: RenderingFormat) -> Int {
        AnswerSize.envelope + answer.plan.keyframes.count * AnswerSize.keyframe(format)
            + AnswerSize.trace(answer.callbacks, format == .json ? .json : .svg) + answer.warnings.count * AnswerSize.warning
    }
}

extension LifecycleEndpoint {
    public static func estimatedBytes(of answer: LifecycleAnswer, as format: RenderingFormat) -> Int {
        AnswerSize.envelope + AnswerSize.trace(answer.result.trace, format)
            + (answer.result.notes.count + answer.warnings.count) * AnswerSize.warning
    }
}

extension TimelineEndpoint {
    public static func estimatedBytes(of answer: TimelineAnswer, as format: RenderingFormat) -> Int {
        let timeline = answer.timeline
        return AnswerSize.envelope + timeline.keyframes.count * AnswerSize.keyframe(format)
            + AnswerSize.trace(timeline.callbacks, format)
            + (timeline.notes.count + timeline.segments.count + timeline.releases.count + answer.warnings.count) * AnswerSize.warning
    }
}
