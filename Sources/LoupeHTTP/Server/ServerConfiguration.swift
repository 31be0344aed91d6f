import CLoupeSystem
#if canImport(Glibc)
    import Glibc
#endif

/// Everything the HTTP server can be told, with production defaults.
///
/// Timeouts are in seconds. Tests shrink them to milliseconds so timeout behaviour is
/// exercised without waiting.
public struct ServerConfiguration: Sendable, Equatable {
    /// Address to bind: a numeric IPv4 or IPv6 address ("::" for both). Default: "0.0.0.0".
    public var host: String
    /// Port to bind; 0 picks a free one (tests). Default: 8080.
    public var port: UInt16
    public var limits: HTTPLimits
    /// Time allowed from a request's first byte to the end of its header section
    /// (defeats slowloris). Default: 10 s.
    public var headerTimeout: Double
    /// How long an idle keep-alive connection is kept. Default: 60 s.
    public var idleTimeout: Double
    /// Longest pause allowed while a request body is arriving. Default: 30 s.
    public var bodyTimeout: Double
    /// Longest a whole request body may take from the end of its head, however steadily it
    /// trickles (the stall timeout alone lets one byte a second hold a slot for ever). Default: 60 s.
    public var bodyDeadline: Double
    /// Slowest average body rate accepted once the first `bodyRateGrace` seconds have passed,
    /// in bytes per second (like Apache's mod_reqtimeout MinRate). Default: 1,024.
    public var minBodyRate: Int
    /// Longest pause allowed while the client is not reading its answer. Default: 30 s.
    public var writeTimeout: Double
    /// Slowest average rate at which a client must read its answers, in bytes per second,
    /// measured over everything written since output began to wait, once the first
    /// `sendRateGrace` seconds have passed: a client that falls below it at any point is
    /// dropped. Default: 16,384 B/s.
    public var minSendRate: Int
    /// Each connection's kernel send buffer (SO_SNDBUF), so a client that reads slowly parks at
    /// most about twice this in the kernel (Linux doubles the value for its bookkeeping), and
    /// what is parked there is charged to `memoryBudget`. 0 leaves the kernel's autotuning,
    /// which lets loopback and fast links queue megabytes per connection. Default: 128 KiB.
    public var sendBufferBytes: Int
    /// Worker threads that compute answers placed on the compute pool. Default: the cores.
    public var computeWorkers: Int
    /// Requests that may wait for a worker; more get 503 with Retry-After. Default: 64.
    public var computeQueue: Int
    /// Bytes that buffered request bodies, queued answers and answers being computed may
    /// hold together; what does not fit gets 503 with Retry-After. Default: 96 MiB.
    public var memoryBudget: Int
    /// Bytes reserved from the budget while one answer is computed: the largest answer the
    /// application can produce. Default: 4 MiB + 64 KiB.
    public var computeReservation: Int
    /// Most connections open at once; beyond it new ones get 503 and are closed. Default: 10,000.
    public var maxConnections: Int
    /// How long in-flight requests get to finish after shutdown begins. Default: 10 s.
    public var shutdownGracePeriod: Double
    /// Event-loop threads; each runs one epoll loop. Default: the number of cores.
    public var eventLoops: Int
    /// Longest, in microseconds, an answer built on a loop may wait while the loop answers the
    /// other requests that arrived in the same pass, so that answers ready together are written
    /// together. Why: each write to an idle client wakes it (on loopback the sender pays for the
    /// wake-up); written back to back, one wake-up serves several answers, and a loaded server
    /// gets through more requests a second. 0 writes every answer at once. Default: 200 µs.
    public var writeCoalescingMicroseconds: Int

    public init(
        host: String = "0.0.0.0", port: UInt16 = 8080, limits: HTTPLimits = HTTPLimits(),
        headerTimeout: Double = 10, idleTimeout: Double = 60, bodyTimeout: Double = 30, writeTimeout: Double = 30,
        maxConnections: Int = 10_000, shutdownGracePeriod: Double = 10, eventLoops: Int = ServerConfiguration.coreCount,
        bodyDeadline: Double = 60, minBodyRate: Int = 1024, minSendRate: Int = 16 * 1024,
        computeWorkers: Int = ServerConfiguration.coreCount, computeQueue: Int = 64, memoryBudget: Int = 96 << 20,
        computeReservation: Int = (4 << 20) + (64 << 10), sendBufferBytes: Int = 128 << 10,
        writeCoalescingMicroseconds: Int = 200
    ) {
        self.host = host
        self.port = port
        self.limits = limits
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.bodyTimeout = bodyTimeout
        self.writeTimeout = writeTimeout
        self.maxConnections = maxConnections
        self.shutdownGracePeriod = shutdownGracePeriod
        self.eventLoops = eventLoops
        self.bodyDeadline = bodyDeadline
        self.minBodyRate = minBodyRate
        self.minSendRate = minSendRate
        self.computeWorkers = computeWorkers
        self.computeQueue = computeQueue
        self.memoryBudget = memoryBudget
        self.computeReservation = computeReservation
        self.sendBufferBytes = sendBufferBytes
        self.writeCoalescingMicroseconds = writeCoalescingMicroseconds
    }

    /// Seconds of a body's arrival during which `minBodyRate` is not yet applied: a slow
    /// start (TCP slow start, a mobile radio waking) is not a slow client.
    var bodyRateGrace: Double { min(5, bodyDeadline / 2) }

    /// Seconds of an answer's download during which `minSendRate` is not yet applied (a slow
    /// start, a window opening); a client that reads nothing is dropped by `writeTimeout`.
    var sendRateGrace: Double { min(5, writeTimeout) }

    /// The most a connection's kernel send queue holds: Linux doubles SO_SNDBUF for its own
    /// bookkeeping, and the data queued stays under that. Without a cap, the kernel's largest
    /// autotuned buffer (4 MiB by default).
    var kernelSendQueueBytes: Int { sendBufferBytes > 0 ? 2 * sendBufferBytes : 4 << 20 }

    /// What one answer computed on the pool reserves from the budget: the largest answer and
    /// the kernel's share of it while it is written (`ConnectionOutput.kernelCharge`).
    public var answerReservation: Int { computeReservation + kernelSendQueueBytes }

    /// Whether `host` can be bound: a numeric IPv4 or IPv6 address. Names are refused rather
    /// than resolved (see `host`).
    public static func isBindableHost(_ host: String) -> Bool {
        Socket.isAddressLiteral(host)
    }

    /// The cores this process can use: its CPU affinity, further limited by a cgroup CPU
    /// quota (a Kubernetes CPU limit), so a pod on a 64-core node with a 2-CPU limit runs
    /// 2 loops, not 64.
    public static var coreCount: Int {
        let affinity = max(1, loupe_core_count())
        guard let quota = cgroupCPUQuota(Self.readFile("/sys/fs/cgroup/cpu.max")) else { return affinity }
        return max(1, min(affinity, quota))
    }

    /// Cores allowed by a cgroup v2 `cpu.max` line ("200000 100000" → 2, rounded up;
    /// "max 100000" → nil, no quota).
    static func cgroupCPUQuota(_ text: String?) -> Int? {
        guard let text else { return nil }
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count >= 2, let quota = Double(fields[0]), let period = Double(fields[1]), quota > 0, period > 0 else {
            return nil
        }
        return Int((quota / period).rounded(.up))
    }

    private static func readFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// How often loops look for expired deadlines: fine enough for the shortest timeout.
    var sweepInterval: Double {
        let shortest = [headerTimeout, idleTimeout, bodyTimeout, writeTimeout, bodyDeadline].min() ?? 1
        return min(0.25, max(0.005, shortest / 5))
    }
}
