import Synchronization

/// A value shared between threads behind the standard library's `Mutex`. The server's threads
/// share very little (a readiness flag, counters); this is the one place that sharing happens.
/// A class, so that one instance can be captured by the closures and threads that share it
/// (a `Mutex` itself cannot be copied).
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with exclusive access to the value.
    @discardableResult
    public func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { value in try body(&value) }
    }

    public var current: Value { withLock { $0 } }
}
