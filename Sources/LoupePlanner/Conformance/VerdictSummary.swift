import LoupeConformance
import LoupeRendering

/// A check's figures as one sentence (JUnit failure messages, the command line's text summary,
/// the picture's legend).
enum VerdictSummary {
    static func sentence(_ check: ConformanceCheck) -> String {
        let verdict = check.conforms ? "conforms" : "does not conform"
        let tolerance = check.tolerance.map { " (tolerance \(text($0)))" } ?? ""
        switch check.figures {
        case .errors(let errors):
            return "\(check.name) \(verdict)\(tolerance): rms \(text(errors.rms)), max \(text(errors.max)) at \(text(errors.at)) s"
                + (check.conforms ? "" : ", \(VerdictPointer.frame(errors.frame, errors.quantity))")
        case .times(let expected, let observed, let quantity):
            return "\(check.name) \(verdict)\(tolerance): expected \(seconds(expected)), observed \(seconds(observed)) (\(quantity.rawValue))"
        case .order(let departure):
            guard let departure else { return "callbacks \(verdict): the same order as the trace" }
            let expected = departure.expected.map { "\($0.viewController).\($0.name)" } ?? "nothing"
            let observed = departure.observed.map { "\($0.viewController).\($0.name)" } ?? "nothing"
            return
                "callbacks \(verdict): \(departure.kind.rawValue) at \(VerdictPointer.callback(departure.observedIndex)): expected \(expected), observed \(observed)"
        case .callbackTimes(let timing):
            return
                "\(check.name) \(verdict)\(tolerance): max \(text(timing.max)) s at \(VerdictPointer.callback(timing.observedIndex)) (expected \(text(timing.expected)) s, observed \(text(timing.observed)) s)"
        }
    }

    /// The one line `loupe check` prints by default.
    static func line(_ verdict: Verdict) -> String {
        let failing = verdict.checks.filter { !$0.conforms }
        let offset = "alignment \(verdict.alignment.method.rawValue) \(text(verdict.alignment.offset)) s"
        guard !failing.isEmpty else { return "conforms: \(verdict.checks.count) checks pass (\(offset))" }
        return "does not conform: \(failing.count) of \(verdict.checks.count) checks fail (\(failing.map(\.name).joined(separator: ", "))); \(offset)"
    }

    static func text(_ value: Double) -> String { DecimalText.text(value, places: VerdictWriter.places) }

    private static func seconds(_ value: Double?) -> String { value.map { "\(text($0)) s" } ?? "never" }
}
