import LoupeJSON
import LoupeLifecycle
import LoupeWarnings

/// Writes a lifecycle answer in a fixed key order: trace, final, notes, warnings. Object keys
/// that come from names (`final.states`) are sorted, so identical requests give identical bytes.
enum LifecycleWriter {
    static func bytes(_ result: LifecycleResult, warnings: [RequestWarning], precision: Int?) -> [UInt8] {
        var writer = JSONWriter(capacity: 256 + result.trace.count * 96)
        writer.beginObject()
        writer.name("trace")
        TraceWriter.write(result.trace, to: &writer, precision: precision)
        writeFinal(result.final, to: &writer)
        writeNotes(result.notes, to: &writer, precision: precision)
        RequestWarning.write(warnings, to: &writer)
        writer.endObject()
        return writer.bytes
    }

    /// `notes`: code, view controller, message, the guideline's text, time and run loop. Timelines
    /// write their notes the same way.
    static func writeNotes(_ notes: [Warning<LifecycleWarningCode>], to writer: inout JSONWriter, precision: Int?) {
        writer.name("notes")
        writer.beginArray()
        for note in notes {
            writer.beginObject()
            writer.member("code", note.code.rawValue)
            writer.member("viewController", note.viewController)
            writer.member("message", note.message)
            writer.member("guideline", note.guideline.text)
            writer.name("time")
            writer.number(note.time, places: precision)
            writer.member("runLoop", note.runLoop)
            writer.endObject()
        }
        writer.endArray()
    }

    /// `final`: stack, presented (the topmost presented view controller or null, as UIKit's
    /// `presentedViewController`), the whole presentation chain, states, views in the hierarchy
    /// and a gesture still held at the end (or null).
    static func writeFinal(_ final: FinalState, to writer: inout JSONWriter) {
        writer.name("final")
        writer.beginObject()
        writer.name("stack")
        strings(final.stack, to: &writer)
        writer.name("presented")
        if let top = final.presented.last { writer.string(top.viewController) } else { writer.null() }
        writer.name("presentations")
        writer.beginArray()
        for presentation in final.presented {
            writer.beginObject()
            writer.member("viewController", presentation.viewController)
            writer.member("style", presentation.style.rawValue)
            writer.member("transition", presentation.transition.rawValue)
            writer.endObject()
        }
        writer.endArray()
        writer.name("states")
        writer.beginObject()
        for name in final.states.keys.sorted() {
            if let state = final.states[name] { writer.member(name, state.rawValue) }
        }
        writer.endObject()
        writer.name("viewsInHierarchy")
        strings(final.viewsInHierarchy, to: &writer)
        writer.name("unreleasedGesture")
        if let gesture = final.unreleasedGesture {
            writer.beginObject()
            writer.member("kind", gesture.kind.rawValue)
            writer.member("viewController", gesture.viewController)
            writer.endObject()
        } else {
            writer.null()
        }
        writer.endObject()
    }

    private static func strings(_ values: [String], to writer: inout JSONWriter) {
        writer.beginArray()
        for value in values { writer.string(value) }
        writer.endArray()
    }
}
