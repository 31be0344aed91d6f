import LoupeJSON
import LoupeLifecycle

/// Writes one trace entry as `{time, runLoop, viewController, kind, name}`: the shape of both a
/// plan's `callbacks` and a lifecycle answer's `trace`.
enum TraceWriter {
    static func write(_ entry: TraceEntry, to writer: inout JSONWriter, precision: Int? = nil) {
        writer.beginObject()
        writer.key(Keys.time)
        writer.number(entry.time, places: precision)
        writer.key(Keys.runLoop)
        writer.int(entry.runLoop)
        writer.key(Keys.viewController)
        writer.string(entry.viewController)
        writer.key(Keys.kind)
        writer.string(entry.kind.rawValue)
        writer.key(Keys.name)
        writer.string(entry.name)
        writer.endObject()
    }

    /// A trace entry's member names, written once (traces run to thousands of entries).
    private enum Keys {
        static let time = JSONKey("time")
        static let runLoop = JSONKey("runLoop")
        static let viewController = JSONKey("viewController")
        static let kind = JSONKey("kind")
        static let name = JSONKey("name")
    }
}
