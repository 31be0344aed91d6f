import Foundation
import LoupeHTTP
import LoupePlanner
#if canImport(Glibc)
import Glibc
#endif

/// Structured JSON logs, one object per line: easy for people to grep and for log
/// pipelines to parse without configuration.
public struct Logger: Sendable {
    public let level: LogLevel
    public let sink: LogSink

    public init(level: LogLevel, sink: LogSink) {
        self.level = level
        self.sink = sink
    }

    /// The access-log line of one exchange.
    public func access(_ record: ExchangeRecord) {
        guard level <= .info else { return }
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.member("time", Self.timestamp())
        writer.member("level", "info")
        writer.member("msg", "request")
        writer.member("requestId", record.requestID)
        writer.member("method", record.method)
        writer.member("path", record.path)
        writer.member("status", record.status)
        writer.member("bytesIn", record.bytesIn)
        writer.member("bytesOut", record.bytesOut)
        writer.member("micros", record.microseconds)
        writer.member("peer", record.peer)
        writer.endObject()
        sink.write(writer.bytes)
    }

    /// A service event (start, shutdown, errors) with optional string fields.
    public func event(_ eventLevel: LogLevel, _ message: String, _ fields: [(String, String)] = []) {
        guard eventLevel >= level, level != .off else { return }
        var writer = JSONWriter(capacity: 128)
        writer.beginObject()
        writer.member("time", Self.timestamp())
        writer.member("level", eventLevel.rawValue)
        writer.member("msg", message)
        for (key, value) in fields { writer.member(key, value) }
        writer.endObject()
        sink.write(writer.bytes)
    }

    /// RFC 3339 UTC with milliseconds, "2026-11-22T00:10:50.123Z".
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2))T"
            + "\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2)).\(pad(now.tv_nsec / 1_000_000, 3))Z"
    }
}
