import LoupeHTTP
import LoupePlanner

/// A configuration problem, reported as one line naming the setting; `loupe` exits 2.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible, Sendable {
    public var setting: String
    public var message: String

    public var description: String { "invalid configuration: \(setting): \(message)" }
}
