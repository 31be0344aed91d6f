#if canImport(Glibc)
    import Glibc
#endif

/// Nanoseconds on the monotonic clock: what timeouts and latencies are measured with,
/// because wall-clock time can jump.
public enum MonotonicClock {
    public static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}
