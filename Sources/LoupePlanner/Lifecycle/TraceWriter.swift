import LoupeLifecycle

/// Writes one trace entry as `{time, runLoop, viewController, kind, name}`: the shape of both a
/// plan's `callbacks` and a lifecycle answer's `trace`.
enum TraceWriter {
    static func write(_ entry: TraceEntry, to writer: inout JSONWriter, precision: Int? = nil) {
        writer.beginObject()
        writer.key("time")
        writer.number(entry.time, places: precision)
        writer.member("runLoop", entry.runLoop)
        writer.member("viewController", entry.viewController)
        writer.member("kind", entry.kind.rawValue)
        writer.member("name", entry.name)
        writer.endObject()
    }
}
