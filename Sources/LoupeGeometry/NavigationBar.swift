/// The navigation bar over a zoom push or pop (opt-in: `options.navigationBar`).
///
/// Why a layer of its own: the bar belongs to the navigation stack, not to a page, so it does
/// not fly with the card. Its items stay pinned above the card at full size and cross-fade from
/// the covered page's to the pushed page's (swift_transitions' design.md §1.1 and §1.3, from
/// recordings of the Apple TV app on iOS 26). A player that drew the bar inside the page would
/// shrink it into the source with the card.
public struct NavigationBar: Sendable, Hashable {
    /// UIKit's standard bar height in points: the default `frame` is this tall, at the top of the
    /// container, across its width. A bar below a status bar or with a large title gives its own.
    public static let standardHeight = 44.0

    /// Where the bar's items are drawn, container coordinates. It never moves.
    public var frame: Rect
    /// The items' opacities at the clock's start, before any fade.
    public var initial: NavigationBarOpacities
    /// In time order; each starts where the one before it had got to.
    public private(set) var fades: [NavigationBarFade]

    public init(frame: Rect, initial: NavigationBarOpacities) {
        self.frame = frame
        self.initial = initial
        fades = []
    }

    /// The default frame in a container of `size`.
    public static func standardFrame(in size: Size) -> Rect {
        Rect(x: 0, y: 0, width: size.width, height: min(standardHeight, size.height))
    }

    /// The items' opacities at `time` (seconds on the plan's or timeline's clock).
    public func opacities(at time: Double) -> NavigationBarOpacities {
        guard let fade = fades.last(where: { $0.start <= time }) else { return initial }
        return fade.opacities(at: time)
    }

    /// Starts a fade at `start` toward the page that will be on top (the destination on a push),
    /// from wherever the items are then. `transitionDuration` is how long the transition that
    /// starts it runs: a transition shorter than the fade ends it with itself, so the items are
    /// at rest when the card is.
    /// - Precondition: `start` is not before the last fade's start.
    public mutating func fade(at start: Double, towardDestination: Bool, transitionDuration: Double) {
        let from = opacities(at: start)
        let target: NavigationBarOpacities = towardDestination ? .destinationOnTop : .coveredPageOnTop
        // Already there and not heading elsewhere: a fade would change nothing.
        let heading = fades.last?.towardDestination ?? towardDestination
        if from == target, heading == towardDestination { return }
        let pace = transitionDuration > 0 ? min(1, transitionDuration / NavigationBarFade.backButtonDuration) : 0
        fades.append(NavigationBarFade(start: start, from: from, towardDestination: towardDestination, pace: pace))
    }
}
