import LoupeGeometry
import LoupeJSON
import LoupeLifecycle
import LoupeTimeline

/// Writes a timeline answer in a fixed key order, so identical requests give identical bytes:
/// duration, frameRate, keyframes (the plan format), dimmingColor, callbacks, segments,
/// releases, notes, final, warnings.
enum TimelineWriter {
    static func bytes(_ timeline: Timeline, warnings: [RequestWarning], precision: Int?) -> [UInt8] {
        var writer = JSONWriter(capacity: 1024 + timeline.keyframes.count * 560 + timeline.callbacks.count * 96)
        writer.beginObject()
        // Times and the clock are exact whatever the precision (issue 35 §2).
        writer.member("duration", timeline.duration)
        writer.member("frameRate", timeline.frameRate)
        KeyframeWriter.writeMotion(
            timeline.keyframes, dimmingColor: timeline.dimmingColor,
            dimmingVisualEffect: timeline.dimmingVisualEffect, sourceBackground: timeline.sourceBackground, sourceShadow: timeline.sourceShadow,
            navigationBar: timeline.navigationBar, callbacks: timeline.callbacks,
            to: &writer, precision: precision)
        writeSegments(timeline.segments, &writer, precision)
        writeReleases(timeline.releases, &writer, precision)
        LifecycleWriter.writeNotes(timeline.notes, to: &writer, precision: nil)
        LifecycleWriter.writeFinal(timeline.final, to: &writer)
        RequestWarning.write(warnings, to: &writer)
        writer.endObject()
        return writer.bytes
    }

    /// `segments`: `{start, end, kind, transition, outcome, gesture}`, nulls where they do not apply.
    private static func writeSegments(_ segments: [TimelineSegment], _ writer: inout JSONWriter, _ precision: Int?) {
        writer.name("segments")
        writer.beginArray()
        for segment in segments {
            writer.beginObject()
            writer.member("start", segment.start)
            writer.member("end", segment.end)
            writer.member("kind", segment.kind.rawValue)
            optional("transition", segment.transition?.rawValue, &writer)
            optional("outcome", segment.outcome?.rawValue, &writer)
            optional("gesture", segment.gesture?.rawValue, &writer)
            writer.endObject()
        }
        writer.endArray()
    }

    /// `releases`: `{time, event, gesture, outcome, measure, threshold}`.
    private static func writeReleases(_ releases: [ReleaseDecision], _ writer: inout JSONWriter, _ precision: Int?) {
        writer.name("releases")
        writer.beginArray()
        for release in releases {
            writer.beginObject()
            writer.member("time", release.time)
            writer.member("event", release.event)
            writer.member("gesture", release.gesture.rawValue)
            writer.member("outcome", release.outcome.rawValue)
            number("measure", release.measure, &writer, precision)
            number("threshold", release.threshold, &writer, precision)
            writer.endObject()
        }
        writer.endArray()
    }

    private static func number(_ name: String, _ value: Double, _ writer: inout JSONWriter, _ precision: Int?) {
        writer.name(name)
        writer.number(value, places: precision)
    }

    private static func optional(_ name: String, _ value: String?, _ writer: inout JSONWriter) {
        writer.name(name)
        if let value { writer.string(value) } else { writer.null() }
    }
}
