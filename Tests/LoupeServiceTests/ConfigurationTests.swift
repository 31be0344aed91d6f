import Glibc
import LoupeHTTP
import LoupeTestSupport
@testable import LoupeService
import Testing

@Suite("Service configuration")
struct ConfigurationTests {
    @Test("defaults just work: 0.0.0.0:8080, 1 MiB bodies, 10,000 connections, 10 s grace")
    func defaults() throws {
        let configuration = try ServiceConfiguration.parse(arguments: [], environment: [:])
        #expect(configuration.server.host == "0.0.0.0")
        #expect(configuration.server.port == 8080)
        #expect(configuration.server.limits.maxBodyBytes == 1 << 20)
        #expect(configuration.server.maxConnections == 10_000)
        #expect(configuration.server.headerTimeout == 10)
        #expect(configuration.server.idleTimeout == 60)
        #expect(configuration.server.shutdownGracePeriod == 10)
        #expect(configuration.corsOrigins == ["*"])
        #expect(configuration.apiKeys.isEmpty)
        #expect(configuration.logLevel == .info)
    }

    @Test("environment variables set values, and flags win over them")
    func flagsWinOverEnvironment() throws {
        let environment = ["PORT": "9000", "LOUPE_HOST": "::", "LOUPE_API_KEYS": "a, b,,c", "LOUPE_CORS_ORIGINS": "https://x.test"]
        let fromEnvironment = try ServiceConfiguration.parse(arguments: [], environment: environment)
        #expect(fromEnvironment.server.port == 9000)
        #expect(fromEnvironment.server.host == "::")
        #expect(fromEnvironment.apiKeys == ["a", "b", "c"])
        #expect(fromEnvironment.corsOrigins == ["https://x.test"])
        let withFlags = try ServiceConfiguration.parse(arguments: ["--port", "9100", "--host=127.0.0.1"], environment: environment)
        #expect(withFlags.server.port == 9100)
        #expect(withFlags.server.host == "127.0.0.1")
    }

    @Test(
        "an --api-keys value that names no key is refused, not read as an open API",
        arguments: [
            (["--api-keys", ","], [String: String](), "--api-keys"),
            (["--api-keys= , "], [:], "--api-keys"),
            (["--api-keys", " "], [:], "--api-keys"),
            ([], ["LOUPE_API_KEYS": ","], "LOUPE_API_KEYS"),
            ([], ["LOUPE_API_KEYS": ",,"], "LOUPE_API_KEYS")
        ])
    func apiKeysWithoutAKey_areRefused(arguments: [String], environment: [String: String], named: String) {
        let error = #expect(throws: ConfigurationError.self) {
            try ServiceConfiguration.parse(arguments: arguments, environment: environment)
        }
        #expect(error?.setting == named)
    }

    /// Issue 34 §6: `PORT=0x10` was reported as "--port: …", a flag nobody had passed.
    @Test(
        "issue 34 §6: a bad environment variable is named as the variable, not as its flag",
        arguments: [
            (["PORT": "0x10"], "PORT"),
            (["LOUPE_HOST": "localhost"], "LOUPE_HOST"),
            (["LOUPE_HEADER_TIMEOUT": "0.000000001"], "LOUPE_HEADER_TIMEOUT"),
            (["LOUPE_LOG_LEVEL": "loud"], "LOUPE_LOG_LEVEL"),
            (["LOUPE_SEND_BUFFER_BYTES": "100"], "LOUPE_SEND_BUFFER_BYTES"),
            (["LOUPE_MEMORY_BUDGET": "1048576"], "LOUPE_MEMORY_BUDGET")
        ])
    func badEnvironmentValue_namesTheVariable(environment: [String: String], variable: String) {
        let error = #expect(throws: ConfigurationError.self) {
            try ServiceConfiguration.parse(arguments: [], environment: environment)
        }
        #expect(error?.setting == variable)
        #expect(error?.description.hasPrefix("invalid configuration: \(variable): ") == true, "\(String(describing: error))")
        #expect(error?.description.contains("--") == false || variable == "LOUPE_MEMORY_BUDGET", "\(String(describing: error))")
    }

    @Test("a bad flag is named as the flag even when its variable is set too, and a flag mends a bad variable")
    func badFlag_overAVariable_namesTheFlag() throws {
        let error = #expect(throws: ConfigurationError.self) {
            try ServiceConfiguration.parse(arguments: ["--port", "0x10"], environment: ["PORT": "80"])
        }
        #expect(error?.setting == "--port")
        #expect(try ServiceConfiguration.parse(arguments: ["--port=81"], environment: ["PORT": "0x10"]).server.port == 81)
    }

    /// Issue 34 §6: `--header-timeout 0.000000001` was accepted, and would answer every request
    /// 408; event loops look for expired deadlines every 5 ms at the finest.
    @Test(
        "issue 34 §6: timeouts are at least 0.01 s",
        arguments: ["--header-timeout", "--idle-timeout", "--body-timeout", "--write-timeout", "--shutdown-grace", "--body-deadline"])
    func timeouts_haveAMinimum(flag: String) throws {
        for tooShort in ["0.000000001", "0.009", "0.0099999", "0"] {
            let error = #expect(throws: ConfigurationError.self, "\(flag) \(tooShort)") {
                try ServiceConfiguration.parse(arguments: [flag, tooShort], environment: [:])
            }
            #expect(error?.setting == flag)
            #expect(error?.message == "must be a number of seconds from 0.01 to 86400, not \"\(tooShort)\"")
        }
        for fine in ["0.01", "0.010", "0.25", "86400"] {
            #expect(throws: Never.self, "\(flag) \(fine)") { try ServiceConfiguration.parse(arguments: [flag, fine], environment: [:]) }
        }
        #expect(Setting.shortestTimeout == 0.01)
        #expect(try ServiceConfiguration.parse(arguments: ["--shutdown-drain-delay", "0"], environment: [:]).shutdownDrainDelay == 0)
    }

    @Test("an empty --api-keys value leaves the API open")
    func emptyAPIKeys_leaveTheAPIOpen() throws {
        #expect(try ServiceConfiguration.parse(arguments: ["--api-keys", ""], environment: [:]).apiKeys.isEmpty)
        #expect(try ServiceConfiguration.parse(arguments: [], environment: ["LOUPE_API_KEYS": ""]).apiKeys.isEmpty)
        #expect(try ServiceConfiguration.parse(arguments: ["--api-keys", " k1 ,"], environment: [:]).apiKeys == ["k1"])
    }

    @Test("numbers are decimal digits, with a fraction for seconds; hosts are IPv4 or IPv6 literals")
    func numbersAndHosts_parseOneSyntax() throws {
        let parsed = try ServiceConfiguration.parse(
            arguments: ["--idle-timeout", "0.25", "--port", "0080", "--shutdown-drain-delay", "0", "--send-buffer-bytes", "0"],
            environment: [:])
        #expect(parsed.server.idleTimeout == 0.25 && parsed.server.port == 80 && parsed.shutdownDrainDelay == 0)
        #expect(parsed.server.sendBufferBytes == 0)
        #expect(try ServiceConfiguration.parse(arguments: [], environment: [:]).server.sendBufferBytes == 128 << 10)
        #expect(try ServiceConfiguration.parse(arguments: [], environment: [:]).server.writeCoalescingMicroseconds == 200)
        #expect(
            try ServiceConfiguration.parse(arguments: [], environment: ["LOUPE_WRITE_COALESCING_US": "0"]).server
                .writeCoalescingMicroseconds == 0)
        #expect(throws: ConfigurationError.self) {
            try ServiceConfiguration.parse(arguments: ["--write-coalescing-us", "10001"], environment: [:])
        }
        for host in ["0.0.0.0", "127.0.0.1", "::", "::1", "fe80::1", "::ffff:10.0.0.1"] {
            #expect(try ServiceConfiguration.parse(arguments: ["--host", host], environment: [:]).server.host == host)
        }
    }

    @Test("every setting has a flag, an environment variable and a default in the table")
    func settingsTable_isComplete() {
        let flags = Setting.all.map(\.flag)
        #expect(Set(flags).count == flags.count)
        for setting in Setting.all {
            #expect(setting.flag.hasPrefix("--"))
            #expect(!setting.environment.isEmpty)
            #expect(!setting.summary.isEmpty)
        }
    }

    @Test(
        "bad values are refused with the setting's name",
        arguments: [
            (["--port", "-1"], "--port"),
            (["--max-body-bytes", "0"], "--max-body-bytes"),
            (["--idle-timeout", "nan"], "--idle-timeout"),
            (["--event-loops", "0"], "--event-loops"),
            (["--port"], "--port"),
            (["serve"], "serve"),
            // One number syntax (issue 21 §7): decimal digits, and a fraction for seconds.
            (["--body-timeout", "0x10"], "--body-timeout"),
            (["--idle-timeout", "1e3"], "--idle-timeout"),
            (["--idle-timeout", "+5"], "--idle-timeout"),
            (["--idle-timeout", " 5"], "--idle-timeout"),
            (["--idle-timeout", "5."], "--idle-timeout"),
            (["--idle-timeout", ".5"], "--idle-timeout"),
            (["--idle-timeout", "inf"], "--idle-timeout"),
            (["--port", "0x10"], "--port"),
            (["--port", "1e3"], "--port"),
            (["--port", "+80"], "--port"),
            (["--send-buffer-bytes", "100"], "--send-buffer-bytes"),
            // --host takes an IP literal (issue 21 §6).
            (["--host", "example.com"], "--host"),
            (["--host", "localhost"], "--host"),
            (["--host", ""], "--host"),
            (["--host", "256.1.1.1"], "--host")
        ])
    func badValues_areRefused(arguments: [String], setting: String) {
        #expect(throws: ConfigurationError.self) {
            try ServiceConfiguration.parse(arguments: arguments, environment: [:])
        }
        do {
            _ = try ServiceConfiguration.parse(arguments: arguments, environment: [:])
        } catch {
            #expect(error.setting == setting)
        }
    }
}

@Suite("Log timestamps")
struct LogTimestampTests {
    @Test("timestamps are RFC 3339 UTC with milliseconds")
    func timestamp_isRFC3339() throws {
        let text = Logger.timestamp()
        #expect(text.count == 24)
        let pattern = try Regex(#"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$"#)
        #expect(text.wholeMatch(of: pattern) != nil, "\(text)")
        #expect(text.hasPrefix("20"))
    }

    @Test("the civil date from the day count agrees with gmtime_r, leap days and centuries included")
    func civilDate_matchesGmtime() {
        var generator = SeededGenerator(seed: 20261124)
        let fixed = [-719_468, -1, 0, 59, 60, 365, 10_956, 11_016, 11_017, 20_416, 47_540, 2_932_896]
        let random = (0..<20_000).map { _ in generator.int(in: -800_000...3_000_000) }
        for days in fixed + random {
            var seconds = time_t(days * 86_400)
            var parts = tm()
            gmtime_r(&seconds, &parts)
            let date = Logger.civilDate(daysSinceEpoch: days)
            let expected = (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
            if date != expected {
                Issue.record("day \(days): \(date), gmtime_r says \(expected)")
                return
            }
        }
    }
}
