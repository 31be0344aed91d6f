import LoupeHTTP
import LoupePlanner

/// A configuration problem, reported as one line naming the setting; `loupe` exits 2.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The name the bad value came under: the flag (`--port`) or the environment variable
    /// (`PORT`), whichever was given, so the operator knows which line to fix.
    public var setting: String
    public var message: String

    public var description: String { "invalid configuration: \(setting): \(message)" }
}
