/// What each event of a `ConnectionStateMachine` may be followed by: one small type per event
/// (as Hummingbird's connection handler has), so an event's signature says which actions follow
/// it, and a reader of `bytesRead` sees it can never close or reset. The loop turns each into
/// the one instruction it carries out (`ConnectionAction`, through `next`).

/// What follows framing: bytes read, output drained or blocked. The next request's answer, a
/// screening or a refusal, a write, the FIN of a closing connection, or a wait.
enum FramingAction: Equatable, Sendable {
    case answer(HTTPRequest, RequestArrival, mayKeepAlive: Bool)
    case screen(HTTPRequest, RequestArrival)
    case refuse(TransportRefusal, RequestArrival?)
    case write
    case sendFIN
    case read
    case hold
    case awaitAcknowledgement

    init(_ wait: WaitAction) {
        switch wait {
        case .read: self = .read
        case .hold: self = .hold
        case .awaitAcknowledgement: self = .awaitAcknowledgement
        }
    }

    var next: ConnectionAction {
        switch self {
        case .answer(let request, let arrival, let mayKeepAlive): .answer(request, arrival, mayKeepAlive: mayKeepAlive)
        case .screen(let head, let arrival): .screen(head, arrival)
        case .refuse(let refusal, let arrival): .refuse(refusal, arrival)
        case .write: .write
        case .sendFIN: .sendFIN
        case .read: .read
        case .hold: .hold
        case .awaitAcknowledgement: .awaitAcknowledgement
        }
    }
}

/// What a connection waits for (`ConnectionStateMachine.waiting`).
enum WaitAction: Equatable, Sendable {
    case read
    case hold
    case awaitAcknowledgement

    var next: ConnectionAction { FramingAction(self).next }
}

/// What follows an answer given to the connection (`answered`, `handedToPool`, `answerReady`,
/// `screened`, `refused`): framing goes on, or the connection is reset (the answer does not fit
/// the memory budget, or the event was an illegal move).
enum AnswerAction: Equatable, Sendable {
    case framing(FramingAction)
    case reset(ResetReason)

    var next: ConnectionAction {
        switch self {
        case .framing(let framing): framing.next
        case .reset(let reason): .reset(reason)
        }
    }
}

/// What follows the peer's FIN: what framing does with what is left, or, for a connection
/// already closing, a check of what the peer has acknowledged.
enum PeerClosedAction: Equatable, Sendable {
    case framing(FramingAction)
    case checkAcknowledged

    var next: ConnectionAction {
        switch self {
        case .framing(let framing): framing.next
        case .checkAcknowledged: .checkAcknowledged
        }
    }
}

/// What follows our FIN: lingering (reading and discarding), or, when the peer has closed
/// already, a check of what it acknowledged; reset after an illegal move.
enum FINAction: Equatable, Sendable {
    case read
    case checkAcknowledged
    case reset(ResetReason)

    var next: ConnectionAction {
        switch self {
        case .read: .read
        case .checkAcknowledged: .checkAcknowledged
        case .reset(let reason): .reset(reason)
        }
    }
}

/// What a timer that fired does: refuse the request being read (408), or end the connection.
enum TimerAction: Equatable, Sendable {
    case refuse(TransportRefusal, RequestArrival)
    case end(EndAction)

    var next: ConnectionAction {
        switch self {
        case .refuse(let refusal, let arrival): .refuse(refusal, arrival)
        case .end(let end): end.next
        }
    }
}

/// How a connection ends: closed, or reset so that the kernel drops what it holds.
enum EndAction: Equatable, Sendable {
    case close
    case reset(ResetReason)

    var next: ConnectionAction {
        switch self {
        case .close: .close
        case .reset(let reason): .reset(reason)
        }
    }
}
