/// The advisories about how a zoom will *look*, from the resolved frames (seed 000's advice).
public enum SceneAdvisor {
    /// A source at least this share of the container's width counts as "full width".
    public static let skinnyWidthShare = 0.8
    /// …and at least this many times wider than tall counts as "skinny" (a 402 × 88 pt list row is 4.6).
    public static let skinnyAspect = 4.0
    /// Aspect ratios further apart than this factor (either way) ghost without an alignment rect.
    public static let aspectMismatchFactor = 1.2
    /// Frame rates below this get `low-frame-rate`.
    public static let lowFrameRate = 30.0

    /// True for a full-width, short row.
    public static func isSkinny(_ source: Rect, container: Size) -> Bool {
        container.width > 0 && source.width >= skinnyWidthShare * container.width
            && source.width >= skinnyAspect * source.height
    }

    /// Advisories about the source's shape and position relative to the page and container.
    /// - Parameters:
    ///   - aligned: true when a usable UIKit alignment rect was given (no ghosting to warn about).
    public static func sourceAdvisories(
        source: Rect, subject: AdvisorySubject, container: Size, alignmentSize: Size,
        aligned: Bool, framework: Framework
    ) -> [Advisory] {
        var advisories: [Advisory] = []
        if !source.intersects(Rect(origin: .zero, size: container)) {
            advisories.append(Advisory(.sourceOffScreen,
                "The source lies entirely outside the container (for example a prefetched cell scrolled off screen), so the card flies off the edge; cells returned for off-screen rows make this inconsistent. Return nil for off-screen sources to zoom from the centre instead.",
                subject: subject))
        }
        if isSkinny(source, container: container) {
            advisories.append(Advisory(.skinnySource,
                "The source is a skinny full-width row (\(source.width.rounded().plainText) × \(source.height.rounded().plainText) pt); zooming from it rarely looks good. Zoom from a thumbnail inside the row, or use the default transition.",
                subject: subject))
        } else if !aligned, let s = source.size.aspectRatio, let a = alignmentSize.aspectRatio,
                  max(s / a, a / s) > aspectMismatchFactor {
            let fix = framework == .uiKit
                ? "Give an alignment rect for the part of the page the source shows."
                : "SwiftUI has no alignment-rect API; match the source's aspect ratio to the page or zoom from a view with the page's shape."
            advisories.append(Advisory(.aspectRatioMismatch,
                "The source's aspect ratio differs from the page's, so the content shifts during the zoom and appears twice (the \"double ferry\" ghosting). \(fix)",
                subject: framework == .uiKit ? .destinationAlignmentRect : subject))
        }
        return advisories
    }

    /// `low-frame-rate` under 30 keyframes per second.
    public static func frameRateAdvisories(_ frameRate: Double) -> [Advisory] {
        guard frameRate < lowFrameRate else { return [] }
        return [Advisory(.lowFrameRate,
            "At \(frameRate.plainText) keyframes per second the motion will look choppy; use at least 30 (60 matches most displays).",
            subject: .frameRate)]
    }
}

extension Double {
    /// Whole numbers without ".0", others as Swift prints them.
    var plainText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
