import LoupeHTTP
#if canImport(Glibc)
    import Glibc
#endif

/// Writes log lines to a file descriptor (stdout) from a background thread through a
/// bounded queue.
///
/// An event loop never waits on the log: when stdout is a slow pipe, a full disk or closed,
/// lines are dropped and counted instead of stalling request handling.
public final class LogSink: @unchecked Sendable {
    private let fd: Int32
    private let condition = ThreadCondition()
    private var queue: [UInt8] = []
    /// The batch being written (only the writer thread touches it).
    private var batch: [UInt8] = []
    private var stopped = false
    private let capacity: Int
    private let dropped = Locked(0)
    private let failedWrites = Locked(0)

    /// - Parameter capacity: bytes the queue may hold before new lines are dropped.
    public init(fd: Int32 = STDOUT_FILENO, capacity: Int = 4 * 1024 * 1024) {
        self.fd = fd
        self.capacity = capacity
        SystemThread.start(name: "loupe-log") { [self] in drain() }
    }

    /// Queues one line from borrowed bytes (copied into the queue; a newline is added); never
    /// blocks on I/O.
    public func write(_ line: UnsafeBufferPointer<UInt8>) {
        condition.lock()
        if queue.count + line.count + 1 > capacity {
            condition.unlock()
            dropped.withLock { $0 += 1 }
            return
        }
        // The writer is woken by the first line of a batch only, then gathers lines for
        // `flushInterval` before writing: a wake per line cost a futex call and a context switch
        // per request (a quarter of /healthz's CPU under load), one per batch costs nothing.
        let writerMayBeWaiting = queue.isEmpty
        queue.append(contentsOf: line)
        queue.append(0x0A)
        if writerMayBeWaiting { condition.signal() }
        condition.unlock()
    }

    /// Lines dropped because the queue was full, and writes that failed (EPIPE, ENOSPC...).
    public var droppedLines: Int { dropped.current }
    public var failedWriteCount: Int { failedWrites.current }

    /// Writes out what is queued, then stops the writer (used at shutdown).
    public func close() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
        // Give the writer a moment to empty the queue.
        for _ in 0..<100 {
            condition.lock()
            let empty = queue.isEmpty
            condition.unlock()
            if empty { return }
            usleep(10_000)
        }
    }

    /// How long a line may wait in the queue before it is written.
    static let flushInterval = 0.01
    /// A queue this large is written at once.
    static let batchBytes = 64 * 1024

    private func drain() {
        while true {
            condition.lock()
            while queue.isEmpty && !stopped { condition.wait() }
            if !stopped && queue.count < Self.batchBytes {
                // Gather a few more lines into this batch, unless it is already large.
                condition.wait(seconds: Self.flushInterval)
            }
            if queue.isEmpty && stopped {
                condition.unlock()
                return
            }
            // Swap buffers rather than copy: the queue keeps a buffer of its own (no allocation
            // per batch), and lines queue up while this one is written.
            swap(&queue, &batch)
            condition.unlock()
            writeAll(batch)
            batch.removeAll(keepingCapacity: batch.capacity <= Self.batchBytes * 4)
        }
    }

    private func writeAll(_ batch: [UInt8]) {
        if !FileDescriptor.writeAll(batch, to: fd) { failedWrites.withLock { $0 += 1 } }
    }
}
