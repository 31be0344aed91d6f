#if canImport(Glibc)
    import Glibc
#endif
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

    /// The access-log line of one exchange. Member names are written once (`accessNames`), the
    /// timestamp is formatted into a stack buffer, and the line is copied into the sink's queue
    /// straight from the writer: this runs for every request.
    public func access(_ record: AccessRecord) {
        guard level <= .info else { return }
        let names = Self.accessNames  // one once-check a line, not one a member
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.name(names.time)
        Self.withTimestamp { writer.string(utf8: $0) }
        writer.name(names.level); writer.string("info")
        writer.name(names.msg); writer.string("request")
        writer.name(names.requestId); writer.string(record.requestID)
        writer.name(names.method); writer.string(record.method)
        writer.name(names.path); writer.string(record.path)
        writer.name(names.status); writer.int(record.status)
        writer.name(names.bytesIn); writer.int(record.bytesIn)
        writer.name(names.bytesOut); writer.int(record.bytesOut)
        writer.name(names.micros); writer.int(record.microseconds)
        writer.name(names.peer); writer.string(record.peer)
        writer.endObject()
        writer.withUnsafeBytes { sink.write($0) }
    }

    /// The access line's member names, written once and loaded together.
    private static let accessNames = (
        time: JSONName("time"), level: JSONName("level"), msg: JSONName("msg"), requestId: JSONName("requestId"),
        method: JSONName("method"), path: JSONName("path"), status: JSONName("status"), bytesIn: JSONName("bytesIn"),
        bytesOut: JSONName("bytesOut"), micros: JSONName("micros"), peer: JSONName("peer")
    )

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
        writer.withUnsafeBytes { sink.write($0) }
    }

    /// RFC 3339 UTC with milliseconds, "2026-11-22T00:10:50.123Z".
    static func timestamp() -> String {
        withTimestamp { String(decoding: $0, as: UTF8.self) }
    }

    /// Lends the current time as RFC 3339 UTC with milliseconds, formatted in a stack buffer.
    ///
    /// The date comes from the day count by arithmetic (Howard Hinnant's `civil_from_days`,
    /// "chrono-Compatible Low-Level Date Algorithms",
    /// http://howardhinnant.github.io/date_algorithms.html) rather than `gmtime_r`, which takes
    /// glibc's time-zone lock: every access-log line carries a timestamp, and two event loops
    /// logging at once would wait for each other on it.
    static func withTimestamp<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let seconds = Int(now.tv_sec)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &text) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            func put(_ value: Int, _ width: Int, at offset: Int) {
                var value = UInt(bitPattern: value)  // unsigned: no sign fix-ups in % and /
                for position in stride(from: offset + width - 1, through: offset, by: -1) {
                    bytes[position] = UInt8(truncatingIfNeeded: 48 &+ value % 10)
                    value /= 10
                }
            }
            put(year, 4, at: 0)
            bytes[4] = UInt8(ascii: "-")
            put(month, 2, at: 5)
            bytes[7] = UInt8(ascii: "-")
            put(day, 2, at: 8)
            bytes[10] = UInt8(ascii: "T")
            put(secondOfDay / 3600, 2, at: 11)
            bytes[13] = UInt8(ascii: ":")
            put(secondOfDay / 60 % 60, 2, at: 14)
            bytes[16] = UInt8(ascii: ":")
            put(secondOfDay % 60, 2, at: 17)
            bytes[19] = UInt8(ascii: ".")
            put(Int(now.tv_nsec) / 1_000_000, 3, at: 20)
            bytes[23] = UInt8(ascii: "Z")
            return body(UnsafeBufferPointer(rebasing: bytes[0..<24]))
        }
    }

    /// The proleptic Gregorian (year, month 1-12, day 1-31) of a day count from 1970-01-01.
    static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468  // days from 0000-03-01, so leap days fall at the end of a year
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097  // 0...146096
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365  // 0...399
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // 0...365, from March
        let monthFromMarch = (5 * dayOfYear + 2) / 153  // 0...11
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
