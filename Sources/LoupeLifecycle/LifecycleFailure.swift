/// Every error found in a script: all the static ones, or the first simulation error.
public struct LifecycleFailure: Error, Sendable, Hashable {
    public var errors: [LifecycleError]

    public init(errors: [LifecycleError]) {
        self.errors = errors
    }
}
