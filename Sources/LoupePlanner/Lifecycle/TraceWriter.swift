import LoupeJSON
import LoupeLifecycle

/// Writes trace entries as an array of `{time, runLoop, viewController, kind, name}`: the shape
/// of both a plan's `callbacks` and a lifecycle answer's `trace`.
enum TraceWriter {
    /// `[entry, …]`, the member names loaded once for the whole array (a static read per member
    /// goes through the runtime's once-check, and traces run to thousands of entries).
    static func write(_ entries: [TraceEntry], to writer: inout JSONWriter, precision: Int? = nil) {
        let names = Names.shared
        writer.beginArray()
        for entry in entries {
            writer.beginObject()
            writer.name(names.time)
            writer.number(entry.time, places: precision)
            writer.name(names.runLoop)
            writer.int(entry.runLoop)
            writer.name(names.viewController)
            writer.string(entry.viewController)
            writer.name(names.kind)
            writer.string(entry.kind.rawValue)
            writer.name(names.name)
            writer.string(entry.name)
            writer.endObject()
        }
        writer.endArray()
    }

    /// A trace entry's member names, written once.
    private struct Names {
        static let shared = Names()
        let time = JSONName("time")
        let runLoop = JSONName("runLoop")
        let viewController = JSONName("viewController")
        let kind = JSONName("kind")
        let name = JSONName("name")
    }
}
