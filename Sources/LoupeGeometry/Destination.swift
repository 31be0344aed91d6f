/// The page being shown (push/present) or left (pop/dismiss).
public struct Destination: Sendable, Hashable {
    /// Frame at rest in container coordinates (points).
    public var frame: Rect
    /// UIKit's `alignmentRectProvider` result: the part of the page the source is a miniature of,
    /// in destination-local coordinates (origin at the page's top-left). `nil` = the whole page.
    public var alignmentRect: Rect?
    /// The page's own corner radius at rest, used as the resting mask radius when the page does not
    /// cover the container. Default 0.
    public var cornerRadius: Double
    /// False when the page has transparent regions (see `GeometryEngine` on the system background).
    public var isOpaque: Bool
    /// Modal presentation style; ignored for push/pop. Default `.fullScreen`.
    public var presentationStyle: PresentationStyle
    /// SwiftUI: `navigationTransition(.zoom(sourceID:in:))`'s id; `nil` when the destination
    /// declares no zoom transition.
    public var sourceID: SourceID?
    /// SwiftUI: the namespace passed to `.zoom(sourceID:in:)`.
    public var namespace: String?
    /// Whether the page shows a close or Done button (`destination.closeButton`); nil when the
    /// request does not say. A full-screen presentation should have one.
    public var hasCloseButton: Bool?
    /// The detent a page or form sheet rests at (`destination.detent`); nil when the request does
    /// not say (UIKit's default, large). Only iOS 26 keeps a zooming sheet at its detent.
    public var detent: SheetDetent?
    /// The app keeps its popover a popover in a compact environment (its presentation
    /// controller's delegate answers `adaptivePresentationStyle(for:traitCollection:)` with
    /// `.none`); by default UIKit shows it as a form sheet there.
    public var keepsPopoverWhenCompact: Bool

    public init(
        frame: Rect,
        alignmentRect: Rect? = nil,
        cornerRadius: Double = 0,
        isOpaque: Bool = true,
        presentationStyle: PresentationStyle = .fullScreen,
        sourceID: SourceID? = nil,
        namespace: String? = nil,
        hasCloseButton: Bool? = nil,
        detent: SheetDetent? = nil,
        keepsPopoverWhenCompact: Bool = false
    ) {
        self.frame = frame
        self.alignmentRect = alignmentRect
        self.cornerRadius = cornerRadius
        self.isOpaque = isOpaque
        self.presentationStyle = presentationStyle
        self.sourceID = sourceID
        self.namespace = namespace
        self.hasCloseButton = hasCloseButton
        self.detent = detent
        self.keepsPopoverWhenCompact = keepsPopoverWhenCompact
    }
}
