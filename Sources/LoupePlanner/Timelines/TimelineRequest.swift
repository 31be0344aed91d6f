import LoupeJSON
import LoupeTimeline

/// A decoded `POST /v1/timelines` body: the engine's script plus the answer's options.
public struct TimelineRequest: Sendable, Hashable {
    public var script: TimelineScript
    /// `options.strict`: engine warnings and unknown fields become a 422 instead of warnings.
    /// Default false. The script's own warnings (a gesture that dismissed nothing) are answers
    /// about what the script does, not about the request, so strict mode leaves them alone.
    public var strict: Bool
    /// `options.precision`: decimal places for numbers in the answer; nil = round-trip.
    public var precision: Int?
    public var unknownFields: [UnknownField]

    public init(script: TimelineScript, strict: Bool = false, precision: Int? = nil, unknownFields: [UnknownField] = []) {
        self.script = script
        self.strict = strict
        self.precision = precision
        self.unknownFields = unknownFields
    }
}
