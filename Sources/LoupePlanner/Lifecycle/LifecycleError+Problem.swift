import LoupeJSON
import LoupeLifecycle

/// The one place where the lifecycle engine's errors become a problem: 422 `invalidScript`,
/// every error with a pointer into the request (`.event(3, .viewController)` →
/// `/events/3/viewController`).
extension LifecycleError {
    /// Where the error points in a lifecycle request. Durations come from `animation.spring`.
    public var pointer: JSONPointer {
        switch location {
        case .stack: JSONPointer(["stack"])
        case .stackEntry(let index): JSONPointer(["stack", String(index)])
        case .presentedEntry(let index): JSONPointer(["presented", String(index), "viewController"])
        case .events: JSONPointer(["events"])
        case .event(let index, let field): JSONPointer(["events", String(index), field.rawValue])
        case .timing: JSONPointer(["animation", "spring"])
        }
    }
}

extension LifecycleFailure {
    public var problem: Problem {
        let errors = errors.map { Problem.FieldError(pointer: $0.pointer.description, detail: $0.message) }
        let detail =
            errors.count == 1
            ? "The script cannot be played: \(self.errors[0].message)"
            : "The script cannot be played; \(errors.count) problems are listed in errors."
        return Problem(.invalidScript, detail: detail, errors: errors)
    }
}
