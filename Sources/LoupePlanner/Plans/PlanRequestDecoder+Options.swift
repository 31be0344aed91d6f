import LoupeGeometry

/// `options`: Loupe's own knobs (fit, path, background, dimming) and the answer's shape
/// (strict mode, precision).
extension PlanRequestDecoder {
    struct DecodedOptions {
        /// Nil when a field was invalid.
        var zoom: ZoomOptions?
        var strict: Bool
        var precision: Int?
        /// The `options` object itself, so a route that takes more options than a plan (a
        /// timeline's `spreadToOpen`) reads them from the same object and they are not reported as
        /// unknown; nil when absent or not an object.
        var object: FieldReader.Object?
    }

    func readOptions(_ root: FieldReader.Object) -> DecodedOptions {
        guard root.has("options") else {
            _ = reader.value(root, "options")
            return DecodedOptions(zoom: ZoomOptions(), strict: false, precision: nil, object: nil)
        }
        guard let object = reader.object(root, "options") else {
            return DecodedOptions(zoom: nil, strict: false, precision: nil, object: nil)
        }
        let errorsBefore = reader.errors.count
        let fitMode = reader.choice(object, "fitMode", as: FitMode.self)
        let motionPath = reader.choice(object, "motionPath", as: MotionPath.self) ?? .straight
        let backgroundMode = reader.choice(object, "backgroundMode", as: BackgroundMode.self) ?? .zoom
        let dimming = readDimming(object)
        let visualEffect = reader.choice(object, "dimmingVisualEffect", as: BlurStyle.self)
        let reduceMotion = reader.bool(object, "reduceMotion") ?? false
        let navigationBar = readNavigationBar(object)
        let strict = reader.bool(object, "strict") ?? false
        let precision = reader.integer(object, "precision", in: Self.precisionRange)
        guard reader.errors.count == errorsBefore, let dimming else {
            return DecodedOptions(zoom: nil, strict: strict, precision: precision, object: object)
        }
        let options = ZoomOptions(
            fitMode: fitMode, motionPath: motionPath, backgroundMode: backgroundMode, dimming: dimming,
            dimmingVisualEffect: visualEffect, reduceMotion: reduceMotion, navigationBar: navigationBar)
        return DecodedOptions(zoom: options, strict: strict, precision: precision, object: object)
    }

    /// `options.dimming`: UIKit's `dimmingColor` as "#RRGGBB" or "#RRGGBBAA" and the scrim's
    /// opacity at full progress (default black at 0.15, measured by swift_transitions).
    private func readDimming(_ options: FieldReader.Object) -> Dimming? {
        guard options.has("dimming") else {
            _ = reader.value(options, "dimming")
            return Dimming()
        }
        guard let object = reader.object(options, "dimming") else { return nil }
        let color = readColor(object, "color") ?? RGBAColor.black
        let opacity = reader.number(object, "opacity", in: 0...1) ?? Dimming.zoomDefault.strength
        return Dimming(color: color, strength: opacity)
    }

    /// `options.navigationBar`: `{}` draws UIKit's standard bar (44 pt at the container's top,
    /// across its width); `{"frame": {...}}` puts it elsewhere (a bar below a status bar, a large
    /// title), with an area. Absent, or invalid (the error is recorded), nil.
    private func readNavigationBar(_ options: FieldReader.Object) -> NavigationBarPlacement? {
        guard options.has("navigationBar") else {
            _ = reader.value(options, "navigationBar")
            return nil
        }
        guard let object = reader.object(options, "navigationBar") else { return nil }
        guard object.has("frame") else {
            _ = reader.value(object, "frame")
            return .standard
        }
        return rect(object, "frame", positive: true).map { .frame($0) }
    }

    /// `options.viewTransitionName` and `options.viewTransitionClass`: a CSS `<custom-ident>` as
    /// the `view-transition-name` and `view-transition-class` properties take it (CSS Values 4
    /// §4.2, View Transitions §3.1 and Level 2's `view-transition-class`): ASCII letters, digits,
    /// "-" and "_", not starting with a digit or "-" + digit, and none of the words the properties
    /// or CSS reserve. Restricting to ASCII keeps every accepted name safe to write into the
    /// stylesheet as is (no escapes, nothing that could end a comment or a rule).
    func readCustomIdent(_ options: FieldReader.Object, _ key: String, example: String) -> String? {
        guard let text = reader.string(options, key, maxLength: 64) else { return nil }
        guard Self.isCustomIdent(text) else {
            reader.fail(
                options.pointer.appending(key),
                "must be a CSS name such as \"\(example)\" (ASCII letters, digits, \"-\", \"_\"; not starting with a digit; not root, none, auto, match-element or a CSS-wide keyword), not \"\(text)\""
            )
            return nil
        }
        return text
    }

    static func isCustomIdent(_ text: String) -> Bool {
        let reserved: Set<String> = ["none", "auto", "match-element", "initial", "inherit", "unset", "revert", "revert-layer", "default"]
        let bytes = Array(text.utf8)
        // `root` is the name the browser gives the document element: a second element with it
        // would make the transition's names collide, and the stylesheet animates root's own
        // snapshots under it.
        guard let first = bytes.first, !reserved.contains(text.lowercased()), text != "root" else { return false }
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "_") }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        let hyphen = UInt8(ascii: "-")
        guard bytes.allSatisfy({ isLetter($0) || isDigit($0) || $0 == hyphen }) else { return false }
        if isLetter(first) { return true }
        // "-" must be followed by a letter, "_" or another "-" ("--name" is valid too).
        guard first == hyphen, bytes.count > 1 else { return false }
        return isLetter(bytes[1]) || bytes[1] == hyphen
    }

    /// A colour at `key` of `object` as "#RRGGBB" or "#RRGGBBAA": nil when absent, null or
    /// invalid (an invalid one is a failure at its pointer).
    func readColor(_ object: FieldReader.Object, _ key: String) -> RGBAColor? {
        guard let text = reader.string(object, key, maxLength: 16) else { return nil }
        guard let color = Self.color(hex: text) else {
            reader.fail(object.pointer.appending(key), "must be a colour such as \"#000000\" or \"#00000080\", not \"\(text)\"")
            return nil
        }
        return color
    }

    /// "#RRGGBB" or "#RRGGBBAA" (hex digits in either case) as components in 0...1.
    static func color(hex text: String) -> RGBAColor? {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else { return nil }
        var components: [Double] = []
        var index = 1
        while index + 1 < bytes.count {
            guard let high = hexDigit(bytes[index]), let low = hexDigit(bytes[index + 1]) else { return nil }
            components.append(Double(high * 16 + low) / 255)
            index += 2
        }
        guard components.count >= 3 else { return nil }
        return RGBAColor(
            red: components[0], green: components[1], blue: components[2],
            alpha: components.count == 4 ? components[3] : 1)
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case 48...57: Int(byte - 48)
        case 65...70: Int(byte - 55)
        case 97...102: Int(byte - 87)
        default: nil
        }
    }
}
