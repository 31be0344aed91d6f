import LoupeConformance
import LoupeRendering

/// A verdict as JUnit XML: one `testsuite`, one `testcase` per check, a `failure` with the figures
/// for each that does not conform, so a CI test reporter (Jenkins, GitLab, GitHub Actions'
/// reporters) lists the checks beside a project's own tests. Warnings go to `system-out`.
enum VerdictJUnit {
    static func render(_ answer: ConformanceAnswer) -> String {
        let checks = answer.verdict.checks
        let failures = checks.filter { !$0.conforms }.count
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<testsuites name=\"loupe conformance\" tests=\"\(checks.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        text +=
            "  <testsuite name=\"\(SVGWriter.escape(suiteName(answer.request)))\" tests=\"\(checks.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        for check in checks {
            let name = SVGWriter.escape(check.name)
            if check.conforms {
                text += "    <testcase classname=\"loupe.conformance\" name=\"\(name)\"/>\n"
            } else {
                let sentence = SVGWriter.escape(VerdictSummary.sentence(check))
                text += "    <testcase classname=\"loupe.conformance\" name=\"\(name)\">\n"
                text += "      <failure type=\"conformance\" message=\"\(sentence)\">\(sentence)</failure>\n"
                text += "    </testcase>\n"
            }
        }
        let alignment = answer.verdict.alignment
        var output = "alignment: \(alignment.method.rawValue), offset \(VerdictSummary.text(alignment.offset)) s"
        for warning in answer.warnings { output += "\nwarning \(warning.code) at \(warning.pointer): \(warning.message)" }
        text += "    <system-out>\(SVGWriter.escape(output))</system-out>\n"
        text += "  </testsuite>\n</testsuites>\n"
        return text
    }

    /// `conformance: plan push` and the like: what the recording was compared with.
    static func suiteName(_ request: ConformanceRequest) -> String {
        switch request.expected {
        case .plan(let plan): "conformance: plan \(plan.scene.transition.rawValue)"
        case .timeline: "conformance: timeline"
        case .lifecycle: "conformance: lifecycle"
        }
    }
}
