/// How far an observed value may be from the expected one and still conform.
///
/// The defaults are what a person can tell apart on a 3× screen at 60 Hz (docs/conformance.md
/// says why for each): 2 pt of position or size (6 device pixels: a card edge that far off is
/// visible side by side, one a pixel or two off is not), 1.5 pt of corner radius (a radius change
/// under that on a card's corner is below a pixel of the curve's deviation), 0.05 of opacity (a
/// scrim step of 5 % is at the edge of what an eye sees on a moving page), one 60 Hz frame
/// (1/60 s, rounded up to 17 ms) for a travel time or a callback, and six frames (0.1 s) for the
/// settle, whose time a spring's slow tail makes sensitive to a fraction of a point.
public struct Tolerances: Sendable, Hashable {
    /// x and y of the card's box, points.
    public var position: Double
    /// Width and height of the card's box, points.
    public var size: Double
    public var cornerRadius: Double
    /// dimming and sourceContent.
    public var opacity: Double
    /// Travel times (50 % and 90 %) and callback times, seconds.
    public var time: Double
    /// The settle time, seconds.
    public var settle: Double

    public static let standard = Tolerances(position: 2, size: 2, cornerRadius: 1.5, opacity: 0.05, time: 0.017, settle: 0.1)

    public init(position: Double, size: Double, cornerRadius: Double, opacity: Double, time: Double, settle: Double) {
        self.position = position
        self.size = size
        self.cornerRadius = cornerRadius
        self.opacity = opacity
        self.time = time
        self.settle = settle
    }
}
