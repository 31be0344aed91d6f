import LoupeLifecycle

/// A played script and the request it answers: what every rendering of `POST /v1/lifecycle`
/// is written from (the JSON writer and the SVG swimlanes).
public struct LifecycleAnswer: Sendable {
    public var request: LifecycleRequest
    public var result: LifecycleResult
    /// Unknown fields (document order).
    public var warnings: [RequestWarning]

    public init(request: LifecycleRequest, result: LifecycleResult, warnings: [RequestWarning]) {
        self.request = request
        self.result = result
        self.warnings = warnings
    }
}
