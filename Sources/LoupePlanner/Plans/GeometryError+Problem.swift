import LoupeGeometry
import LoupeJSON

/// The one place where the geometry engine's errors become problems, each pointing at the
/// fields a client would change to fix it.
extension GeometryError {
    public var problem: Problem {
        switch self {
        case .zoomAPIUnavailable(let os, let framework):
            return Problem(
                .unsupportedPlatform,
                detail: "\(os.rawValue) has no zoom transition API for \(framework.rawValue) (UIKit on a Mac is \"macCatalyst\").",
                errors: [field(["platform", "os"], "has no zoom transition API; use iOS, iPadOS or macCatalyst")])
        case .invalidSpring(let reason):
            let text = reason == .responseNotPositive ? "the response must be positive" : "the damping ratio must not be negative"
            return invalid("The spring cannot be solved: \(text).", [field(["animation", "spring"], text)])
        case .springNeverSettles:
            return invalid(
                "The spring never settles, so the transition would never end.",
                [field(["animation", "spring"], "never settles; use more damping")])
        case .invalidFrameRate:
            return invalid("The frame rate must be a positive number.", [field(["animation", "frameRate"], "must be positive")])
        case .tooManyKeyframes(let count, let limit):
            let text = "needs \(count) keyframes, more than the limit of \(limit); lower the frame rate or use a faster spring"
            return invalid(
                "The plan would need \(count) keyframes, more than the limit of \(limit).",
                [field(["animation", "frameRate"], text), field(["animation", "spring"], text)])
        case .emptyDestination:
            return invalid("The destination frame has no area.", [field(["destination", "frame"], "must have a width and height above 0")])
        case .emptyContainer:
            return invalid("The container has no area.", [field(["container"], "must have a width and height above 0")])
        case .nonFiniteGeometry:
            return invalid(
                "The numbers are too large: the geometry overflowed.",
                [field([], "produces non-finite geometry; use smaller frames or a gentler spring")])
        }
    }

    private func invalid(_ detail: String, _ errors: [Problem.FieldError]) -> Problem {
        Problem(.invalidRequest, detail: detail, errors: errors)
    }

    private func field(_ tokens: [String], _ detail: String) -> Problem.FieldError {
        Problem.FieldError(pointer: JSONPointer(tokens).description, detail: detail)
    }
}
