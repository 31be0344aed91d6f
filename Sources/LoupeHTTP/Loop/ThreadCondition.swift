#if canImport(Glibc)
    import Glibc
#endif

/// A mutex and a condition variable (POSIX threads), for the two places where a thread sleeps
/// until another hands it work: the compute pool's workers and the log writer.
///
/// Why not Foundation's `NSCondition`: importing Foundation links ICU's data (about 40 MB) into
/// the static binary, for a lock and a wait. Why not `Synchronization.Mutex`: it has no wait.
public final class ThreadCondition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        // Timed waits measure the monotonic clock, so a wall-clock jump cannot stretch them.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Sleeps until signalled (or spuriously woken: callers wait in a loop on their condition).
    /// Call with the lock held; it is held again on return.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// `wait()` for at most `seconds`; false when the time ran out.
    @discardableResult
    public func wait(seconds: Double) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + Int(seconds * 1e9)
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        return pthread_cond_timedwait(condition, mutex, &deadline) == 0
    }

    public func signal() { pthread_cond_signal(condition) }
    public func broadcast() { pthread_cond_broadcast(condition) }
}
