import Synchronization

/// The results of a pure, costly computation for its last few distinct inputs, shared by every
/// request: plans that differ only in geometry (the usual case, a grid of sources and one spring)
/// share the parts that do not depend on it, such as the callback trace and the `linear()` easing.
///
/// Bounded by construction: `capacity` entries, replaced oldest first, so the memory is a few
/// values whatever clients send. A lookup scans the entries under a lock; the lock is never held
/// while a value is computed, so two threads missing at once both compute (the same value) and
/// neither waits on the other.
final class RecentResults<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var entries: [(key: Key, value: Value)] = []
        /// The entry the next new result replaces, once the memo is full.
        var next = 0
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        precondition(capacity > 0, "a memo holds at least one result")
        self.capacity = capacity
    }

    /// The value for `key`: remembered, or computed by `compute` and remembered.
    func value<Failure: Error>(for key: Key, compute: () throws(Failure) -> Value) throws(Failure) -> Value {
        let remembered = state.withLock { state in state.entries.first { $0.key == key }?.value }
        if let remembered { return remembered }
        let value = try compute()
        state.withLock { state in
            if state.entries.count < capacity {
                state.entries.append((key, value))
            } else {
                state.entries[state.next] = (key, value)
                state.next = (state.next + 1) % capacity
            }
        }
        return value
    }
}
