import LoupeHTTP
import LoupePlanner

/// Everything `loupe serve` can be told. Each setting has a flag and an environment
/// variable (flag wins), listed with its default in `Setting.all`, which also feeds
/// `--help` and docs/operations-reference.md so the three never disagree.
public struct ServiceConfiguration: Sendable, Equatable {
    public var server = ServerConfiguration()
    /// Bearer keys accepted on /v1/*; empty means the API is open.
    public var apiKeys: [String] = []
    /// Origins allowed by CORS; ["*"] allows any.
    public var corsOrigins: [String] = ["*"]
    public var logLevel: LogLevel = .info
    /// After SIGTERM, how long /readyz reports 503 while requests are still served, so a
    /// load balancer stops routing here before the listener closes.
    public var shutdownDrainDelay: Double = 0
    /// Bytes the answer cache may hold (answers and their tags); 0 turns it off.
    public var answerCacheBytes = 16 << 20
    /// Seconds shared caches may reuse a GET or QUERY answer (`Cache-Control: max-age`).
    public var sharedCacheSeconds = 3600
    /// The longest GET address offered (Content-Location) and read, in bytes.
    public var maxAddressBytes = 4096
    /// The longest request body a GET address may hold once inflated, in bytes.
    public var maxAddressBodyBytes = AnswerAddress.defaultMaxBodyBytes
    /// The most work one /v1 request may cost (its answer's size).
    public var workLimits = WorkLimits() {
        didSet { server.computeReservation = Self.reservation(for: workLimits) }
    }

    public init() {
        server.computeReservation = Self.reservation(for: workLimits)
    }

    /// What one computing request reserves from the memory budget: its largest answer and
    /// the answer head around it.
    static func reservation(for limits: WorkLimits) -> Int {
        limits.maxAnswerBytes + 64 * 1024
    }
}

extension ServiceConfiguration {
    /// Reads flags (`--port 9000` or `--port=9000`) over environment variables over defaults.
    ///
    /// - Throws: `ConfigurationError` naming the first invalid or unknown setting as it was given:
    ///   the flag for a flag's value, the environment variable for the variable's (`PORT: …`, not
    ///   `--port: …`), so the message points at the line of the deployment to fix.
    public static func parse(arguments: [String], environment: [String: String]) throws(ConfigurationError) -> ServiceConfiguration {
        // Each setting's value by flag, with the name it was given under.
        var values: [String: (value: String, givenAs: String)] = [:]
        for setting in Setting.all {
            if let value = environment[setting.environment] { values[setting.flag] = (value, setting.environment) }
        }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("--") else {
                throw ConfigurationError(setting: argument, message: "unexpected argument")
            }
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard Setting.all.contains(where: { $0.flag == name }) else {
                throw ConfigurationError(setting: name, message: "unknown option (see loupe serve --help)")
            }
            let value: String
            if let inline {
                value = inline
            } else {
                index += 1
                guard index < arguments.count else { throw ConfigurationError(setting: name, message: "needs a value") }
                value = arguments[index]
            }
            values[name] = (value, name)
            index += 1
        }
        var configuration = ServiceConfiguration()
        for setting in Setting.all {
            if let given = values[setting.flag] {
                do {
                    try setting.apply(given.value, &configuration)
                } catch {
                    throw ConfigurationError(setting: given.givenAs, message: error.message)
                }
            }
        }
        let smallestUsefulBudget = configuration.server.answerReservation + configuration.server.limits.maxBodyBytes
        guard configuration.server.memoryBudget >= smallestUsefulBudget else {
            throw ConfigurationError(
                setting: values["--memory-budget"]?.givenAs ?? "--memory-budget",
                message:
                    "must hold at least one body and one answer (--max-body-bytes + --max-answer-bytes + 64 KiB + 2 × --send-buffer-bytes = \(smallestUsefulBudget))"
            )
        }
        return configuration
    }
}
