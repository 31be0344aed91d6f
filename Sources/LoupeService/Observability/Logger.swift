import Foundation
import Glibc
import LoupeHTTP
import LoupeJSON
#if canImport(Glibc)
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

    /// The access-log line of one exchange. Member names are encoded once (`AccessKeys`): this
    /// runs for every request.
    public func access(_ record: ExchangeRecord) {
        guard level <= .info else { return }
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.key(AccessKeys.time); writer.string(Self.timestamp())
        writer.key(AccessKeys.level); writer.string("info")
        writer.key(AccessKeys.msg); writer.string("request")
        writer.key(AccessKeys.requestId); writer.string(record.requestID)
        writer.key(AccessKeys.method); writer.string(record.method)
        writer.key(AccessKeys.path); writer.string(record.path)
        writer.key(AccessKeys.status); writer.int(record.status)
        writer.key(AccessKeys.bytesIn); writer.int(record.bytesIn)
        writer.key(AccessKeys.bytesOut); writer.int(record.bytesOut)
        writer.key(AccessKeys.micros); writer.int(record.microseconds)
        writer.key(AccessKeys.peer); writer.string(record.peer)
        writer.endObject()
        sink.write(writer.bytes)
    }

    private enum AccessKeys {
        static let time = JSONKey("time")
        static let level = JSONKey("level")
        static let msg = JSONKey("msg")
        static let requestId = JSONKey("requestId")
        static let method = JSONKey("method")
        static let path = JSONKey("path")
        static let status = JSONKey("status")
        static let bytesIn = JSONKey("bytesIn")
        static let bytesOut = JSONKey("bytesOut")
        static let micros = JSONKey("micros")
        static let peer = JSONKey("peer")
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

    /// RFC 3339 UTC with milliseconds, "2026-11-22T00:10:50.123Z", formatted into bytes
    /// without intermediate strings: every access-log line carries one.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var bytes = [UInt8](repeating: 0, count: 24)
        func put(_ value: Int, _ width: Int, at offset: Int) {
            var value = value
            for position in stride(from: offset + width - 1, through: offset, by: -1) {
                bytes[position] = UInt8(48 + value % 10)
                value /= 10
            }
        }
        put(Int(parts.tm_year) + 1900, 4, at: 0)
        bytes[4] = UInt8(ascii: "-")
        put(Int(parts.tm_mon) + 1, 2, at: 5)
        bytes[7] = UInt8(ascii: "-")
        put(Int(parts.tm_mday), 2, at: 8)
        bytes[10] = UInt8(ascii: "T")
        put(Int(parts.tm_hour), 2, at: 11)
        bytes[13] = UInt8(ascii: ":")
        put(Int(parts.tm_min), 2, at: 14)
        bytes[16] = UInt8(ascii: ":")
        put(Int(parts.tm_sec), 2, at: 17)
        bytes[19] = UInt8(ascii: ".")
        put(now.tv_nsec / 1_000_000, 3, at: 20)
        bytes[23] = UInt8(ascii: "Z")
        return String(decoding: bytes, as: UTF8.self)
    }
}
