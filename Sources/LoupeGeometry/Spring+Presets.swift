/// Named springs: SwiftUI's presets and the measured defaults used when a request names none.
extension Spring {
    /// SwiftUI `.smooth`: duration 0.5 s, bounce 0 (critically damped).
    public static let smooth = Spring(duration: 0.5, bounce: 0)
    /// SwiftUI `.snappy`: duration 0.5 s, bounce 0.15 (ζ 0.85).
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    /// SwiftUI `.bouncy`: duration 0.5 s, bounce 0.3 (ζ 0.7).
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)

    /// The iOS zoom flight: critically damped, ω ≈ 19 rad/s (response 2π/19 ≈ 0.331 s,
    /// stiffness ≈ 361). Measured, not official: swift_transitions (docs/design.md; its fit of the
    /// iOS 27 simulator; push and pop fit 18–19.75 rad/s). Settles (ε 0.001) in ≈ 0.486 s.
    public static let zoom = Spring(response: 2 * Double.pi / 19, dampingRatio: 1)

    /// The standard navigation slide: critically damped, stiffness 522.35 (Flutter's
    /// `CupertinoPageRoute` spring; measured by swift_transitions, not official: the arriving edge
    /// settles in ≈ 450 ms).
    public static let navigationSlide = Spring(stiffness: 522.35, damping: 2 * 522.35.squareRoot())

    /// iOS 26's navigation slide, as recorded natively (swift_transitions' parity stage 1: iOS 27
    /// simulator recordings, which its iOS 26 device runs match): an exponential decay of the
    /// remaining distance with τ 61 ms and no ease-in, "the first frame moves a fifth of the
    /// width", settled to half a point at 400 ms. As a spring: overdamped (ζ 4) with its slow
    /// root at 1/τ, started at `slide26Velocity`, which cancels the fast root, so the journey is
    /// exactly 1 − e^(−t/τ): 0.239 of the width at 16.7 ms, 0.559 at 50 ms, as recorded.
    public static let slide26 = Spring(response: 2 * Double.pi / (slide26DecayRate / (4 - 15.0.squareRoot())), dampingRatio: 4)

    /// The recorded slide's decay rate, 1/τ with τ = 61 ms: also its initial velocity in progress
    /// per second.
    public static let slide26DecayRate = 1 / 0.061

    /// The vertical cover used by present/dismiss where zoom falls back; no measurement exists,
    /// so it reuses the navigation slide's spring.
    public static let coverVertical = navigationSlide

    /// The popover's fade: critically damped with a 0.25 s response (settles in ≈ 0.37 s).
    /// A design choice: UIKit's popover animation is not spring-specified anywhere we read.
    public static let popoverFade = Spring(duration: 0.25, bounce: 0)
    /// Reduce Motion's cross-fade: critically damped, settling (within 0.001) in 0.14 s, the
    /// "native cross-fade of ~140 ms each way" measured on an iOS simulator by swift_transitions
    /// (docs/design.md; a third-party measurement, Apple publishes no duration). A critically
    /// damped spring is within 0.001 of its target once ωt = 9.2335 ((1 + ωt)e^(−ωt) = 0.001).
    public static let reduceMotionCrossfade = Spring(response: 2 * Double.pi * 0.14 / 9.233_5, dampingRatio: 1)

    /// The preset named `name` ("smooth", "snappy", "bouncy"), or `nil`.
    public static func preset(named name: String) -> Spring? {
        switch name {
        case "smooth": return .smooth
        case "snappy": return .snappy
        case "bouncy": return .bouncy
        default: return nil
        }
    }
}
