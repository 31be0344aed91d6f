/// Which shared resource a `busy` request found full.
public enum BusyReason: String, Sendable, Equatable {
    /// Every worker is busy and the queue in front of them is full.
    case computeQueueFull = "compute-queue-full"
    /// The memory budget cannot hold the request body or its answer.
    case memoryBudget = "memory-budget"
}
