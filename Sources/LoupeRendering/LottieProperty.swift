import LoupeGeometry

/// One property's value at each frame: `values[k]` at frame k (one plan keyframe per frame).
/// One value, or values all equal, is a static property.
public struct LottieProperty: Sendable, Hashable {
    public var values: [[Double]]

    public init(_ values: [[Double]]) { self.values = values }

    public static func constant(_ value: [Double]) -> LottieProperty { LottieProperty([value]) }

    /// True when every frame has the same value (written as `{"a": 0, "k": value}`).
    public var isStatic: Bool { values.dropFirst().allSatisfy { $0 == values.first } }
}
