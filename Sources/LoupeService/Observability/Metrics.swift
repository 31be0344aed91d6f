import LoupeHTTP
#if canImport(Glibc)
    import Glibc
#endif

/// Request counters and a latency histogram, rendered as Prometheus text exposition
/// (format 0.0.4). Labels are bounded: routes are the fixed route templates (or "other")
/// and methods the known ones (or "other"), so a scanner cannot blow up cardinality.
public final class Metrics: Sendable {
    struct Key: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    struct Histogram {
        var buckets = [Int](repeating: 0, count: Metrics.bucketBounds.count)
        var sum = 0.0
        var count = 0

        mutating func record(_ seconds: Double, bucket: Int?) {
            if let bucket { buckets[bucket] += 1 }
            sum += seconds
            count += 1
        }

        mutating func add(_ other: Histogram) {
            for index in buckets.indices { buckets[index] += other.buckets[index] }
            sum += other.sum
            count += other.count
        }
    }

    /// A stripe's counts: one entry per route label, found by a scan rather than a hash (a
    /// handful of labels, compared as short strings, costs less than hashing one).
    struct Stripe {
        struct RouteSeries {
            var route: String
            var latency: Histogram
            var counts: [(method: String, status: Int, count: Int)] = []
        }

        var series: [RouteSeries] = []

        mutating func record(route: String, method: String, status: Int, seconds: Double, bucket: Int?) {
            let index: Int
            if let existing = series.firstIndex(where: { $0.route == route }) {
                index = existing
            } else {
                series.append(RouteSeries(route: route, latency: Histogram()))
                index = series.count - 1
            }
            // Updated in place: copying the series out and back would copy its arrays each time.
            series[index].latency.record(seconds, bucket: bucket)
            if let countIndex = series[index].counts.firstIndex(where: { $0.status == status && $0.method == method }) {
                series[index].counts[countIndex].count += 1
            } else {
                series[index].counts.append((method, status, 1))
            }
        }
    }

    /// Every stripe's counts, summed by series.
    struct State {
        var requests: [Key: Int] = [:]
        var latency: [String: Histogram] = [:]
    }

    /// Upper bounds of the latency buckets, in seconds.
    static let bucketBounds: [Double] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1]

    /// The method label: the known methods by name, anything else as "other" (a switch, not a
    /// set: this runs for every request).
    static func methodLabel(_ method: String) -> String {
        switch method {
        case "GET", "HEAD", "POST", "QUERY", "PUT", "PATCH", "DELETE", "OPTIONS": return method
        default: return "other"
        }
    }

    /// Counters striped by thread: each event loop and worker mostly takes a lock no other
    /// thread wants, and a scrape sums the stripes (one global lock made every request of
    /// every thread queue on it).
    private let stripes: [Locked<Stripe>] = (0..<8).map { _ in Locked(Stripe()) }

    public init() {}

    func record(route: String, method: String, status: Int, seconds: Double) {
        let method = Self.methodLabel(method)
        let bucket = Self.bucketBounds.firstIndex(where: { seconds <= $0 })
        stripe.withLock { $0.record(route: route, method: method, status: status, seconds: seconds, bucket: bucket) }
    }

    private var stripe: Locked<Stripe> {
        // pthread_t is the thread's control block address; threads' blocks are pages apart.
        let thread: UInt = pthread_self()
        return stripes[Int((thread >> 12) % UInt(stripes.count))]
    }

    /// Every stripe's counts added together.
    private var snapshot: State {
        var total = State()
        for stripe in stripes {
            for series in stripe.current.series {
                for entry in series.counts {
                    total.requests[Key(route: series.route, method: entry.method, status: entry.status), default: 0] += entry.count
                }
                total.latency[series.route, default: Histogram()].add(series.latency)
            }
        }
        return total
    }

    /// The exposition text; series are sorted so scrapes are stable and diffable.
    func render(server: ServerStatistics, cache: AnswerCache.Statistics, ready: Bool, logDropped: Int, version: String) -> String {
        let snapshot = self.snapshot
        var text = ""
        func family(_ name: String, _ type: String, _ help: String) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
        }
        family("loupe_http_requests_total", "counter", "Requests answered, by route, method and status.")
        for (key, count) in snapshot.requests.sorted(by: {
            ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status)
        }) {
            text += "loupe_http_requests_total{route=\"\(key.route)\",method=\"\(key.method)\",status=\"\(key.status)\"} \(count)\n"
        }
        family("loupe_http_request_duration_seconds", "histogram", "Time from a request's first byte to its response being queued.")
        for (route, histogram) in snapshot.latency.sorted(by: { $0.key < $1.key }) {
            var cumulative = 0
            for (index, bound) in Self.bucketBounds.enumerated() {
                cumulative += histogram.buckets[index]
                text += "loupe_http_request_duration_seconds_bucket{route=\"\(route)\",le=\"\(bound)\"} \(cumulative)\n"
            }
            text += "loupe_http_request_duration_seconds_bucket{route=\"\(route)\",le=\"+Inf\"} \(histogram.count)\n"
            text += "loupe_http_request_duration_seconds_sum{route=\"\(route)\"} \(histogram.sum)\n"
            text += "loupe_http_request_duration_seconds_count{route=\"\(route)\"} \(histogram.count)\n"
        }
        func single(_ name: String, _ type: String, _ help: String, _ value: Int) {
            family(name, type, help)
            text += "\(name) \(value)\n"
        }
        single("loupe_http_open_connections", "gauge", "Client connections open now.", server.openConnections)
        single("loupe_http_connections_accepted_total", "counter", "Connections accepted.", server.acceptedConnections)
        single(
            "loupe_http_connections_rejected_total", "counter",
            "Connections refused with 503 at the connection cap or during shutdown.", server.rejectedConnections)
        single("loupe_http_received_bytes_total", "counter", "Bytes read from clients.", server.bytesIn)
        single("loupe_http_sent_bytes_total", "counter", "Bytes written to clients.", server.bytesOut)
        single("loupe_compute_queued_requests", "gauge", "/v1 requests waiting for a compute worker now.", server.computeQueued)
        single(
            "loupe_compute_rejected_total", "counter",
            "/v1 requests answered 503 because the compute queue was full.", server.computeRefused)
        single(
            "loupe_memory_budget_bytes", "gauge", "Bytes charged to the memory budget now (bodies, answers, reservations).",
            server.memoryInUse)
        single(
            "loupe_memory_budget_peak_bytes", "gauge", "The most bytes ever charged to the memory budget at once: never above its limit.",
            server.memoryPeak)
        single("loupe_memory_budget_limit_bytes", "gauge", "The memory budget's limit (--memory-budget).", server.memoryLimit)
        single(
            "loupe_memory_budget_rejected_total", "counter",
            "Requests answered 503 because the memory budget could not hold their body or answer.", server.memoryRefused)
        single(
            "loupe_memory_budget_resets_total", "counter",
            "Connections reset unanswered because not even a 503 fit in the memory budget.", server.resetForMemory)
        single(
            "loupe_http_orphans_reset_total", "counter",
            "Closing connections reset because the peer stopped acknowledging their last bytes for the write timeout.", server.orphansReset)
        single(
            "loupe_http_illegal_moves_total", "counter",
            "Connections reset because an event came in a state it cannot come in (a bug: 0 in a healthy server).", server.illegalMoves)
        single("loupe_answer_cache_hits_total", "counter", "/v1 requests answered from the answer cache.", cache.hits)
        single("loupe_answer_cache_misses_total", "counter", "/v1 requests whose answer was not cached.", cache.misses)
        single("loupe_answer_cache_evictions_total", "counter", "Answers evicted from the cache to make room.", cache.evictions)
        single(
            "loupe_answer_cache_collisions_total", "counter",
            "Look-ups whose key was cached for a different request (answered as misses).", cache.collisions)
        single("loupe_answer_cache_bytes", "gauge", "Bytes the answer cache holds now.", cache.bytes)
        single("loupe_answer_cache_entries", "gauge", "Answers the cache holds now.", cache.entries)
        single("loupe_log_lines_dropped_total", "counter", "Log lines dropped because the log output could not keep up.", logDropped)
        single("loupe_ready", "gauge", "1 while the instance accepts traffic, 0 while it shuts down.", ready ? 1 : 0)
        family("loupe_build_info", "gauge", "Always 1; the labels describe the build.")
        text += "loupe_build_info{version=\"\(version)\"} 1\n"
        return text
    }
}
