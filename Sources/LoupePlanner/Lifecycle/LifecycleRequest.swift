import LoupeJSON
import LoupeLifecycle

/// A decoded `POST /v1/lifecycle` body: the engine's script plus the answer's options.
public struct LifecycleRequest: Sendable, Hashable {
    public var script: LifecycleScript
    /// `options.strict`: unknown fields become a 422 instead of warnings. Default false.
    public var strict: Bool
    /// `options.precision`: decimal places for times in the answer; nil = round-trip.
    public var precision: Int?
    public var unknownFields: [UnknownField]

    public init(script: LifecycleScript, strict: Bool = false, precision: Int? = nil, unknownFields: [UnknownField] = []) {
        self.script = script
        self.strict = strict
        self.precision = precision
        self.unknownFields = unknownFields
    }
}
