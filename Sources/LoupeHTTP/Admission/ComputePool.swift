import CLoupeSystem
import Dispatch

/// Worker threads that run the expensive part of requests (the application's deferred work)
/// away from the event loops, behind a bounded queue.
///
/// Why: a loop that computes a heavy answer inline freezes every connection it owns, probes
/// included. Here the loops only frame bytes; the workers run at a lower scheduling priority,
/// so a loop that has a probe to answer gets a core within a scheduler tick even while every
/// worker is busy. The queue is bounded: when it is full, `submit` refuses and the caller
/// answers 503 with Retry-After (admission control), so a burst costs neither unbounded
/// memory nor unbounded latency.
final class ComputePool: @unchecked Sendable {
    typealias Job = @Sendable () -> Void

    private let condition = ThreadCondition()
    /// A ring buffer of `capacity` slots; `head` is the oldest job.
    private var slots: [Job?]
    private var head = 0
    private var count = 0
    private var stopping = false
    /// Workers waiting on the condition: a job needs a signal (a futex call) only when one is.
    private var idleWorkers = 0
    private let stopped = DispatchGroup()

    /// Jobs refused because the queue was full, since start (read through `refused`).
    private var refusals = 0

    /// - Parameters:
    ///   - workers: threads; each runs one job at a time.
    ///   - queueCapacity: jobs that may wait for a worker; more are refused.
    ///   - niceIncrement: how much lower the workers' priority is than the loops'.
    init(workers: Int, queueCapacity: Int, niceIncrement: Int32 = 10) {
        slots = Array(repeating: nil, count: max(1, queueCapacity))
        for index in 0..<max(1, workers) {
            stopped.enter()
            // Rendering recurses little, but a small secondary-thread stack is tight for deep
            // JSON documents (64 levels of recursive descent): 8 MiB, as the main thread has.
            SystemThread.start(name: "loupe-worker-\(index)", stackSize: 8 << 20) { [self] in
                _ = loupe_lower_thread_priority(niceIncrement)
                work()
                stopped.leave()
            }
        }
    }

    /// Queues `job`; false when the queue is full or the pool is stopping.
    func submit(_ job: @escaping Job) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopping, count < slots.count else {
            refusals += 1
            return false
        }
        slots[(head + count) % slots.count] = job
        count += 1
        if idleWorkers > 0 { condition.signal() }
        return true
    }

    /// Jobs waiting for a worker now.
    var queued: Int {
        condition.lock()
        defer { condition.unlock() }
        return count
    }

    var refused: Int {
        condition.lock()
        defer { condition.unlock() }
        return refusals
    }

    /// Lets the workers finish every queued job, then stops them; blocks until they have.
    func shutdown() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
        stopped.wait()
    }

    private func work() {
        while let job = next() {
            job()
        }
    }

    private func next() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while count == 0 && !stopping {
            idleWorkers += 1
            condition.wait()
            idleWorkers -= 1
        }
        guard count > 0 else { return nil }
        let job = slots[head]
        slots[head] = nil
        head = (head + 1) % slots.count
        count -= 1
        return job
    }
}
