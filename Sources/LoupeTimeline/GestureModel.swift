import LoupeGeometry

/// The numbers that turn fingers into card motion and decide how a release ends.
///
/// The defaults are **measured, not official**: Apple documents no constant of the zoom's gestures.
/// They come from swift_transitions' least-squares fits of iOS simulator recordings (its
/// docs/design.md); values marked [GUESS] have no measurement behind them.
public struct GestureModel: Sendable, Hashable {
    // MARK: Swipe down (pan)

    /// Points a finger travels before the swipe starts moving the card: measured 16–20 pt; the
    /// middle is used.
    public var panSlop: Double = 18
    /// Scale lost per container height of downward travel: `1 − 0.67 × travel ÷ height`.
    public var panScalePerHeight: Double = 0.67
    /// Travel (share of the container height) up to which the scale is linear: measured "linear to
    /// 0.49 of the height". Beyond it the scale is rubber-banded toward `panScaleFloor`.
    public var panLinearTravel: Double = 0.49
    /// The scale the rubber band approaches and never reaches (measured floor 0.37).
    public var panScaleFloor: Double = 0.37
    /// Sideways card travel per point of finger travel near the start (measured gain 0.56; the
    /// card moved 26/49/69/85 pt for 50/100/150/195 pt sweeps).
    public var sidewaysGain: Double = 0.56
    /// The sideways (and upward) rubber band's limit, as a share of the container's width (height).
    public var sidewaysLimit: Double = 0.9

    // MARK: Leading-edge swipe (edgePan)

    /// How far from the leading edge a touch may land and still be an edge swipe. [GUESS] The "Zoom
    /// transitions" guide says only "from near the leading edge".
    public var edgeZone: Double = 20
    /// Points of travel away from the edge before the card moves (measured 12 pt).
    public var edgeDeadZone: Double = 12
    /// Scale lost per container width of travel: `1 − 0.67 × travel ÷ width`, no knee.
    public var edgeScalePerWidth: Double = 0.67
    /// How much of the finger's vertical travel the card follows during an edge swipe (measured 0.43).
    public var edgeVerticalFollow: Double = 0.43

    // MARK: Pinch

    /// Points the finger distance must shrink before the card scales (measured 8.7 pt):
    /// `scale = distance ÷ (start − 8.7)`, never above 1.
    public var pinchDeadZone: Double = 8.7
    /// The smallest scale a pinch can give the card, so the transform stays invertible. [GUESS]
    public var pinchMinimumScale: Double = 0.05

    // MARK: Release

    /// Seconds of release velocity added to the position before deciding (measured ~120 ms).
    public var projectionTime: Double = 0.12
    /// A swipe down finishes when its projected scale is below this (measured 0.905).
    public var panCommitScale: Double = 0.905
    /// An edge swipe finishes when its projected scale is below this (measured 0.70).
    public var edgeCommitScale: Double = 0.70
    /// iOS 26's content back swipe (a finger's pan from anywhere on a zoomed page) finishes when
    /// its projected scale is below this: measured 0.79 (swift_transitions' CHANGELOG 0.2.0 and
    /// `ZoomDismissPhysics.anywhereSwipeDismissThreshold`: native swipes from mid-page released
    /// at 0.796 sprang back, at 0.779 and 0.762 landed; parity stage 10).
    public var contentSwipeCommitScale: Double = 0.79
    /// A pinch finishes when the finger distance at release is below this share of its start
    /// (measured ~0.5, no projection).
    public var pinchCommitRatio: Double = 0.5

    // MARK: The slide's content back swipe (iOS 26)

    /// Points a finger's swipe from anywhere on a slide-pushed page travels before the page
    /// follows it, measured from the touch: 27 pt (swift_transitions' CHANGELOG 0.2.0, "the push
    /// page waits out 27 pt and then follows the finger").
    public var slideContentDeadZone: Double = 27
    /// That swipe finishes when the page, projected `projectionTime` ahead, has travelled this
    /// share of the width: 42 % (the same CHANGELOG: "a release commits from 42 % of the width
    /// where the edge swipe's line is 53 %").
    public var slideContentCommitShare: Double = 0.42
    /// From iOS 26 the edge swipe on a slide-pushed page finishes when the page, projected
    /// `projectionTime` ahead, has travelled this share of the width: 53 % (the same CHANGELOG's
    /// "the edge swipe's line is 53 %"; its native recordings gave 0.50–0.53). Before 26 it keeps
    /// the zoom's 0.70 scale line (no recording of those versions).
    public var slideEdgeCommitShare: Double = 0.53
    /// From iOS 26 a slide's back swipe lands on this spring: ω 22, ζ 0.85 (swift_transitions'
    /// native recordings of the slide's back swipe); before 26 on `finishSpring`.
    public var slideLandingSpring = Spring(response: 2 * Double.pi / 22, dampingRatio: 0.85)

    // MARK: Spread to open (`spreadToOpen`; not iOS behaviour, nothing measured)

    /// A spread finishes opening when the progress its finger distance projects to,
    /// `projectionTime` ahead, passes this. [GUESS] The middle of the journey: there is no iOS
    /// gesture to measure, and half-way is where a pinch's release also turns (ratio 0.5).
    public var spreadCommitProgress: Double = 0.5
    /// How many times bigger than the source the content grows on the way to the destination
    /// when the geometry gives no useful ratio (a source as big as the page). [GUESS]
    public var spreadFallbackRatio: Double = 2

    // MARK: Springs

    /// The landing into the source after a finishing release: ω 15 rad/s, ζ 0.75 (measured: "one
    /// spring ω 15, ζ 0.75 holds all rest releases to 2.4 pt").
    public var finishSpring = Spring(response: 2 * Double.pi / 15, dampingRatio: 0.75)
    /// How much of `finishSpring`'s frequency a pinch's or an edge swipe's landing gains per
    /// resting card width per second the fingers moved at when they let go: 0.3 (swift_transitions'
    /// `ZoomDismissPhysics.landingQuickening`, parity stage 9: native landings of 165–245 ms at
    /// rest, 100–133 ms at 800 pt/s a finger). A pan hands nothing over (its flung landings take the
    /// 233–272 ms of a release at rest).
    public var landingQuickening: Double = 0.3
    /// The speed, in resting card widths per second, past which a release quickens the landing no
    /// more: 3 (`ZoomDismissPhysics.maxLandingSpeed`; native landings stop shortening under
    /// 1,200 pt/s).
    public var maximumLandingSpeed: Double = 3
    /// The spring back after a cancelling release: ω 22 rad/s, ζ 0.9 (measured ω 22–22.5).
    public var cancelSpring = Spring(response: 2 * Double.pi / 22, dampingRatio: 0.9)
    /// How the card follows its gesture target: ω 45 rad/s (measured "all lag 2–3 frames, tracking
    /// spring ω 45, ζ 0.7–1.0"); critically damped, so a grabbed card stops without bouncing.
    public var trackingSpring = Spring(response: 2 * Double.pi / 45, dampingRatio: 1)

    /// The measured defaults.
    public init() {}

    /// The defaults measured by swift_transitions.
    public static let measured = GestureModel()
}
