/// What a connection waits for, and what it holds while it waits.
extension ConnectionStateMachine {
    /// Waiting for the peer: reading in the states that read, not in the others.
    var waiting: WaitAction {
        switch state {
        case .idle, .readingHead, .readingBody, .lingering: .read
        case .awaitingAcknowledgement: .awaitAcknowledgement
        default: .hold
        }
    }

    /// Whether what the peer sends is thrown away unread (a lingering close).
    var discardsInput: Bool {
        switch state {
        case .lingering, .awaitingAcknowledgement, .closed: true
        default: false
        }
    }

    /// Nothing of any request is buffered, owed or being answered.
    var isIdle: Bool { state == .idle && output.pending == 0 }

    /// How long since the connection last read or wrote.
    func idleFor(now: UInt64) -> UInt64 { now &- max(lastReadAt, output.lastWriteAt) }

    /// Bytes the connection holds now, the kernel's share included: what the budget charges it.
    var heldBytes: Int { input.heldBytes + output.heldBytes }
}
