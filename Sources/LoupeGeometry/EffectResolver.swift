import LoupeWarnings

/// Decides which effect runs, from the platform, the transition kind and the presentation style.
///
/// Sources: the "Zoom transitions" guide's "Platform availability" and "sheets and popovers";
/// Apple's fluid-transitions article ("available on iPhone and iPad, including iPad apps running in
/// visionOS … other platforms … use the default transitions"). Order of the rules: macOS (error) →
/// popover → OS version → platform (Mac Catalyst among the defaults) → sheets.
public enum EffectResolver {
    /// The decision and what to tell the developer about it.
    public struct Resolution: Sendable, Hashable {
        public var effect: TransitionEffect
        public var warnings: [Warning<GeometryWarningCode>]
        /// A sheet style was given for a zooming present/dismiss: the page is laid out full screen.
        public var treatsSheetAsFullScreen: Bool
        /// iOS 26 and later: the zooming sheet stays at this detent (its frame and radius from
        /// `SheetDetent.restingShape`); nil otherwise.
        public var keptDetent: SheetDetent? = nil
    }

    /// - Throws: `GeometryError.zoomAPIUnavailable` on macOS (no SwiftUI zoom API; UIKit on a Mac
    ///   is Mac Catalyst).
    /// - Parameter detent: the sheet's detent as the request gives it (nil: UIKit's default, large).
    public static func resolve(
        transition: TransitionKind, platform: Platform, presentationStyle: PresentationStyle, detent: SheetDetent? = nil
    ) throws(GeometryError) -> Resolution {
        if platform.os == .macOS {
            throw .zoomAPIUnavailable(os: .macOS, framework: platform.framework)
        }
        var warnings: [Warning<GeometryWarningCode>] = []
        if transition.isModal, presentationStyle == .popover {
            warnings.append(
                Warning<GeometryWarningCode>(
                    .popoverIgnoresZoom,
                    "A popover presentation ignores the zoom transition: the popover appears and disappears with its usual fade. Use fullScreen or overFullScreen to zoom.",
                    subject: .presentationStyle))
            return Resolution(effect: .popover, warnings: warnings, treatsSheetAsFullScreen: false)
        }
        let fallback: TransitionEffect = transition.isModal ? .coverVertical : .slide
        if let version = platform.version, version < platform.os.firstZoomVersion {
            let first = platform.os.firstZoomVersion
            warnings.append(
                Warning<GeometryWarningCode>(
                    .osVersionBeforeZoom,
                    "\(platform.os.rawValue) \(version.major).\(version.minor) predates the zoom transition (added in \(platform.os.rawValue) \(first.major)), so the default \(fallback == .slide ? "slide" : "cover-vertical") transition runs.",
                    subject: .platformVersion))
            return Resolution(effect: fallback, warnings: warnings, treatsSheetAsFullScreen: false)
        }
        switch platform.os {
        case .iOS, .iPadOS:
            break
        case .visionOS where platform.isIPadApp:
            break
        case .visionOS, .tvOS, .watchOS, .macOS, .macCatalyst:
            // Apple's fluid-transitions article lists where the zoom runs, "iPhone and iPad,
            // including iPad apps running in visionOS", and says the other platforms have the API
            // but "the system uses the default transitions". Mac Catalyst is not on that list (the
            // "Zoom transitions" guide only says it is untested), so it gets the default too.
            let name = fallback == .slide ? "slide" : "cover-vertical"
            let extra =
                switch platform.os {
                case .visionOS: " Only iPad apps running on visionOS get the zoom."
                case .macCatalyst:
                    " Apple's fluid-transitions article lists the zoom on iPhone and iPad only; a Catalyst app on the Mac runs the default."
                default: ""
                }
            warnings.append(
                Warning<GeometryWarningCode>(
                    .platformDefaultTransition,
                    "\(platform.os.rawValue) accepts the zoom API but runs its default \(name) transition instead.\(extra)",
                    subject: .platform))
            return Resolution(effect: fallback, warnings: warnings, treatsSheetAsFullScreen: false)
        }
        var sheet = false
        if transition.isModal, presentationStyle.isSheet, platform.hasVersion26Behaviours {
            // iOS 26: a zoom into a sheet keeps it at its detent ("Build a SwiftUI app with the new
            // design", WWDC25: sheets grow out of the button that presented them).
            return Resolution(effect: .zoom, warnings: warnings, treatsSheetAsFullScreen: false, keptDetent: detent ?? .large)
        }
        if transition.isModal, presentationStyle.isSheet {
            sheet = true
            if let detent {
                warnings.append(
                    Warning<GeometryWarningCode>(
                        .sheetDetentBeforeIOS26,
                        "\(versionText(platform)) shows a zooming sheet full screen, so the \(detent.rawValue) detent is not used; from iOS 26 the sheet keeps its detent (ask with platform.version \"26\").",
                        subject: .destinationDetent))
            }
            warnings.append(
                Warning<GeometryWarningCode>(
                    .sheetTreatedAsFullScreen,
                    "Zoom transitions only run full screen, so the \(presentationStyle.rawValue) presentation is shown full screen; the plan uses the container's bounds as the destination frame.",
                    subject: .presentationStyle))
        }
        return Resolution(effect: .zoom, warnings: warnings, treatsSheetAsFullScreen: sheet)
    }

    /// The subject of a sentence about the platform, for the warnings about iOS 26's behaviours:
    /// "iOS 18.2", or "Without platform.version Loupe models iOS 18, which" for a request that
    /// names no version (the sentences go on with a verb: "... shows a zooming sheet full screen").
    public static func versionText(_ platform: Platform) -> String {
        guard let version = platform.version else { return "Without platform.version Loupe models iOS 18, which" }
        return "\(platform.os.rawValue) \(version.major).\(version.minor)"
    }
}
