/// The deadlines and minimum rates a connection is held to (`ConnectionStateMachine.timerFired`),
/// from `ServerConfiguration`, in nanoseconds where they are durations.
struct ConnectionTimeouts: Sendable {
    /// From a request's first byte to the end of its head.
    var header: UInt64
    /// An idle keep-alive connection's life.
    var idle: UInt64
    /// The longest pause while a body arrives.
    var body: UInt64
    /// The longest pause while the client is not reading its answers (or acknowledging them).
    var write: UInt64
    /// The longest a whole body may take from the end of its head, in seconds.
    var bodyDeadline: Double
    /// The slowest body rate (bytes a second) once `bodyRateGrace` seconds have passed.
    var minBodyRate: Int
    var bodyRateGrace: Double
    /// The slowest rate (bytes a second) at which answers must be read once `sendRateGrace`
    /// seconds have passed since output began to wait.
    var minSendRate: Int
    var sendRateGrace: Double
    /// How long a lingering connection keeps discarding the peer's bytes once its last answer
    /// is acknowledged: the header timeout, between 0.1 s and 2 s.
    var linger: UInt64
    /// During shutdown, how long a connection must have been idle before it is closed unasked:
    /// a client about to reuse it has had time to send its request.
    static let drainIdle: UInt64 = 1_000_000_000
    /// The longest a lingering connection waits for the peer to close.
    static let maxLinger: UInt64 = 2_000_000_000

    init(_ configuration: ServerConfiguration) {
        header = Self.nanoseconds(configuration.headerTimeout)
        idle = Self.nanoseconds(configuration.idleTimeout)
        body = Self.nanoseconds(configuration.bodyTimeout)
        write = Self.nanoseconds(configuration.writeTimeout)
        bodyDeadline = configuration.bodyDeadline
        minBodyRate = configuration.minBodyRate
        bodyRateGrace = configuration.bodyRateGrace
        minSendRate = configuration.minSendRate
        sendRateGrace = configuration.sendRateGrace
        linger = min(Self.maxLinger, max(header, 100_000_000))
    }

    private static func nanoseconds(_ seconds: Double) -> UInt64 { UInt64(seconds * 1e9) }
}
