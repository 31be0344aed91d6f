import Foundation

/// The built `loupe` executable, run as a real process (scripts/test builds it before the
/// tests run; it sits next to the test bundle).
enum LoupeExecutable {
    static var url: URL {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return bundleDirectory.appendingPathComponent("loupe")
    }

    /// Runs `loupe` with `arguments` to completion.
    static func run(_ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil) throws -> (
        status: Int32, stdout: Data, stderr: Data
    ) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = environment
        let output = Pipe(), errors = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, out, err)
    }
}

/// A `loupe serve` process on an ephemeral port, for tests of start-up and signals.
final class ServeProcess {
    let process = Process()
    let port: UInt16
    private let output = Pipe()

    init(arguments: [String] = [], environment: [String: String] = [:]) throws {
        process.executableURL = LoupeExecutable.url
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0"] + arguments
        process.environment = environment
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first log line announces the bound port.
        var buffer = Data()
        let deadline = Date().addingTimeInterval(10)
        while !buffer.contains(0x0A), Date() < deadline {
            buffer.append(output.fileHandleForReading.availableData)
        }
        let line = String(decoding: buffer.prefix { $0 != 0x0A }, as: UTF8.self)
        guard let range = line.range(of: "\"port\":\""),
            let port = UInt16(line[range.upperBound...].prefix { $0.isNumber })
        else {
            process.terminate()
            throw ServeProcessError.noListeningLine(line)
        }
        self.port = port
    }

    func signal(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the process to exit; nil if it is still running after `timeout`.
    func waitForExit(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Everything the process logged after its first line.
    func remainingOutput() -> String {
        String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}

enum ServeProcessError: Error {
    case noListeningLine(String)
}
