import LoupeGeometry
import LoupeJSON
import LoupeLifecycle

/// Writes a plan answer in a fixed key order, so identical requests give identical bytes.
///
/// Order: effect, duration, frameRate, keyframes, dimmingColor, dimmingVisualEffect,
/// sourceBackground, sourceShadow and navigationBar (each only with one), callbacks, warnings. Numbers are the shortest text that reads back exactly, or rounded
/// to `precision` decimal places, except times (exact) and sizes (`SignificantDigits`).
struct PlanWriter {
    /// Decimal places for every non-integer number, or nil for round-trip precision.
    var precision: Int?

    /// The answer's bytes, rendered into an array of `capacity` bytes (the answer's size
    /// estimate, an upper bound: `AnswerSize`), which is then the answer itself: cached and sent
    /// as written, never copied (issue 47 §2).
    static func bytes(_ plan: ZoomPlan, callbacks: [TraceEntry], warnings: [RequestWarning], precision: Int?, capacity: Int) -> [UInt8] {
        JSONWriter.rendering(capacity: capacity) { writer in
            PlanWriter(precision: precision).write(plan, callbacks: callbacks, warnings: warnings, to: &writer)
        }
    }

    private func write(_ plan: ZoomPlan, callbacks: [TraceEntry], warnings: [RequestWarning], to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("effect", plan.effect.rawValue)
        // The clock is exact whatever the precision (issue 35 §2): precision 0 made a 0.49 s
        // plan last 0 s.
        writer.member("duration", plan.duration)
        writer.member("frameRate", plan.frameRate)
        KeyframeWriter.writeMotion(
            plan.keyframes, dimmingColor: plan.dimmingColor, dimmingVisualEffect: plan.dimmingVisualEffect,
            sourceBackground: plan.sourceBackground, sourceShadow: plan.sourceShadow, navigationBar: plan.navigationBar, callbacks: callbacks,
            to: &writer, precision: precision)
        RequestWarning.write(warnings, to: &writer)
        writer.endObject()
    }
}
