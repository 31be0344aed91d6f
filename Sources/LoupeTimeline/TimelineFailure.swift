import LoupeGeometry
import LoupeLifecycle

/// Every error found in a script: all the static ones, or else the first simulation error.
public struct TimelineFailure: Error, Sendable, Hashable {
    public var errors: [TimelineError]

    public init(errors: [TimelineError]) {
        self.errors = errors
    }
}
