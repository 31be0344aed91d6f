import LoupeGeometry
import LoupeJSON
import LoupeTimeline
import LoupeWarnings

/// The one place where the timeline engine's errors become a problem, each pointing into the
/// request: `/events/3/touches` for a wrong touch count, `/events/3/touches/1` for a bad point.
extension TimelineError {
    /// Where the error points in a timeline request.
    public var pointer: JSONPointer {
        switch location {
        case .events: JSONPointer(["events"])
        case .event(let index, let field): JSONPointer(["events", String(index), field.rawValue])
        case .touch(let event, let index): JSONPointer(["events", String(event), "touches", String(index)])
        case .scene: JSONPointer()
        case .output: JSONPointer(["animation", "frameRate"])
        }
    }
}

extension TimelineFailure {
    /// Geometry errors answer as they do for a plan (the same fields are at fault); too much
    /// source mixing is `work-limit-exceeded`; too many keyframes is an `invalid-request` about
    /// the frame rate and the events' span; everything else is an `invalid-script` listing every
    /// error.
    public var problem: Problem {
        if errors.count == 1, case .geometry(let error) = errors[0] { return error.problem }
        if let mixing = errors.first(where: { if case .tooMuchSourceMixing = $0 { true } else { false } }) {
            // Work, not a mistake: the script is valid, the server will not spend that much on it.
            return Problem(
                .workLimitExceeded, detail: "\(mixing.message) Send fewer sourceChanged events (one per frame at most) or a lower frame rate.",
                errors: [Problem.FieldError(pointer: mixing.pointer.description, detail: mixing.message)])
        }
        if errors.count == 1, case .tooManyKeyframes = errors[0] {
            let detail = errors[0].message
            return Problem(
                .invalidRequest, detail: detail,
                errors: [
                    Problem.FieldError(pointer: "/animation/frameRate", detail: "\(detail) Lower the frame rate."),
                    Problem.FieldError(pointer: "/events", detail: "\(detail) Shorten the timeline.")
                ])
        }
        let fieldErrors = errors.map { Problem.FieldError(pointer: $0.pointer.description, detail: $0.message) }
        let detail =
            errors.count == 1
            ? "The timeline cannot be played: \(errors[0].message)"
            : "The timeline cannot be played; \(errors.count) problems are listed in errors."
        return Problem(.invalidScript, detail: detail, errors: fieldErrors)
    }
}

extension RequestWarning {
    /// The warning for something the script does, pointing at the event it is about, or at the
    /// option it is about (`/options/spreadToOpen`).
    public init(_ warning: Warning<TimelineWarningCode>) {
        let pointer =
            switch warning.subject {
            case .event(let index): JSONPointer(["events", String(index)])
            case .option(let name): JSONPointer(["options", name])
            }
        self.init(code: warning.code.rawValue, message: warning.message, pointer: pointer.description)
    }
}
