import LoupeGeometry

/// One element of a web rendering: how it is placed (static style) and how it animates
/// (keyframes at offsets 0...1 of the plan's duration).
///
/// The CSS and WAAPI renderings are two spellings of a list of these, built once by
/// `PlanLayers`.
struct AnimatedLayer: Sendable, Hashable {
    /// One keyframe: an offset (time ÷ duration, 0...1) and the values at it.
    struct Frame: Sendable, Hashable {
        var offset: Double
        var values: [Declaration]
    }

    /// A property and its value.
    struct Declaration: Sendable, Hashable {
        var property: StyleProperty
        var value: StyleValue
    }

    /// The layer's name: the CSS class `loupe-<name>`, the `@keyframes loupe-<name>` rule and the
    /// WAAPI key.
    var name: String
    /// What the element is, for the comment above its CSS rule.
    var role: String
    var style: [Declaration]
    var frames: [Frame]

    /// The frames without interior ones whose values equal both neighbours' (linear
    /// interpolation through them changes nothing), and without a frame whose offset rounds
    /// (to 1e-6) onto the next one's, which CSS percentages could not tell apart. The first and
    /// last frames always stay.
    static func simplified(_ frames: [Frame]) -> [Frame] {
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
    init(
        name: String, role: String, style: [Declaration], frames: [(offset: Double, keyframe: Keyframe)],
        values: (Keyframe) -> [Declaration]
    ) {
        let animated = frames.map { Frame(offset: $0.offset, values: values($0.keyframe)) }
        self.init(name: name, role: role, style: style, frames: Self.simplified(animated))
    }
}
