/// Small numeric helpers shared by the geometry; kept in one place so every file clamps the same way.
public enum Scalar {
    /// `(1 − t)·start + t·end`, unclamped. This form returns `start` and `end` exactly at t = 0
    /// and t = 1, so the first and last keyframes are bit-exact.
    @inlinable
    public static func lerp(_ start: Double, _ end: Double, _ t: Double) -> Double {
        (1 - t) * start + t * end
    }

    /// `value` limited to `range`; NaN becomes the lower bound so a bad number never propagates.
    @inlinable
    public static func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        guard !value.isNaN else { return range.lowerBound }
        return min(max(value, range.lowerBound), range.upperBound)
    }

    /// `value` limited to 0...1: opacities and fade ramps.
    @inlinable
    public static func unit(_ value: Double) -> Double { clamp(value, 0...1) }
}
