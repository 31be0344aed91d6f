import LoupeGeometry

/// Springs as both request kinds (plans and lifecycle scripts) spell them.
extension FieldReader {
    /// Seconds accepted for `response` and `duration`. Shorter springs than 10 ms are not
    /// animations; longer than 10 s exceed any UI transition (and the keyframe limit).
    public static let springDurationRange = 0.01...10.0
    /// ζ accepted for `dampingRatio`: the same range `bounce` maps to (0.05 to 20). An undamped
    /// spring (ζ 0) never settles, so it is rejected here instead of failing later.
    public static let dampingRatioRange = 0.05...20.0
    /// Accepted `bounce` (SwiftUI allows −1...1; both ends are degenerate springs).
    public static let bounceRange = -0.95...0.95

    /// `parent[key]` as a spring: a preset name, `{"response", "dampingRatio"}` (both required)
    /// or `{"duration", "bounce"}` (SwiftUI's defaults 0.5 and 0). Nil when absent or invalid;
    /// an invalid spring records errors at its fields.
    public func spring(_ parent: Object, _ key: String) -> Spring? {
        guard let value = value(parent, key) else { return nil }
        let presets = SpringPreset.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        switch value.kind {
        case .string:
            let name = value.string ?? ""
            guard let preset = SpringPreset(rawValue: name) else {
                fail(value.pointer, "must be an object or one of \(presets), not \"\(String(name.prefix(64)))\"")
                return nil
            }
            return preset.spring
        case .object:
            guard let object = object(value) else { return nil }
            return springParameters(object)
        default:
            fail(value.pointer, "must be an object or one of \(presets), not \(value.typeDescription)")
            return nil
        }
    }

    private func springParameters(_ object: Object) -> Spring? {
        let errorsBefore = errors.count
        let responseForm = object.has("response") || object.has("dampingRatio")
        let durationForm = object.has("duration") || object.has("bounce")
        if responseForm && durationForm {
            fail(object.pointer, "must give either response and dampingRatio or duration and bounce, not both")
        }
        if responseForm {
            let response = number(object, "response", required: true, in: Self.springDurationRange)
            let ratio = number(object, "dampingRatio", required: true, in: Self.dampingRatioRange)
            _ = number(object, "duration", in: Self.springDurationRange)
            _ = number(object, "bounce", in: Self.bounceRange)
            guard let response, let ratio, errors.count == errorsBefore else { return nil }
            return Spring(response: response, dampingRatio: ratio)
        }
        // A null response or dampingRatio is absent, not unknown: mark them read.
        _ = value(object, "response")
        _ = value(object, "dampingRatio")
        let duration = number(object, "duration", in: Self.springDurationRange) ?? 0.5
        let bounce = number(object, "bounce", in: Self.bounceRange) ?? 0
        guard errors.count == errorsBefore else { return nil }
        return Spring(duration: duration, bounce: bounce)
    }
}
