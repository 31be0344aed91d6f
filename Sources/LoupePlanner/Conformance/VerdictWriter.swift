import LoupeConformance
import LoupeJSON

/// Writes a verdict as the API's JSON: conforms, alignment, checks (each with the figures of its
/// kind and, when it fails, a pointer into the recording), warnings. Figures are written to a
/// tenth of a microsecond or a ten-thousandth of a point: finer digits are noise.
enum VerdictWriter {
    /// Decimal places of figures (points, opacities, seconds).
    static let places = 4
    /// Decimal places of the alignment's offset (seconds: a microsecond).
    static let offsetPlaces = 6

    static func bytes(_ answer: ConformanceAnswer) -> [UInt8] {
        let verdict = answer.verdict
        var writer = JSONWriter(capacity: 1_024 + verdict.checks.count * 256)
        writer.beginObject()
        writer.member("conforms", verdict.conforms)
        writer.name("alignment")
        writer.beginObject()
        writer.member("method", verdict.alignment.method.rawValue)
        writer.name("offset")
        writer.number(verdict.alignment.offset, places: offsetPlaces)
        writer.endObject()
        writer.name("checks")
        writer.beginArray()
        for check in verdict.checks { write(check, to: &writer) }
        writer.endArray()
        RequestWarning.write(answer.warnings, to: &writer)
        writer.endObject()
        return writer.bytes
    }

    private static func write(_ check: ConformanceCheck, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("name", check.name)
        writer.member("conforms", check.conforms)
        if let tolerance = check.tolerance { figure("tolerance", tolerance, to: &writer) }
        switch check.figures {
        case .errors(let errors):
            figure("rms", errors.rms, to: &writer)
            figure("max", errors.max, to: &writer)
            figure("at", errors.at, to: &writer)
            if !check.conforms { writer.member("pointer", VerdictPointer.frame(errors.frame, errors.quantity)) }
        case .times(let expected, let observed, let quantity):
            writer.member("quantity", quantity.rawValue)
            optionalFigure("expected", expected, to: &writer)
            optionalFigure("observed", observed, to: &writer)
        case .order(let departure):
            if let departure {
                writer.member("departure", departure.kind.rawValue)
                writer.member("pointer", VerdictPointer.callback(departure.observedIndex))
                callback(
                    "expected", departure.expected.map { ($0.viewController, $0.name, Optional($0.time)) }, to: &writer)
                callback("observed", departure.observed.map { ($0.viewController, $0.name, $0.time) }, to: &writer)
            }
        case .callbackTimes(let timing):
            figure("rms", timing.rms, to: &writer)
            figure("max", timing.max, to: &writer)
            figure("expected", timing.expected, to: &writer)
            figure("observed", timing.observed, to: &writer)
            if !check.conforms { writer.member("pointer", VerdictPointer.callback(timing.observedIndex) + "/time") }
        }
        writer.endObject()
    }

    /// `name`: a callback (view controller, name, time when it has one), or null.
    private static func callback(
        _ name: String, _ callback: (viewController: String, name: String, time: Double?)?, to writer: inout JSONWriter
    ) {
        writer.name(name)
        guard let callback else {
            writer.null()
            return
        }
        writer.beginObject()
        writer.member("viewController", callback.viewController)
        writer.member("name", callback.name)
        optionalFigure("time", callback.time, to: &writer)
        writer.endObject()
    }

    private static func figure(_ name: String, _ value: Double, to writer: inout JSONWriter) {
        writer.name(name)
        writer.number(value, places: places)
    }

    private static func optionalFigure(_ name: String, _ value: Double?, to writer: inout JSONWriter) {
        writer.name(name)
        if let value { writer.number(value, places: places) } else { writer.null() }
    }
}

/// Pointers into a conformance request's recording.
enum VerdictPointer {
    static func frame(_ index: Int, _ quantity: Quantity) -> String {
        "/observed/frames/\(index)/" + quantity.path.joined(separator: "/")
    }

    static func callback(_ index: Int) -> String { "/observed/callbacks/\(index)" }
}
