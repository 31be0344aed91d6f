import CLoupeSystem
#if canImport(Glibc)
    import Glibc
#endif

/// Starts POSIX threads for the server's long-lived loops: event loops, compute workers, the
/// log writer. (Foundation's `Thread` would link ICU into the static binary for this.)
public enum SystemThread {
    /// Runs `body` on a new detached thread named `name` (as `top -H` and crash reports show it).
    /// - Parameter stackSize: bytes of stack; 0 for the system's default.
    public static func start(name: String, stackSize: Int = 0, _ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if stackSize > 0 { pthread_attr_setstacksize(&attributes, stackSize) }
        let box = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, &attributes,
            { context in
                let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
                _ = loupe_name_thread(body.name)
                body.run()
                return nil
            }, box)
        precondition(status == 0, "pthread_create failed: \(status)")
    }

    private final class Body {
        let name: String
        let run: @Sendable () -> Void

        init(name: String, run: @escaping @Sendable () -> Void) {
            self.name = name
            self.run = run
        }
    }
}
