import LoupeHTTP

/// One configurable setting: its flag, its environment variable, its default as text, what
/// it does, and how to apply a value. The table below is the single source for parsing,
/// `--help` and the operations guide.
public struct Setting: Sendable {
    public var flag: String
    public var environment: String
    public var defaultValue: String
    public var summary: String
    let apply: @Sendable (String, inout ServiceConfiguration) throws(ConfigurationError) -> Void

    public static let all: [Setting] = [
        Setting(
            flag: "--host", environment: "LOUPE_HOST", defaultValue: "0.0.0.0",
            summary: "IP address to listen on (IPv4 or IPv6 literal, never a name; \"::\" for both)."
        ) { value, configuration throws(ConfigurationError) in
            guard ServerConfiguration.isBindableHost(value) else {
                throw ConfigurationError(
                    setting: "--host",
                    message: "must be an IPv4 or IPv6 address such as 0.0.0.0, 127.0.0.1, :: or ::1 (names are not resolved), not \"\(value)\"")
            }
            configuration.server.host = value
        },
        Setting(
            flag: "--port", environment: "PORT", defaultValue: "8080",
            summary: "TCP port to listen on (0 picks a free port)."
        ) { value, configuration throws(ConfigurationError) in
            configuration.server.port = UInt16(try integer(value, "--port", 0...65535))
        },
        Setting(
            flag: "--max-body-bytes", environment: "LOUPE_MAX_BODY_BYTES", defaultValue: "1048576",
            summary: "Largest request body accepted; larger ones get 413."
        ) { value, configuration throws(ConfigurationError) in
            configuration.server.limits.maxBodyBytes = try integer(value, "--max-body-bytes", 1...(64 * 1024 * 1024))
        },
        Setting(
            flag: "--max-connections", environment: "LOUPE_MAX_CONNECTIONS", defaultValue: "10000",
            summary: "Most open connections; beyond it new ones get 503."
        ) { value, configuration throws(ConfigurationError) in
            configuration.server.maxConnections = try integer(value, "--max-connections", 1...1_000_000)
        },
        Setting(
            flag: "--header-timeout", environment: "LOUPE_HEADER_TIMEOUT", defaultValue: "10",
            summary: "Seconds a request's header section may take to arrive (408 after)."
        ) { value, configuration throws(ConfigurationError) in
            configuration.server.headerTimeout = try seconds(value, "--header-timeout")
        },
        Setting(
            flag: "--idle-timeout", environment: "LOUPE_IDLE_TIMEOUT", defaultValue: "60",
            summary: "Seconds an idle keep-alive connection is kept open."
        ) { value, configuration throws(ConfigurationError) in
            configuration.server.idleTimeout = try seconds(value, "--idle-timeout")
        },
        Setting(
            flag: "--body-timeout", environment: "LOUPE_BODY_TIMEOUT", defaultValue: "30",
            summary: "Seconds a request body may stall before the request gets 408."
        ) { value, configuration throws(ConfigurationError) in
            configuration.server.bodyTimeout = try seconds(value, "--body-timeout")
        },
        Setting(
            flag: "--write-timeout", environment: "LOUPE_WRITE_TIMEOUT", defaultValue: "30",
            summary: "Seconds a client may stop reading its answer before it is dropped."
        ) { value, configuration throws(ConfigurationError) in
            configuration.server.writeTimeout = try seconds(value, "--write-timeout")
        },
        Setting(
            flag: "--shutdown-grace", environment: "LOUPE_SHUTDOWN_GRACE", defaultValue: "10",
            summary: "Seconds in-flight requests get to finish after SIGTERM."
        ) { value, configuration throws(ConfigurationError) in
            configuration.server.shutdownGracePeriod = try seconds(value, "--shutdown-grace")
        },
        Setting(
            flag: "--shutdown-drain-delay", environment: "LOUPE_SHUTDOWN_DRAIN_DELAY", defaultValue: "0",
            summary: "Seconds /readyz reports 503 after SIGTERM before the listener closes."
        ) { value, configuration throws(ConfigurationError) in
            configuration.shutdownDrainDelay = try seconds(value, "--shutdown-drain-delay", allowZero: true)
        },
        Setting(
            flag: "--event-loops", environment: "LOUPE_EVENT_LOOPS", defaultValue: "cores",
            summary: "Event-loop threads (default: one per core)."
        ) { value, configuration throws(ConfigurationError) in
            configuration.server.eventLoops = value == "cores" ? ServerConfiguration.coreCount : try integer(value, "--event-loops", 1...256)
        },
        Setting(
            flag: "--body-deadline", environment: "LOUPE_BODY_DEADLINE", defaultValue: "60",
            summary: "Seconds a whole request body may take, however steadily it trickles (408 after)."
        ) { value, configuration throws(ConfigurationError) in
            configuration.server.bodyDeadline = try seconds(value, "--body-deadline")
        },
        Setting(
            flag: "--min-body-rate", environment: "LOUPE_MIN_BODY_RATE", defaultValue: "1024",
            summary: "Slowest average body upload in bytes/s after its first 5 s or half the deadline (408 below; 0: off)."
        ) { value, configuration throws(ConfigurationError) in
            configuration.server.minBodyRate = try integer(value, "--min-body-rate", 0...(1 << 30))
        },
        Setting(
            flag: "--min-send-rate", environment: "LOUPE_MIN_SEND_RATE", defaultValue: "16384",
            summary: "Slowest average answer download in bytes/s, over the whole answer after its first 5 s; slower clients are dropped."
        ) { value, configuration throws(ConfigurationError) in
            configuration.server.minSendRate = try integer(value, "--min-send-rate", 1...(1 << 30))
        },
        Setting(
            flag: "--send-buffer-bytes", environment: "LOUPE_SEND_BUFFER_BYTES", defaultValue: "131072",
            summary: "Each connection's kernel send buffer (SO_SNDBUF; 0: the kernel's autotuning); what it holds is charged to the memory budget."
        ) { value, configuration throws(ConfigurationError) in
            let bytes = try integer(value, "--send-buffer-bytes", 0...(64 << 20))
            guard bytes == 0 || bytes >= 4096 else {
                throw ConfigurationError(setting: "--send-buffer-bytes", message: "must be 0 or from 4096 to \(64 << 20), not \"\(value)\"")
            }
            configuration.server.sendBufferBytes = bytes
        },
        Setting(
            flag: "--write-coalescing-us", environment: "LOUPE_WRITE_COALESCING_US", defaultValue: "200",
            summary:
                "Longest an answer waits, in microseconds, for its loop to answer the other requests that arrived with it, so answers ready together are written together (0: each at once)."
        ) { value, configuration throws(ConfigurationError) in
            configuration.server.writeCoalescingMicroseconds = try integer(value, "--write-coalescing-us", 0...10_000)
        },
        Setting(
            flag: "--max-answer-bytes", environment: "LOUPE_MAX_ANSWER_BYTES", defaultValue: "4194304",
            summary: "Largest /v1 answer in any format; larger ones get 422 work-limit-exceeded."
        ) { value, configuration throws(ConfigurationError) in
            configuration.workLimits.maxAnswerBytes = try integer(value, "--max-answer-bytes", 64 * 1024...(256 << 20))
        },
        Setting(
            flag: "--compute-workers", environment: "LOUPE_COMPUTE_WORKERS", defaultValue: "cores",
            summary: "Threads that compute /v1 answers, at a lower priority than the event loops."
        ) { value, configuration throws(ConfigurationError) in
            configuration.server.computeWorkers = value == "cores" ? ServerConfiguration.coreCount : try integer(value, "--compute-workers", 1...256)
        },
        Setting(
            flag: "--compute-queue", environment: "LOUPE_COMPUTE_QUEUE", defaultValue: "64",
            summary: "/v1 requests that may wait for a worker; more get 503 with Retry-After."
        ) { value, configuration throws(ConfigurationError) in
            configuration.server.computeQueue = try integer(value, "--compute-queue", 1...100_000)
        },
        Setting(
            flag: "--memory-budget", environment: "LOUPE_MEMORY_BUDGET", defaultValue: "100663296",
            summary: "Bytes buffered bodies, queued answers and answers being computed may hold together (503 beyond)."
        ) { value, configuration throws(ConfigurationError) in
            configuration.server.memoryBudget = try integer(value, "--memory-budget", (1 << 20)...(1 << 40))
        },
        Setting(
            flag: "--answer-cache-bytes", environment: "LOUPE_ANSWER_CACHE_BYTES", defaultValue: "16777216",
            summary: "Bytes of recent /v1 answers kept to answer repeated requests at once (0: off)."
        ) { value, configuration throws(ConfigurationError) in
            configuration.answerCacheBytes = try integer(value, "--answer-cache-bytes", 0...(1 << 34))
        },
        Setting(
            flag: "--shared-cache-seconds", environment: "LOUPE_SHARED_CACHE_SECONDS", defaultValue: "3600",
            summary:
                "Seconds a shared cache (a CDN, nginx proxy_cache) may reuse a GET or QUERY answer before revalidating it (Cache-Control max-age; 0: revalidate every time)."
        ) { value, configuration throws(ConfigurationError) in
            configuration.sharedCacheSeconds = try integer(value, "--shared-cache-seconds", 0...31_536_000)
        },
        Setting(
            flag: "--max-address-bytes", environment: "LOUPE_MAX_ADDRESS_BYTES", defaultValue: "4096",
            summary:
                "Longest answer address (path, key and query): longer ones are not offered in Content-Location, and a GET of one gets 414."
        ) { value, configuration throws(ConfigurationError) in
            configuration.maxAddressBytes = try integer(value, "--max-address-bytes", 256...AnswerAddress.longestReadable)
        },
        Setting(
            flag: "--max-address-body-bytes", environment: "LOUPE_MAX_ADDRESS_BODY_BYTES", defaultValue: "65536",
            summary:
                "Longest request body an answer address may hold once inflated: longer bodies get no address, and a GET of an address holding more gets 414 (at most --max-body-bytes)."
        ) { value, configuration throws(ConfigurationError) in
            configuration.maxAddressBodyBytes = try integer(value, "--max-address-body-bytes", 1024...(64 << 20))
        },
        Setting(
            flag: "--api-keys", environment: "LOUPE_API_KEYS", defaultValue: "",
            summary: "Comma-separated bearer keys required on /v1/* (empty: open)."
        ) { value, configuration throws(ConfigurationError) in
            configuration.apiKeys = try APIKeys.parseSetting(value)
        },
        Setting(
            flag: "--cors-origins", environment: "LOUPE_CORS_ORIGINS", defaultValue: "*",
            summary: "Comma-separated origins allowed by CORS (\"*\": any)."
        ) { value, configuration throws(ConfigurationError) in
            let origins = value.split(separator: ",").map { String($0.trimmingOptionalWhitespace()) }.filter { !$0.isEmpty }
            configuration.corsOrigins = origins
        },
        Setting(
            flag: "--log-level", environment: "LOUPE_LOG_LEVEL", defaultValue: "info",
            summary: "debug, info, warn, error or off; access logs are info."
        ) { value, configuration throws(ConfigurationError) in
            guard let level = LogLevel(rawValue: value.lowercased()) else {
                throw ConfigurationError(setting: "--log-level", message: "must be one of debug, info, warn, error, off")
            }
            configuration.logLevel = level
        }
    ]

    /// The one syntax of every number setting: decimal digits, and for seconds an optional
    /// fraction after a point (`10`, `0.25`). No sign, exponent, hex, `inf`, `nan` or spaces:
    /// Swift's own parsers take `0x10` as a Double but not as an Int, and a setting should not
    /// depend on which one reads it.
    static func isDecimal(_ text: String, fraction: Bool) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 1 || (fraction && parts.count == 2) else { return false }
        return parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }
    }

    private static func integer(_ text: String, _ name: String, _ range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard isDecimal(text, fraction: false), let value = Int(text), range.contains(value) else {
            throw ConfigurationError(
                setting: name, message: "must be a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
        }
        return value
    }

    /// The shortest timeout, in seconds (issue 34 §6: `--header-timeout 0.000000001` was taken).
    /// Event loops look for expired deadlines at most every 5 ms (`ServerConfiguration`'s sweep
    /// interval), so a shorter timeout could not be kept, only fire up to 5 ms late; at 10 ms the
    /// lateness is at most half the timeout. Anything shorter is a typo (a unit mistaken for
    /// milliseconds) that would answer every request 408.
    public static let shortestTimeout = 0.01

    /// The longest time setting: a day.
    public static let longestSeconds = 86_400.0

    /// Seconds from `shortestTimeout` (or 0 with `allowZero`, for a delay that may be off) to a day.
    private static func seconds(_ text: String, _ name: String, allowZero: Bool = false) throws(ConfigurationError) -> Double {
        let shortest = allowZero ? 0 : shortestTimeout
        guard isDecimal(text, fraction: true), let value = Double(text), value.isFinite, value >= shortest, value <= longestSeconds
        else {
            throw ConfigurationError(
                setting: name,
                message: "must be a number of seconds from \(allowZero ? "0" : "\(shortestTimeout)") to \(Int(longestSeconds)), not \"\(text)\"")
        }
        return value
    }

    /// The settings as a help table, one line each.
    public static var helpText: String {
        all.map { setting in
            let left = "  \(setting.flag) <value>"
            let padded = left + String(repeating: " ", count: max(28, left.count + 2) - left.count)
            let fallback = setting.defaultValue.isEmpty ? "unset" : setting.defaultValue
            return "\(padded)\(setting.summary)\n\(String(repeating: " ", count: 28))env \(setting.environment), default \(fallback)"
        }.joined(separator: "\n")
    }
}
