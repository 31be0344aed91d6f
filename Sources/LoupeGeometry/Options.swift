/// How the destination's alignment rect is scaled onto the source frame at the start of a zoom.
///
/// Named after Material's container-transform `fitMode` (Material Components, Android). All modes
/// centre the alignment rect on the source (SwiftUI: top-centre).
public enum FitMode: String, Sendable, Hashable, CaseIterable {
    /// Uniform scale that covers the source (the larger of the two ratios). UIKit's default here.
    case fill
    /// Uniform scale that fits inside the source (the smaller ratio).
    case fit
    /// Match widths. SwiftUI's behaviour ("scales the whole page into the card from its top").
    case width
    /// Match heights.
    case height
}

/// The path the card's centre travels.
public enum MotionPath: String, Sendable, Hashable, CaseIterable {
    /// A straight line, as measured for iOS by swift_transitions.
    case straight
    /// A quadratic Bézier arc, as Material's `MaterialArcMotion`: the control point is
    /// (end.x, start.y) when moving up the screen and (start.x, end.y) when moving down.
    case arc
}

/// What zooms.
public enum BackgroundMode: String, Sendable, Hashable, CaseIterable {
    /// The whole destination page zooms (iOS's behaviour).
    case zoom
    /// Only the alignment-rect content zooms; the rest of the page fades in place: the wish of
    /// the "Zoom transitions" guide's author ("The transition might look even better if the black
    /// background didn't zoom").
    case crossfade
}

/// A colour with components in 0...1 (sRGB, not premultiplied).
public struct RGBAColor: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
}

/// The scrim over the covered page: `color` at opacity `strength × progress`.
public struct Dimming: Sendable, Hashable {
    /// Default black: UIKit's `dimmingColor` default is undocumented; black matches the measured
    /// luminance drop (measured by swift_transitions, not official).
    public var color: RGBAColor
    /// Opacity at full progress, 0...1. Default 0.15 (measured by swift_transitions, not official).
    public var strength: Double

    public init(color: RGBAColor = .black, strength: Double = 0.15) {
        self.color = color
        self.strength = strength
    }

    public static let zoomDefault = Dimming()
}

/// The right-to-left flag of the container, which mirrors the slide fallback.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    case leftToRight
    case rightToLeft
}
