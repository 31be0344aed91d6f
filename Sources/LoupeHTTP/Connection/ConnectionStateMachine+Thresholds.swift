/// The output thresholds a connection's transitions turn on.
extension ConnectionStateMachine {
    /// Output a connection may have queued before no further pipelined request is read from it.
    /// Small, as nginx reads the next request only once the last answer is written: a client
    /// that pipelines and never reads holds one answer here (and what the kernel holds), not one
    /// per request it sent (issue 34 §2). Answers of a few hundred bytes (probes) still go out
    /// together.
    static let pipeliningOutputBytes = 16 * 1024
    /// Growth in a connection's charge no larger than a 503 refusal's (its bytes and the
    /// kernel's share of them): an answer this small may use the budget's refusal headroom, so
    /// /healthz and /readyz still answer while the budget is full of other clients' answers.
    static let refusalSizedBytes = 4 * 1024
}
