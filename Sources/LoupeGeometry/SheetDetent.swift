/// The height a sheet rests at (`destination.detent`), UIKit's
/// `UISheetPresentationController.Detent` `.medium()` and `.large()`.
///
/// From iOS 26 a zoom into a page or form sheet keeps the sheet at its detent instead of showing it
/// full screen: sheets "grow out of the button that presented them" and partial-height sheets
/// float inset from the screen's edges (Apple, WWDC25 "Build a SwiftUI app with the new design").
/// Apple publishes no sheet geometry, so every number here is an estimate (docs/behaviour.md).
public enum SheetDetent: String, Sendable, Hashable, CaseIterable {
    /// About half the fully expanded height (Human Interface Guidelines, "Sheets").
    case medium
    /// The fully expanded sheet; UIKit's default detent.
    case large

    /// The large sheet's top edge, as a share of the container's height: just below the status
    /// bar, about 62 pt on an 852 pt iPhone. Estimate.
    public static let largeTopShare = 0.073
    /// How far a medium sheet floats from the leading, trailing and bottom edges (points).
    /// Estimate.
    public static let mediumInset = 8.0

    /// Where the sheet rests in `container`, and its corner radius: concentric with the display's
    /// corners (the display's radius less the sheet's inset from the screen's edges).
    public func restingShape(in container: Container) -> RoundedRect {
        let size = container.size
        let top = (size.height * Self.largeTopShare).rounded()
        let largeHeight = max(0, size.height - top)
        switch self {
        case .large:
            return RoundedRect(
                rect: Rect(x: 0, y: top, width: size.width, height: largeHeight),
                cornerRadius: container.displayCornerRadius)
        case .medium:
            // A container too small for the inset keeps half of each side for the sheet, so the
            // sheet never loses its area; a display with corners tighter than the inset gives a
            // square-cornered sheet, never a negative radius.
            let inset = min(Self.mediumInset, size.width / 4, size.height / 4)
            let half = largeHeight / 2
            let height = half.rounded() > 0 ? half.rounded() : half
            return RoundedRect(
                rect: Rect(x: inset, y: size.height - inset - height, width: size.width - 2 * inset, height: height),
                cornerRadius: max(0, container.displayCornerRadius - inset))
        }
    }
}
