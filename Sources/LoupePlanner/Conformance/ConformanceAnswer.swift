import LoupeConformance

/// Everything the conformance renderings need: the request (its recording, for the picture)
/// and the verdict, with the warnings in the API's terms.
public struct ConformanceAnswer: Sendable {
    public var request: ConformanceRequest
    public var verdict: Verdict
    /// The expected side's warnings (pointers under `/expected/…`), then the comparison's own.
    public var warnings: [RequestWarning]
    /// The comparison's estimated CPU, as checked against the ceiling before judging (the
    /// expected side's own cost is its route's): what `loupe-bench --conformance` times it against.
    public var comparisonWork: WorkEstimate

    public init(request: ConformanceRequest, verdict: Verdict, warnings: [RequestWarning], comparisonWork: WorkEstimate) {
        self.request = request
        self.verdict = verdict
        self.warnings = warnings
        self.comparisonWork = comparisonWork
    }
}
