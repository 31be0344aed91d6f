import LoupeGeometry

/// Where a recognised gesture took hold: the reference its scale, rotation and translation are
/// measured from, so the card starts moving continuously from where it was.
struct GestureAnchor: Sendable, Hashable {
    var gesture: GestureKind
    /// Seconds: the touch sample that got the gesture past its slop or dead zone.
    var time: Double
    /// The tracked point then (the finger, or the pinch's centroid): the pivot of the card's
    /// scale and rotation ("scale about the touch point", "focal point 1:1").
    var pivot: Point
    /// Pinch: the unwrapped finger angle then.
    var angle: Double
    /// Pinch: the finger distance at touchesBegan ("distance ÷ (start − 8.7)").
    var startDistance: Double
    /// Edge swipe: +1 when the leading edge is the left one, −1 in right-to-left layouts.
    var direction: Double
}
