/// Where one connection is in its life: the state its `ConnectionStateMachine` holds.
/// docs/architecture.md ("A connection's life") draws the states and the moves between them.
///
/// Output waiting to be written is not a state: answers go out while the next pipelined request
/// is read, in every state that reads.
enum ConnectionState: Equatable, Sendable {
    /// Open between requests: no byte of the next one has arrived. The idle timeout runs.
    case idle
    /// Part of a request's head has arrived. The header timeout runs from its first byte.
    case readingHead(RequestArrival)
    /// The head is complete and the body is arriving. The body's stall timeout, its deadline and
    /// the minimum body rate run from the end of the head.
    case readingBody(RequestArrival, body: BodyArrival)
    /// A complete request is with the application (`Answerer.handle`, on the loop): its answer
    /// is queued now, or its work goes to the compute pool.
    case answering
    /// A request is on the compute pool. Nothing more is parsed until its answer is queued,
    /// which keeps pipelined answers in order.
    case awaitingAnswer
    /// More than `pipeliningOutputBytes` of answers wait to be written: no further request is
    /// read until they drain below it, so a client that pipelines and never reads holds one
    /// answer, not one per request it sent.
    case writing
    /// The connection's last answer is queued (`Connection: close`, a refusal, or a peer that
    /// has closed): nothing more is read. Once the answer is written, FIN is sent and the
    /// connection lingers, or, when the peer has closed already, waits for acknowledgement.
    case closing(peerClosed: Bool)
    /// Lingering close: FIN has been sent after the last answer, and whatever the peer still
    /// sends is discarded until it closes, so the kernel does not answer those bytes with a
    /// reset that destroys the answer. It ends after the linger time once the peer has
    /// acknowledged everything.
    case lingering(since: UInt64)
    /// The peer has closed as well: the connection waits, charged, until the kernel's queue is
    /// acknowledged (closed earlier, the socket would be left to the kernel as an orphan), and
    /// is reset if the peer stops acknowledging for the write timeout.
    case awaitingAcknowledgement
    /// Closed or reset: its charge is given back and nothing refers to it any more.
    case closed
}

/// The request being read: what its timers and its access-log record measure.
struct RequestArrival: Equatable, Sendable {
    /// When its first byte arrived (monotonic ns).
    var startedAt: UInt64
    /// Its bytes consumed so far: its size on the wire once it is complete.
    var bytes: Int
}

/// The body being read: where the body deadline and the minimum body rate start.
struct BodyArrival: Equatable, Sendable {
    /// When the head was complete (monotonic ns).
    var startedAt: UInt64
    /// The request's bytes consumed by then (its head).
    var bytesBefore: Int
}

/// Output that waits to be written: the minimum send rate is a rolling rate over it.
struct SendProgress: Equatable, Sendable {
    /// When output began to wait (monotonic ns).
    var since: UInt64
    /// Bytes written since.
    var sent = 0
}
