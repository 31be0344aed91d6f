import LoupeGeometry

/// The source and destination parts of a plan request.
///
/// UIKit and SwiftUI find the source differently, so each framework reads its own fields and
/// rejects the other's: UIKit's `source` (the provider's view; absent or null = the provider
/// returned nil), SwiftUI's `sources` plus `destination.sourceID` and `destination.namespace`
/// (the matchedTransitionSource guide's matching).
extension PlanRequestDecoder {
    func readSource(_ root: FieldReader.Object, framework: Framework) -> SourceInput? {
        switch framework {
        case .swiftUI:
            reject(root, "source", "is UIKit's; SwiftUI matches sources by id, so give sources and destination.sourceID and destination.namespace")
            return readMatchedSources(root)
        case .uiKit:
            reject(root, "sources", "applies only when platform.framework is \"SwiftUI\"; UIKit uses source")
            return readSourceView(root, "source")
        }
    }

    /// A UIKit source view at `key` of `parent` (`{frame, cornerRadius, role}`): absent or null
    /// is `.missing` (the provider returned nil); nil when a field is invalid. The top-level
    /// `source` and a timeline's `sourceChanged` event read the same shape.
    func readSourceView(_ parent: FieldReader.Object, _ key: String) -> SourceInput? {
        guard parent.has(key) else {
            _ = reader.value(parent, key)
            return .missing
        }
        guard let object = reader.object(parent, key) else { return nil }
        let frame = rect(object, "frame", required: true)
        let radius = reader.number(object, "cornerRadius", in: Self.cornerRadiusRange) ?? 0
        let role = reader.choice(object, "role", as: SourceRole.self)
        let kind = sourceKind(object, barItem: .barButtonItem)
        guard let frame else { return nil }
        return .view(SourceView(frame: frame, cornerRadius: radius, role: role, kind: kind))
    }

    /// SwiftUI's `sources`: every `matchedTransitionSource` on screen. Absent means none.
    private func readMatchedSources(_ root: FieldReader.Object) -> SourceInput? {
        guard root.has("sources") else {
            _ = reader.value(root, "sources")
            return .matched([])
        }
        guard let elements = reader.array(root, "sources", maxCount: Self.maximumSources) else { return nil }
        let errorsBefore = reader.errors.count
        var sources: [MatchedSource] = []
        for value in elements {
            guard let object = reader.object(value) else { continue }
            let id = identifier(object, "id", required: true)
            let namespace = reader.string(object, "namespace", required: true)
            let frame = rect(object, "frame", required: true)
            let radius = reader.number(object, "cornerRadius", in: Self.cornerRadiusRange) ?? 0
            var modifiers: [String] = []
            for modifier in reader.array(object, "modifiers", maxCount: Self.maximumModifiers) ?? [] {
                if let name = reader.string(modifier) { modifiers.append(name) }
            }
            let role = reader.choice(object, "role", as: SourceRole.self)
            let kind = sourceKind(object, barItem: .toolbarItem)
            // The configuration's `background(_:)`: a colour behind the content, filling the card.
            let background = readColor(object, "background")
            let shadow = readShadow(object)
            if let id, let namespace, let frame {
                sources.append(
                    MatchedSource(
                        id: id, namespace: namespace, frame: frame, cornerRadius: radius, modifiers: modifiers, role: role, kind: kind,
                        background: background, shadow: shadow))
            }
        }
        guard reader.errors.count == errorsBefore else { return nil }
        return .matched(sources)
    }

    /// `sources[i].shadow`: the configuration's `shadow(color:radius:x:y:)`. `radius` is required
    /// (as in Apple's declaration) and read as the Gaussian σ, as `shadow.radius` in the answer;
    /// `color` defaults to Apple's, black at opacity 0.33; `x` and `y` to 0. Absent or invalid
    /// (the error is recorded), nil.
    private func readShadow(_ source: FieldReader.Object) -> Shadow? {
        guard source.has("shadow") else {
            _ = reader.value(source, "shadow")
            return nil
        }
        guard let object = reader.object(source, "shadow") else { return nil }
        let radius = reader.number(object, "radius", required: true, in: Self.cornerRadiusRange)
        let color = object.has("color") ? readColor(object, "color") : Self.defaultShadowColor
        let x = reader.number(object, "x", in: Self.coordinateRange) ?? 0
        let y = reader.number(object, "y", in: Self.coordinateRange) ?? 0
        guard let radius, let color else { return nil }
        return Shadow(
            radius: radius, opacity: color.alpha, offsetY: y, offsetX: x,
            color: RGBAColor(red: color.red, green: color.green, blue: color.blue))
    }

    /// Apple's default shadow colour for a matched source, `Color(.sRGBLinear, white: 0,
    /// opacity: 0.33)`.
    static let defaultShadowColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.33)

    /// `destination`: optional; its frame defaults to the container's bounds (a full-screen page).
    func readDestination(_ root: FieldReader.Object, framework: Framework, container: Container?) -> Destination? {
        let fullScreen = container?.bounds ?? .zero
        guard root.has("destination") else {
            _ = reader.value(root, "destination")
            return Destination(frame: fullScreen)
        }
        guard let object = reader.object(root, "destination") else { return nil }
        let errorsBefore = reader.errors.count
        let frame = object.has("frame") ? rect(object, "frame", positive: true) : fullScreen
        let alignmentRect = rect(object, "alignmentRect")
        let radius = reader.number(object, "cornerRadius", in: Self.cornerRadiusRange) ?? 0
        let opaque = reader.bool(object, "opaque") ?? true
        let style = reader.choice(object, "presentationStyle", as: PresentationStyle.self) ?? .fullScreen
        let closeButton = reader.bool(object, "closeButton")
        let keepsPopover = reader.bool(object, "keepsPopoverWhenCompact") ?? false
        let detent = sheetDetent(object, style: style)
        var sourceID: SourceID?
        var namespace: String?
        switch framework {
        case .swiftUI:
            sourceID = identifier(object, "sourceID")
            namespace = reader.string(object, "namespace")
        case .uiKit:
            let reason = "applies only when platform.framework is \"SwiftUI\"; UIKit's source view comes from source"
            reject(object, "sourceID", reason)
            reject(object, "namespace", reason)
        }
        guard reader.errors.count == errorsBefore, let frame else { return nil }
        return Destination(
            frame: frame, alignmentRect: alignmentRect, cornerRadius: radius, isOpaque: opaque,
            presentationStyle: style, sourceID: sourceID, namespace: namespace, hasCloseButton: closeButton,
            detent: detent, keepsPopoverWhenCompact: keepsPopover)
    }

    // MARK: - iOS 26

    /// `kind`: `"view"` (the default) or the framework's own bar item (UIKit's `"barButtonItem"`,
    /// SwiftUI's `"toolbarItem"`). A bar item has no corner radius of its own: on iOS 26 it is a
    /// glass capsule, so a `cornerRadius` beside it is refused rather than silently unused.
    private func sourceKind(_ object: FieldReader.Object, barItem: SourceKind) -> SourceKind {
        guard let kind = reader.choice(object, "kind", as: SourceKind.self) else { return .view }
        let pointer = object.pointer.appending("kind")
        switch kind {
        case .view:
            return .view
        case barItem:
            if object.has("cornerRadius") {
                reader.fail(
                    object.pointer.appending("cornerRadius"),
                    "must be left out when kind is \"\(barItem.rawValue)\": a bar item's shape is its glass capsule (half its shorter side on iOS 26)"
                )
            }
            return kind
        default:
            let detail =
                barItem == .barButtonItem
                ? "\"toolbarItem\" is SwiftUI's; UIKit's bar button source is \"barButtonItem\""
                : "\"barButtonItem\" is UIKit's; SwiftUI's toolbar source is \"toolbarItem\""
            reader.fail(pointer, "must be \"view\" or \"\(barItem.rawValue)\"; \(detail)")
            return .view
        }
    }

    /// `destination.detent`: `"medium"` or `"large"`, only for a page or form sheet (the sheet
    /// styles); nil when absent.
    private func sheetDetent(_ object: FieldReader.Object, style: PresentationStyle) -> SheetDetent? {
        guard let detent = reader.choice(object, "detent", as: SheetDetent.self) else { return nil }
        guard style.isSheet else {
            reader.fail(
                object.pointer.appending("detent"),
                "applies only to a sheet (presentationStyle pageSheet, formSheet or automatic), not \"\(style.rawValue)\"")
            return nil
        }
        return detent
    }

    // MARK: - Helpers

    /// A SwiftUI id: a string or any JSON number, kept as its type (`SourceID`), so `2` and `"2"`
    /// are different ids and `2.5` is an id like any other (matchedTransitionSource reference:
    /// `id: string | number`, compared with `===`).
    private func identifier(_ object: FieldReader.Object, _ key: String, required: Bool = false) -> SourceID? {
        guard let value = reader.value(object, key, required: required) else { return nil }
        if let number = value.number { return .number(number) }
        guard value.kind == .string else {
            reader.fail(value.pointer, "must be a string or a number, not \(value.typeDescription)")
            return nil
        }
        return reader.string(value).map(SourceID.string)
    }

    /// Marks `key` as read and records `reason` when it is present and not null.
    private func reject(_ object: FieldReader.Object, _ key: String, _ reason: String) {
        guard reader.value(object, key) != nil else { return }
        reader.fail(object.pointer.appending(key), reason)
    }
}
