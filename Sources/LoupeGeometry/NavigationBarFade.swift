/// One cross-fade of the bar's items, started by a push or a pop.
///
/// Timing (estimates from swift_transitions' native recordings, as its parity notes give them):
/// the back button fades over about 140 ms from the transition's start; the titles swap in a
/// 50 ms cross-fade about 90 ms in. A pop runs the same schedule the other way: no recording
/// of a zoom pop's bar is published, so its timing is the push's, assumed symmetric.
public struct NavigationBarFade: Sendable, Hashable {
    /// Seconds: the back button's fade.
    public static let backButtonDuration = 0.140
    /// Seconds from the start until the titles begin to swap.
    public static let titleDelay = 0.090
    /// Seconds the titles' cross-fade lasts.
    public static let titleDuration = 0.050

    /// Seconds on the clock.
    public var start: Double
    /// Where the items were when it started (at rest, or partway through an earlier fade).
    public var from: NavigationBarOpacities
    /// Toward the pushed page (a push) or toward the covered page (a pop).
    public var towardDestination: Bool
    /// The share of the schedule's times the fade takes: 1, or less for a transition shorter
    /// than the back button's fade; 0 jumps to the end.
    public var pace: Double

    /// The opacities `time` seconds on the clock.
    public func opacities(at time: Double) -> NavigationBarOpacities {
        let target: NavigationBarOpacities = towardDestination ? .destinationOnTop : .coveredPageOnTop
        let elapsed = time - start
        func share(after delay: Double, over duration: Double) -> Double {
            guard pace > 0 else { return 1 }
            return Scalar.unit((elapsed - delay * pace) / (duration * pace))
        }
        let button = share(after: 0, over: Self.backButtonDuration)
        let titles = share(after: Self.titleDelay, over: Self.titleDuration)
        return NavigationBarOpacities(
            backButton: Scalar.lerp(from.backButton, target.backButton, button),
            destinationItems: Scalar.lerp(from.destinationItems, target.destinationItems, titles),
            coveredItems: Scalar.lerp(from.coveredItems, target.coveredItems, titles))
    }
}
