import LoupeGeometry
import LoupeJSON
import LoupeLifecycle

/// Reads a `POST /v1/plans` body into a `PlanRequest`, checking every field against the bounds
/// below and collecting every error (with its JSON pointer) before giving up, so one 422 lists
/// everything a client has to fix.
///
/// The bounds keep every number the engine sees sane: no geometry overflows, and no request can
/// make the server work for long (the keyframe limit does the rest). openapi.yaml documents the
/// same numbers.
public final class PlanRequestDecoder {
    /// Coordinates (x, y) in points: a million points is far beyond any screen.
    public static let coordinateRange = -1_000_000.0...1_000_000.0
    /// Widths and heights in points.
    public static let sizeRange = 0.0...100_000.0
    /// Corner radii in points.
    public static let cornerRadiusRange = 0.0...10_000.0
    /// Keyframes per second (the 24 to 240).
    public static let frameRateRange = 24.0...240.0
    /// Initial velocity in progress per second (UIKit's normalised velocity); 100 is a flick
    /// crossing the whole distance in 10 ms.
    public static let initialVelocityRange = -100.0...100.0
    /// Decimal places for `options.precision`.
    public static let precisionRange = 0...6
    /// Most entries in SwiftUI's `sources`.
    public static let maximumSources = 1_000
    /// Most modifier names per SwiftUI source.
    public static let maximumModifiers = 32

    let reader = FieldReader()

    /// A decoder with a fresh reader; `decode` is the entry point, and a timeline decoder
    /// borrows one to read the fields it shares with a plan (`readShared`).
    init() {}

    /// Decodes `document`.
    /// - Throws: `Problem` 422 `invalidRequest` listing every invalid field (and, with
    ///   `options.strict`, every unknown one).
    public static func decode(_ document: JSONDocument) throws(Problem) -> PlanRequest {
        try decode(document.root)
    }

    /// Decodes the body held by `value`, anywhere in a document (a conformance request's
    /// `expected`): pointers name the fields where they are.
    static func decode(_ value: JSONDocument.Value) throws(Problem) -> PlanRequest {
        let decoder = PlanRequestDecoder()
        let (request, strict) = decoder.read(value)
        return try RequestDocument.decoded(request, strict: strict, reader: decoder.reader)
    }

    private func read(_ value: JSONDocument.Value) -> (request: PlanRequest?, strict: Bool) {
        guard let root = reader.object(value) else { return (nil, false) }
        let transition = reader.choice(root, "transition", required: true, as: TransitionKind.self)
        let shared = readShared(root, transition: transition ?? .push)
        let viewTransitionName = shared.options.flatMap { readCustomIdent($0, "viewTransitionName", example: "hero-photo") }
        let viewTransitionClass = shared.options.flatMap { readCustomIdent($0, "viewTransitionClass", example: "card") }
        let navigation = shared.options.flatMap { reader.choice($0, "viewTransitionNavigation", as: ViewTransitionNavigation.self) }
        let grouping = shared.options.flatMap { reader.choice($0, "viewTransitionGroup", as: ViewTransitionGrouping.self) }
        let easingTolerance = shared.options.flatMap { reader.number($0, "easingTolerance", in: SpringEasing.toleranceRange) }
        guard reader.errors.isEmpty, transition != nil, let scene = shared.scene else { return (nil, shared.strict) }
        let request = PlanRequest(
            scene: scene, strict: shared.strict, precision: shared.precision,
            callbackOrder: shared.callbackOrder, viewTransitionName: viewTransitionName, viewTransitionClass: viewTransitionClass,
            viewTransitionNavigation: navigation ?? .sameDocument, viewTransitionGroup: grouping ?? .normal, easingTolerance: easingTolerance,
            unknownFields: reader.unknownFields)
        return (request, shared.strict)
    }

    /// The members a plan shares with a timeline (`POST /v1/timelines` takes everything a plan
    /// takes but `transition`).
    struct SharedFields {
        /// Nil when a field was invalid.
        var scene: ZoomScene?
        var strict: Bool
        var precision: Int?
        var callbackOrder: CallbackOrder
        /// The `options` object, for the options only a timeline reads (nil when absent or invalid).
        var options: FieldReader.Object?
    }

    /// Reads platform, container, source or sources, destination, animation, options and
    /// callbackOrder, in that order, into a scene for `transition`.
    func readShared(_ root: FieldReader.Object, transition: TransitionKind) -> SharedFields {
        let platform = readPlatform(root)
        let container = readContainer(root)
        let source = readSource(root, framework: platform?.framework ?? .uiKit)
        let destination = readDestination(root, framework: platform?.framework ?? .uiKit, container: container)
        let animation = readAnimation(root)
        let options = readOptions(root)
        let callbackOrder = reader.choice(root, "callbackOrder", as: CallbackOrder.self) ?? .article
        var scene: ZoomScene?
        if let platform, let container, let source, let destination, let animation, let zoomOptions = options.zoom {
            scene = ZoomScene(
                transition: transition, platform: platform, container: container, source: source,
                destination: destination, animation: animation, options: zoomOptions)
        }
        return SharedFields(
            scene: scene, strict: options.strict, precision: options.precision, callbackOrder: callbackOrder,
            options: options.object)
    }

    // MARK: - Platform and container

    /// `platform`: optional, default iOS (current version), UIKit.
    private func readPlatform(_ root: FieldReader.Object) -> Platform? {
        guard root.has("platform") else {
            _ = reader.value(root, "platform")
            return .iOS
        }
        guard let object = reader.object(root, "platform") else { return nil }
        let errorsBefore = reader.errors.count
        let os = reader.choice(object, "os", as: OperatingSystem.self) ?? .iOS
        var version: OSVersion?
        if let text = reader.string(object, "version", maxLength: 32) {
            version = OSVersion(text)
            if version == nil {
                reader.fail(object.pointer.appending("version"), "must be a version such as \"18.0\" or \"18.2.1\", not \"\(text)\"")
            }
        }
        let framework = reader.choice(object, "framework", as: Framework.self) ?? .uiKit
        // Only meaningful on visionOS ("Designed for iPad" apps zoom there); ignored elsewhere.
        let iPadApp = reader.bool(object, "iPadApp") ?? false
        guard reader.errors.count == errorsBefore else { return nil }
        return Platform(os: os, version: version, framework: framework, isIPadApp: iPadApp)
    }

    /// `container`: required, with a width and height above 0.
    private func readContainer(_ root: FieldReader.Object) -> Container? {
        guard let object = reader.object(root, "container", required: true) else { return nil }
        let errorsBefore = reader.errors.count
        let width = positiveSize(object, "width")
        let height = positiveSize(object, "height")
        let radius = reader.number(object, "cornerRadius", in: Self.cornerRadiusRange) ?? 55
        let direction = reader.choice(object, "layoutDirection", as: LayoutDirection.self) ?? .leftToRight
        let horizontal = reader.choice(object, "horizontalSizeClass", as: SizeClass.self)
        let vertical = reader.choice(object, "verticalSizeClass", as: SizeClass.self)
        guard reader.errors.count == errorsBefore, let width, let height else { return nil }
        return Container(
            size: Size(width: width, height: height), displayCornerRadius: radius, layoutDirection: direction,
            horizontalSizeClass: horizontal, verticalSizeClass: vertical)
    }

    // MARK: - Animation

    /// `animation`: optional; no spring means the effect's own default.
    private func readAnimation(_ root: FieldReader.Object) -> AnimationSettings? {
        guard root.has("animation") else {
            _ = reader.value(root, "animation")
            return AnimationSettings()
        }
        guard let object = reader.object(root, "animation") else { return nil }
        let errorsBefore = reader.errors.count
        let spring = reader.spring(object, "spring")
        let frameRate = reader.number(object, "frameRate", in: Self.frameRateRange) ?? 60
        let velocity = reader.number(object, "initialVelocity", in: Self.initialVelocityRange) ?? 0
        guard reader.errors.count == errorsBefore else { return nil }
        return AnimationSettings(spring: spring, frameRate: frameRate, initialVelocity: velocity)
    }

    // MARK: - Shared readers

    /// A size in `sizeRange` that must also be above 0 (a container or page with no area).
    func positiveSize(_ object: FieldReader.Object, _ key: String) -> Double? {
        guard let size = reader.number(object, key, required: true, in: Self.sizeRange) else { return nil }
        guard size > 0 else {
            reader.fail(object.pointer.appending(key), "must be greater than 0")
            return nil
        }
        return size
    }

    /// `{"x", "y", "width", "height"}`, all required; `positive` also requires an area.
    func rect(_ parent: FieldReader.Object, _ key: String, required: Bool = false, positive: Bool = false) -> Rect? {
        guard let object = reader.object(parent, key, required: required) else { return nil }
        let x = reader.number(object, "x", required: true, in: Self.coordinateRange)
        let y = reader.number(object, "y", required: true, in: Self.coordinateRange)
        let width = positive ? positiveSize(object, "width") : reader.number(object, "width", required: true, in: Self.sizeRange)
        let height = positive ? positiveSize(object, "height") : reader.number(object, "height", required: true, in: Self.sizeRange)
        guard let x, let y, let width, let height else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }
}
