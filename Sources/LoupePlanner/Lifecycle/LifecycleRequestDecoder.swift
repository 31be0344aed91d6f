import LoupeGeometry
import LoupeJSON
import LoupeLifecycle

/// Reads a `POST /v1/lifecycle` body into a `LifecycleRequest`, collecting every invalid field
/// with its JSON pointer. Whether the script can be played (popping the root, times going
/// backwards, ...) is the engine's question, asked afterwards.
///
/// Fields that do not apply to an event's type (an `outcome` on a push) are not read, so they
/// come back as `unknown-field` warnings.
public final class LifecycleRequestDecoder {
    /// Most view controllers in `stack`.
    public static let maximumStackCount = 1_000
    /// Most entries in `presented`.
    public static let maximumPresentedCount = 100
    /// Longest view-controller name, in Unicode scalars.
    public static let maximumNameLength = 256
    /// Event times in seconds (the engine's own limit).
    public static let timeRange = 0...LifecycleScript.maximumTime

    let reader = FieldReader()

    private init() {}

    /// - Throws: `Problem` 422 `invalidRequest` listing every invalid field (and, with
    ///   `options.strict`, every unknown one).
    public static func decode(_ document: JSONDocument) throws(Problem) -> LifecycleRequest {
        try decode(document.root)
    }

    /// Decodes the body held by `value`, anywhere in a document (a conformance request's
    /// `expected`): pointers name the fields where they are.
    static func decode(_ value: JSONDocument.Value) throws(Problem) -> LifecycleRequest {
        let decoder = LifecycleRequestDecoder()
        let (request, strict) = decoder.read(value)
        return try RequestDocument.decoded(request, strict: strict, reader: decoder.reader)
    }

    private func read(_ value: JSONDocument.Value) -> (request: LifecycleRequest?, strict: Bool) {
        guard let root = reader.object(value) else { return (nil, false) }
        let stack = names(root, "stack", required: true, maxCount: Self.maximumStackCount)
        let presented = readPresented(root)
        let events = readEvents(root)
        var spring: Spring?
        if let animation = reader.object(root, "animation") { spring = reader.spring(animation, "spring") }
        let order = reader.choice(root, "callbackOrder", as: CallbackOrder.self) ?? .article
        var strict = false
        var precision: Int?
        if let options = reader.object(root, "options") {
            strict = reader.bool(options, "strict") ?? false
            precision = reader.integer(options, "precision", in: PlanRequestDecoder.precisionRange)
        }
        guard reader.errors.isEmpty, let stack, let presented, let events else { return (nil, strict) }
        let script = LifecycleScript(
            stack: stack, presented: presented, events: events,
            timing: LifecycleTimingMapper.timing(for: spring), callbackOrder: order)
        return (LifecycleRequest(script: script, strict: strict, precision: precision, unknownFields: reader.unknownFields), strict)
    }

    /// `presented`: presentations already on screen, bottom first. Optional, default none.
    private func readPresented(_ root: FieldReader.Object) -> [Presentation]? {
        guard root.has("presented") else {
            _ = reader.value(root, "presented")
            return []
        }
        guard let elements = reader.array(root, "presented", maxCount: Self.maximumPresentedCount) else { return nil }
        var presentations: [Presentation] = []
        for value in elements {
            guard let object = reader.object(value) else { continue }
            let name = reader.string(object, "viewController", required: true, maxLength: Self.maximumNameLength)
            let style = reader.choice(object, "style", as: Presentation.Style.self) ?? .fullScreen
            let transition = reader.choice(object, "transition", as: TransitionStyle.self) ?? .zoom
            if let name { presentations.append(Presentation(name, style: style, transition: transition)) }
        }
        return presentations
    }

    private func readEvents(_ root: FieldReader.Object) -> [NavigationEvent]? {
        guard let elements = reader.array(root, "events", required: true, maxCount: LifecycleScript.maximumEventCount) else {
            return nil
        }
        var events: [NavigationEvent] = []
        events.reserveCapacity(elements.count)
        for value in elements {
            if let event = readEvent(value) { events.append(event) }
        }
        return events
    }

    private func readEvent(_ value: JSONDocument.Value) -> NavigationEvent? {
        guard let object = reader.object(value) else { return nil }
        let time = reader.number(object, "time", required: true, in: Self.timeRange)
        guard let type = reader.choice(object, "type", required: true, as: LifecycleEventType.self) else { return nil }
        let kind: NavigationEvent.Kind?
        switch type {
        case .push:
            let name = reader.string(object, "viewController", required: true, maxLength: Self.maximumNameLength)
            let transition = reader.choice(object, "transition", as: TransitionStyle.self) ?? .zoom
            kind = name.map { .push($0, transition: transition) }
        case .present:
            let name = reader.string(object, "viewController", required: true, maxLength: Self.maximumNameLength)
            let style = reader.choice(object, "style", as: Presentation.Style.self) ?? .fullScreen
            let transition = reader.choice(object, "transition", as: TransitionStyle.self) ?? .zoom
            kind = name.map { .present($0, style: style, transition: transition) }
        case .pop:
            kind = .pop(interactive: reader.bool(object, "interactive") ?? false)
        case .dismiss:
            kind = .dismiss(interactive: reader.bool(object, "interactive") ?? false)
        case .interrupt:
            kind = .interrupt
        case .release:
            kind = reader.choice(object, "outcome", required: true, as: ReleaseOutcome.self).map { .release($0) }
        }
        checkInapplicableFields(of: object, type: type)
        guard let time, let kind else { return nil }
        return NavigationEvent(time: time, kind: kind)
    }

    /// A field that belongs to another event type is ignored (an unknown-field warning), but it
    /// must still have the type the contract gives it: `"style": {}` on a pop is a client bug
    /// worth a 422, not a silent success.
    private func checkInapplicableFields(of object: FieldReader.Object, type: LifecycleEventType) {
        for key in Self.eventFields where !Self.applies(key, to: type) {
            guard let value = reader.peek(object, key) else { continue }
            switch key {
            case "viewController": _ = reader.string(value, maxLength: Self.maximumNameLength)
            case "transition": _ = reader.choice(value, as: TransitionStyle.self)
            case "style": _ = reader.choice(value, as: Presentation.Style.self)
            case "outcome": _ = reader.choice(value, as: ReleaseOutcome.self)
            default:
                if value.bool != nil { continue }
                reader.fail(value.pointer, "must be true or false, not \(value.typeDescription)")
            }
        }
    }

    /// Every field some event type reads.
    private static let eventFields = ["viewController", "transition", "style", "interactive", "outcome"]

    /// Whether `type` reads `key` (a switch, not a set: this runs for each of up to 10,000 events).
    private static func applies(_ key: String, to type: LifecycleEventType) -> Bool {
        switch type {
        case .push: key == "viewController" || key == "transition"
        case .present: key == "viewController" || key == "style" || key == "transition"
        case .pop, .dismiss: key == "interactive"
        case .interrupt: false
        case .release: key == "outcome"
        }
    }

    /// An array of view-controller names.
    private func names(_ parent: FieldReader.Object, _ key: String, required: Bool, maxCount: Int) -> [String]? {
        guard let elements = reader.array(parent, key, required: required, maxCount: maxCount) else { return nil }
        let errorsBefore = reader.errors.count
        let names = elements.compactMap { reader.string($0, maxLength: Self.maximumNameLength) }
        return reader.errors.count == errorsBefore ? names : nil
    }
}
