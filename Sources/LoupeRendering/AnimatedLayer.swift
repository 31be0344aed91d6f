import LoupeGeometry

/// One element of a web rendering: how it is placed (static style) and how it animates
/// (keyframes at offsets 0...1 of the plan's duration).
///
/// The CSS and WAAPI renderings are two spellings of a list of these, built once by
/// `PlanLayers`.
public struct AnimatedLayer: Sendable, Hashable {
    /// One keyframe: an offset (time ÷ duration, 0...1) and the values at it.
    public struct Frame: Sendable, Hashable {
        public var offset: Double
        public var values: [Declaration]

        public init(offset: Double, values: [Declaration]) {
            self.offset = offset
            self.values = values
        }
    }

    /// A property and its value.
    public struct Declaration: Sendable, Hashable {
        public var property: StyleProperty
        public var value: StyleValue

        public init(property: StyleProperty, value: StyleValue) {
            self.property = property
            self.value = value
        }
    }

    /// The layer's name: the CSS class `loupe-<name>`, the `@keyframes loupe-<name>` rule and the
    /// WAAPI key.
    public var name: String
    /// What the element is, for the comment above its CSS rule.
    public var role: String
    public var style: [Declaration]
    public var frames: [Frame]

    public init(name: String, role: String, style: [Declaration], frames: [Frame]) {
        self.name = name
        self.role = role
        self.style = style
        self.frames = frames
    }

    /// The frames without interior ones whose values equal both neighbours' (linear
    /// interpolation through them changes nothing), and without a frame whose offset rounds
    /// (to 1e-6) onto the next one's, which CSS percentages could not tell apart. The first and
    /// last frames always stay.
    public static func simplified(_ frames: [Frame]) -> [Frame] {
        guard frames.count > 2 else { return frames }
        var kept: [Frame] = [frames[0]]
        for index in 1..<(frames.count - 1) {
            let frame = frames[index], next = frames[index + 1]
            if (frame.offset * 1e6).rounded() == (next.offset * 1e6).rounded() { continue }
            if let previous = kept.last, previous.values == frame.values, frame.values == next.values { continue }
            kept.append(frame)
        }
        kept.append(frames[frames.count - 1])
        return kept
    }
}

extension AnimatedLayer {
    /// A layer whose values at each timed keyframe are `values(keyframe)`, simplified.
    public init(
        name: String, role: String, style: [Declaration], frames: [(offset: Double, keyframe: Keyframe)],
        values: (Keyframe) -> [Declaration]
    ) {
        let animated = frames.map { Frame(offset: $0.offset, values: values($0.keyframe)) }
        self.init(name: name, role: role, style: style, frames: Self.simplified(animated))
    }
}
