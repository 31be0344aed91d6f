/// What the application decided for one request, in its one call (`HTTPApplication.handle`).
public enum Handling: Sendable {
    /// The answer, built on the event loop: probes, static files, refusals, cached answers
    /// and work the application knows to be small. A loop answering inline holds every connection
    /// it owns, so this must cost microseconds.
    case answer(HTTPResponse)
    /// Work that grows with the request: run on the compute pool, behind admission control
    /// (the queue and the memory budget); its result is the answer. It carries whatever the
    /// application already decided (route, format, cache key), so nothing is decided twice.
    case compute(@Sendable () -> HTTPResponse)
}
