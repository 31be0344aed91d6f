/// A request the transport turns away itself, before or instead of asking the application:
/// it could not be framed, did not arrive in time, or found no room. The application only
/// spells its answer (`HTTPApplication.answer(_:context:)`); its problem type is the transport's.
public enum TransportRefusal: Sendable, Equatable {
    /// The request could not be framed (4xx/5xx from `HTTPParseError.status`).
    case malformed(HTTPParseError)
    /// The header section or body did not arrive in time (408).
    case timedOut
    /// The server is at its connection cap (503).
    case overCapacity
    /// The server has no room for this request now: the compute queue is full or the memory
    /// budget cannot hold its body or answer (503 with Retry-After).
    case busy(BusyReason)

    /// The status its problem type has (`TransportProblem`: one table for every refusal).
    public var status: HTTPStatus { problem.status }
}

extension TransportRefusal {
    /// The refusal's problem type.
    public var problem: TransportProblem {
        switch self {
        case .malformed(let error): error.problem
        case .timedOut: .requestTimeout
        case .overCapacity: .overCapacity
        case .busy: .serverBusy
        }
    }

    /// The problem's `detail`: what happened to this request.
    public var detail: String {
        switch self {
        case .malformed(let error):
            let text = String(describing: error)
            return text.prefix(1).uppercased() + text.dropFirst() + "."
        case .timedOut: return "The request was not received completely within the server's timeout."
        case .overCapacity: return "The server has reached its connection limit; retry shortly."
        case .busy(.computeQueueFull): return "Every worker is busy and the queue in front of them is full; retry after the time in Retry-After."
        case .busy(.memoryBudget):
            return "The server's memory budget cannot hold this request and its answer now; retry after the time in Retry-After."
        }
    }
}
