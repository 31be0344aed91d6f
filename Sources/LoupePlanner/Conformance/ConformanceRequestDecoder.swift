import LoupeConformance
import LoupeGeometry
import LoupeJSON
import LoupeLifecycle
import LoupeRendering

/// Reads a `POST /v1/conformance` body, collecting every error at once with its pointer: the
/// expected body's as its own route reports them (under `/expected/plan`, …), the recording's
/// (frames out of time order, numbers out of range, negative sizes, callbacks an app cannot log)
/// and the tolerances'.
final class ConformanceRequestDecoder {
    /// Most frames in a recording: 40 s at 60 Hz, 10 s at 240 Hz (a plan's own keyframe limit).
    static let maximumFrames = 2_400
    /// Most callbacks in a recording.
    static let maximumCallbacks = 1_000
    /// The longest recording, first frame to last, in seconds.
    static let maximumSpan = 60.0
    /// Recording times, seconds (a recorder's clock may start anywhere within a day).
    static let timeRange = -86_400.0...86_400.0
    /// Position and size tolerances, points.
    static let lengthToleranceRange = 0.0...1_000.0
    static let opacityToleranceRange = 0.0...1.0
    /// Time tolerances, seconds.
    static let timeToleranceRange = 0.0...10.0
    /// The names an app can log: the five appearance callbacks and the navigation delegate's two.
    static let callbackNames = Callback.allCases.map(\.rawValue) + DelegateCall.allCases.map(\.rawValue)

    let reader = FieldReader()

    static func decode(_ document: JSONDocument) throws(Problem) -> ConformanceRequest {
        let decoder = ConformanceRequestDecoder()
        let request = decoder.read(document.root)
        return try RequestDocument.decoded(request, strict: false, reader: decoder.reader)
    }

    private func read(_ value: JSONDocument.Value) -> ConformanceRequest? {
        guard let root = reader.object(value) else { return nil }
        let expected = readExpected(root)
        let recording = readObserved(root)
        let tolerances = readTolerances(root)
        let alignment = reader.choice(root, "alignment", as: AlignmentMethod.self) ?? .firstMotion
        if case .lifecycle = expected, let recording, recording.callbacks == nil, let observed = reader.peek(root, "observed") {
            reader.fail(observed.pointer.appending("callbacks"), "is required: a lifecycle script has no card to compare frames with")
        }
        guard reader.errors.isEmpty, let expected, let recording else { return nil }
        return ConformanceRequest(
            expected: expected, recording: recording, tolerances: tolerances, alignment: alignment, unknownFields: reader.unknownFields)
    }

    private func readExpected(_ root: FieldReader.Object) -> ConformanceRequest.Expected? {
        guard let expected = reader.object(root, "expected", required: true) else { return nil }
        let members = ["plan", "timeline", "lifecycle"].filter { expected.has($0) }
        guard members.count == 1, let member = members.first, let body = reader.value(expected, member) else {
            let found = members.isEmpty ? "none" : members.joined(separator: " and ")
            reader.fail(expected.pointer, "must hold exactly one of plan, timeline or lifecycle, not \(found)")
            for extra in members { _ = reader.value(expected, extra) }
            return nil
        }
        do {
            switch member {
            case "plan": return .plan(try PlanRequestDecoder.decode(body))
            case "timeline": return .timeline(try TimelineRequestDecoder.decode(body))
            default: return .lifecycle(try LifecycleRequestDecoder.decode(body))
            }
        } catch {
            reader.adopt(error.errors)
            return nil
        }
    }

    private func readObserved(_ root: FieldReader.Object) -> Recording? {
        guard let observed = reader.object(root, "observed", required: true) else { return nil }
        let frameValues = reader.array(observed, "frames", maxCount: Self.maximumFrames)
        let callbackValues = reader.array(observed, "callbacks", maxCount: Self.maximumCallbacks)
        if !observed.has("frames"), !observed.has("callbacks") {
            reader.fail(observed.pointer, "must hold frames, callbacks or both")
        }
        if let frameValues, frameValues.count < 2, let given = reader.peek(observed, "frames") {
            reader.fail(given.pointer, "must have at least 2 frames, not \(frameValues.count): a card's motion takes two to see")
        }
        let frames = frameValues.map(readFrames) ?? []
        let callbacks = callbackValues.map(readCallbacks)
        if let first = frames.first, let last = frames.last, last.time - first.time > Self.maximumSpan, let values = frameValues {
            reader.fail(
                values[values.count - 1].pointer.appending("time"),
                "ends \(DecimalText.text(last.time - first.time, places: 3)) s after the first frame; a recording may span at most \(Int(Self.maximumSpan)) s"
            )
        }
        return Recording(frames: frames, callbacks: callbacks)
    }

    private func readFrames(_ values: [JSONDocument.Value]) -> [ObservedFrame] {
        var frames: [ObservedFrame] = []
        frames.reserveCapacity(values.count)
        var previous: Double?
        for value in values {
            guard let frame = reader.object(value) else { continue }
            let time = reader.number(frame, "time", required: true, in: Self.timeRange)
            if let time, let previous, time <= previous {
                reader.fail(
                    frame.pointer.appending("time"),
                    "must be later than the frame before (\(DecimalText.text(previous, places: 6)) s): frames are in time order")
            }
            if let time { previous = time }
            let card = readCard(frame)
            let radius = reader.number(frame, "cornerRadius", in: PlanRequestDecoder.cornerRadiusRange)
            let dimming = reader.number(frame, "dimming", in: 0...1)
            let sourceContent = reader.number(frame, "sourceContent", in: 0...1)
            guard let time, let card else { continue }
            frames.append(
                ObservedFrame(time: time, sample: CardSample(card: card, cornerRadius: radius, dimming: dimming, sourceContent: sourceContent)))
        }
        return frames
    }

    private func readCard(_ frame: FieldReader.Object) -> Rect? {
        guard let card = reader.object(frame, "card", required: true) else { return nil }
        let x = reader.number(card, "x", required: true, in: PlanRequestDecoder.coordinateRange)
        let y = reader.number(card, "y", required: true, in: PlanRequestDecoder.coordinateRange)
        let width = reader.number(card, "width", required: true, in: PlanRequestDecoder.sizeRange)
        let height = reader.number(card, "height", required: true, in: PlanRequestDecoder.sizeRange)
        guard let x, let y, let width, let height else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }

    private func readCallbacks(_ values: [JSONDocument.Value]) -> [ObservedCallback] {
        var callbacks: [ObservedCallback] = []
        var previous: Double?
        for value in values {
            guard let callback = reader.object(value) else { continue }
            let viewController = reader.string(callback, "viewController", required: true, maxLength: 256)
            let name = reader.string(callback, "name", required: true, maxLength: 256)
            if let name, !Self.callbackNames.contains(name) {
                let suggestion = UnknownField.likelyMeant(name, among: Self.callbackNames).map { " Did you mean \"\($0)\"?" } ?? ""
                reader.fail(
                    callback.pointer.appending("name"),
                    "is not a callback an app logs; one of \(Self.callbackNames.map { "\"\($0)\"" }.joined(separator: ", ")).\(suggestion)")
            }
            let time = reader.number(callback, "time", in: Self.timeRange)
            if let time, let previous, time < previous {
                reader.fail(
                    callback.pointer.appending("time"),
                    "must not be earlier than the callback before (\(DecimalText.text(previous, places: 6)) s): callbacks are in the order logged")
            }
            if let time { previous = time }
            guard let viewController, let name else { continue }
            callbacks.append(ObservedCallback(viewController: viewController, name: name, time: time))
        }
        return callbacks
    }

    private func readTolerances(_ root: FieldReader.Object) -> Tolerances {
        let standard = Tolerances.standard
        guard let given = reader.object(root, "tolerances") else { return standard }
        return Tolerances(
            position: reader.number(given, "position", in: Self.lengthToleranceRange) ?? standard.position,
            size: reader.number(given, "size", in: Self.lengthToleranceRange) ?? standard.size,
            cornerRadius: reader.number(given, "cornerRadius", in: Self.lengthToleranceRange) ?? standard.cornerRadius,
            opacity: reader.number(given, "opacity", in: Self.opacityToleranceRange) ?? standard.opacity,
            time: reader.number(given, "time", in: Self.timeToleranceRange) ?? standard.time,
            settle: reader.number(given, "settle", in: Self.timeToleranceRange) ?? standard.settle)
    }
}
