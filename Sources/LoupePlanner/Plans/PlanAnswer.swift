import LoupeGeometry
import LoupeLifecycle

/// A computed plan and the request it answers: what every rendering of `POST /v1/plans` is
/// written from (the JSON writer, CSS, WAAPI and the SVG filmstrip).
public struct PlanAnswer: Sendable {
    public var request: PlanRequest
    public var plan: ZoomPlan
    /// The transition's callbacks on the keyframes' clock.
    public var callbacks: [TraceEntry]
    /// Engine warnings, then unknown fields (document order).
    public var warnings: [RequestWarning]

    public init(request: PlanRequest, plan: ZoomPlan, callbacks: [TraceEntry], warnings: [RequestWarning]) {
        self.request = request
        self.plan = plan
        self.callbacks = callbacks
        self.warnings = warnings
    }
}
