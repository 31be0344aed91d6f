import LoupeTimeline

/// A computed timeline and the request it answers: what `POST /v1/timelines` is written from.
public struct TimelineAnswer: Sendable {
    public var request: TimelineRequest
    public var timeline: Timeline
    /// Engine warnings, the script's warnings (by event), then unknown fields.
    public var warnings: [RequestWarning]

    public init(request: TimelineRequest, timeline: Timeline, warnings: [RequestWarning]) {
        self.request = request
        self.timeline = timeline
        self.warnings = warnings
    }
}
