import LoupeJSON
import LoupeLifecycle

/// Writes trace entries as an array of `{time, runLoop, viewController, kind, name}`: the shape
/// of both a plan's `callbacks` and a lifecycle answer's `trace`.
enum TraceWriter {
    /// `[entry, …]`, the member names loaded once for the whole array (a static read per member
    /// goes through the runtime's once-check, and traces run to thousands of entries).
    static func write(_ entries: [TraceEntry], to writer: inout JSONWriter, precision: Int? = nil) {
        let keys = Keys.shared
        writer.beginArray()
        for entry in entries {
            writer.beginObject()
            writer.key(keys.time)
            writer.number(entry.time, places: precision)
            writer.key(keys.runLoop)
            writer.int(entry.runLoop)
            writer.key(keys.viewController)
            writer.string(entry.viewController)
            writer.key(keys.kind)
            writer.string(entry.kind.rawValue)
            writer.key(keys.name)
            writer.string(entry.name)
            writer.endObject()
        }
        writer.endArray()
    }

    /// A trace entry's member names, written once.
    private struct Keys {
        static let shared = Keys()
        let time = JSONKey("time")
        let runLoop = JSONKey("runLoop")
        let viewController = JSONKey("viewController")
        let kind = JSONKey("kind")
        let name = JSONKey("name")
    }
}
