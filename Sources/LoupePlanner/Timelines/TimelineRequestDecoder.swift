import LoupeGeometry
import LoupeJSON
import LoupeTimeline

/// Reads a `POST /v1/timelines` body into a `TimelineRequest`. Everything a plan takes is read
/// by the plan decoder (`PlanRequestDecoder.readShared`) with the same reader, so one 422 lists
/// every invalid field of both parts; this decoder adds `initial`, `events`,
/// `destinationScroll`, and the timeline-only `options.spreadToOpen` and
/// `options.spreadTransition` (read from the plan decoder's own `options` object, so a plan still
/// reports them as unknown fields while a timeline does not). Whether the script can be played (times in order, touch counts, the
/// gestures the platform has) is the engine's question, asked afterwards.
///
/// Fields that do not apply to an event's type (a `gesture` on a push) are not read, so they
/// come back as `unknown-field` warnings.
public final class TimelineRequestDecoder {
    /// Event times in seconds: a timeline may not be longer than a minute.
    public static let timeRange = 0...TimelineScript.maximumTime
    /// Most touch points in one sample (a hand; gestures use one or two).
    public static let maximumTouches = 10
    /// `destinationScroll.zoomScale` and `minimumZoomScale`.
    public static let zoomScaleRange = 0.001...1_000.0

    private let plan = PlanRequestDecoder()
    private var reader: FieldReader { plan.reader }

    private init() {}

    /// - Throws: `Problem` 422 `invalidRequest` listing every invalid field (and, with
    ///   `options.strict`, every unknown one).
    public static func decode(_ document: JSONDocument) throws(Problem) -> TimelineRequest {
        try decode(document.root)
    }

    /// Decodes the body held by `value`, anywhere in a document (a conformance request's
    /// `expected`): pointers name the fields where they are.
    static func decode(_ value: JSONDocument.Value) throws(Problem) -> TimelineRequest {
        let decoder = TimelineRequestDecoder()
        let (request, strict) = decoder.read(value)
        return try RequestDocument.decoded(request, strict: strict, reader: decoder.reader)
    }

    private func read(_ value: JSONDocument.Value) -> (request: TimelineRequest?, strict: Bool) {
        guard let root = reader.object(value) else { return (nil, false) }
        // The scene's transition is a placeholder: every app call in the script plans its own.
        let shared = plan.readShared(root, transition: .push)
        let spread = readSpread(shared.options)
        let initial = reader.choice(root, "initial", as: InitialPage.self)
        let (events, dismissAnswers) = readEvents(root, framework: shared.scene?.platform.framework ?? .uiKit)
        let scroll = readScroll(root)
        guard reader.errors.isEmpty, let scene = shared.scene, let events, scroll.isValid else { return (nil, shared.strict) }
        var script = TimelineScript(
            scene: scene, initial: initial, events: events, destinationScroll: scroll.value,
            callbackOrder: shared.callbackOrder, spreadToOpen: spread.toOpen,
            spreadTransition: spread.transition, interactiveDismissShouldBegin: spread.dismissShouldBegin)
        script.dismissAnswers = dismissAnswers
        let request = TimelineRequest(
            script: script, strict: shared.strict, precision: shared.precision,
            unknownFields: reader.unknownFields)
        return (request, shared.strict)
    }

    // MARK: - Options

    /// `options.spreadToOpen` (default false; not iOS behaviour, the engine warns),
    /// `options.spreadTransition` ("push" | "present"; default the timeline's own host) and
    /// `options.interactiveDismissShouldBegin` (default true: UIKit's default answer).
    private func readSpread(_ options: FieldReader.Object?) -> (toOpen: Bool, transition: SpreadTransition?, dismissShouldBegin: Bool) {
        guard let options else { return (false, nil, true) }
        let toOpen = reader.bool(options, "spreadToOpen") ?? false
        let transition = reader.choice(options, "spreadTransition", as: SpreadTransition.self)
        let dismissShouldBegin = reader.bool(options, "interactiveDismissShouldBegin") ?? true
        return (toOpen, transition, dismissShouldBegin)
    }

    // MARK: - Events

    /// The events, and each touchesBegan's own `dismissShouldBegin` by its index (the app's
    /// answer for that gesture, decided from its location and velocity).
    private func readEvents(_ root: FieldReader.Object, framework: Framework) -> (events: [TimelineEvent]?, dismissAnswers: [Int: Bool]) {
        guard let elements = reader.array(root, "events", required: true, maxCount: TimelineScript.maximumEventCount) else {
            return (nil, [:])
        }
        var events: [TimelineEvent] = []
        var answers: [Int: Bool] = [:]
        events.reserveCapacity(elements.count)
        for (index, value) in elements.enumerated() {
            guard let (event, answer) = readEvent(value, framework: framework) else { continue }
            if let answer { answers[index] = answer }
            events.append(event)
        }
        return (events, answers)
    }

    /// The event, and for a touchesBegan the app's own `dismissShouldBegin` answer when it has one.
    private func readEvent(_ value: JSONDocument.Value, framework: Framework) -> (TimelineEvent, Bool?)? {
        guard let object = reader.object(value) else { return nil }
        let time = reader.number(object, "time", required: true, in: Self.timeRange)
        guard let type = reader.choice(object, "type", required: true, as: TimelineEventType.self) else { return nil }
        checkIgnoredMembers(object, type: type)
        let kind: TimelineEvent.Kind?
        var answer: Bool?
        switch type {
        case .push: kind = .push
        case .pop: kind = .pop
        case .present: kind = .present
        case .dismiss: kind = .dismiss
        case .touchesBegan:
            let gesture = reader.choice(object, "gesture", required: true, as: GestureKind.self)
            let touches = readTouches(object, required: true)
            let input = reader.choice(object, "input", as: TouchInput.self) ?? .direct
            answer = reader.bool(object, "dismissShouldBegin")
            kind = gesture.flatMap { gesture in touches.map { .touchesBegan(gesture: gesture, touches: $0, input: input) } }
        case .touchesMoved:
            kind = readTouches(object, required: true).map { .touchesMoved(touches: $0) }
        case .touchesEnded:
            // Without touches the fingers lift where they were last seen.
            if object.has("touches") {
                kind = readTouches(object, required: false).map { .touchesEnded(touches: $0) }
            } else {
                _ = reader.value(object, "touches")  // marks a null member as read
                kind = .touchesEnded(touches: [])
            }
        case .sourceChanged:
            // UIKit asks its sourceViewProvider again at dismissal; SwiftUI matches by id, which
            // a timeline cannot change, so the event is UIKit's.
            if framework == .swiftUI {
                _ = reader.value(object, "source")
                reader.fail(
                    object.pointer.appending("type"),
                    "sourceChanged is UIKit's (the sourceViewProvider asked again); SwiftUI matches the source by id")
                kind = nil
            } else {
                kind = plan.readSourceView(object, "source").map { .sourceChanged($0) }
            }
        }
        guard let time, let kind else { return nil }
        return (TimelineEvent(time: time, kind: kind), answer)
    }

    /// Members that do not apply to an event's type are ignored (an `unknown-field` warning),
    /// but they must still have their contract shape, which openapi.yaml states whatever the
    /// type: a scratch decoder checks them without marking them read.
    private func checkIgnoredMembers(_ object: FieldReader.Object, type: TimelineEventType) {
        let applies: Set<String> =
            switch type {
            case .touchesBegan: ["gesture", "touches", "input", "dismissShouldBegin"]
            case .touchesMoved, .touchesEnded: ["touches"]
            case .sourceChanged: ["source"]
            case .push, .pop, .present, .dismiss: []
            }
        for key in ["gesture", "touches", "input", "source"] where !applies.contains(key) {
            let scratch = TimelineRequestDecoder()
            guard let lone = scratch.reader.reopened(object, ifItHas: key) else { continue }
            switch key {
            case "gesture": _ = scratch.reader.choice(lone, key, as: GestureKind.self)
            case "input": _ = scratch.reader.choice(lone, key, as: TouchInput.self)
            case "touches": _ = scratch.readTouches(lone, required: false)
            default: _ = scratch.plan.readSourceView(lone, key)
            }
            reader.adopt(scratch.reader.errors)
        }
    }

    /// `touches`: `[{"x", "y"}]` in container points. The engine checks the count per gesture.
    private func readTouches(_ object: FieldReader.Object, required: Bool) -> [Point]? {
        guard let elements = reader.array(object, "touches", required: required, maxCount: Self.maximumTouches) else { return nil }
        let errorsBefore = reader.errors.count
        var points: [Point] = []
        for value in elements {
            if let point = self.point(value) { points.append(point) }
        }
        return reader.errors.count == errorsBefore ? points : nil
    }

    private func point(_ value: JSONDocument.Value) -> Point? {
        guard let object = reader.object(value) else { return nil }
        let x = reader.number(object, "x", required: true, in: PlanRequestDecoder.coordinateRange)
        let y = reader.number(object, "y", required: true, in: PlanRequestDecoder.coordinateRange)
        guard let x, let y else { return nil }
        return Point(x: x, y: y)
    }

    // MARK: - Scroll view

    /// `destinationScroll`: optional; absent means the page does not scroll.
    private func readScroll(_ root: FieldReader.Object) -> (value: DestinationScroll?, isValid: Bool) {
        guard root.has("destinationScroll") else {
            _ = reader.value(root, "destinationScroll")
            return (nil, true)
        }
        guard let object = reader.object(root, "destinationScroll") else { return (nil, false) }
        let errorsBefore = reader.errors.count
        let zoomScale = reader.number(object, "zoomScale", in: Self.zoomScaleRange) ?? 1
        let minimumZoomScale = reader.number(object, "minimumZoomScale", in: Self.zoomScaleRange) ?? 1
        var offset: Point? = .zero
        if let value = reader.value(object, "contentOffset") { offset = point(value) }
        let horizontal = reader.bool(object, "scrollsHorizontally") ?? false
        let vertical = reader.bool(object, "scrollsVertically") ?? false
        guard reader.errors.count == errorsBefore, let offset else { return (nil, false) }
        let scroll = DestinationScroll(
            zoomScale: zoomScale, minimumZoomScale: minimumZoomScale, contentOffset: offset,
            scrollsHorizontally: horizontal, scrollsVertically: vertical)
        return (scroll, true)
    }
}
