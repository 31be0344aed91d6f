import LoupeWarnings

/// The geometry engine's warnings: how a zoom will look or behave unlike iOS, given the scene
/// (the raw value is the wire spelling).
public enum GeometryWarningCode: String, WarningCode {
    public typealias Subject = GeometryWarningSubject

    /// No source (absent, nil from the provider, no SwiftUI match): zooms from/to the centre.
    case missingSource = "missing-source"
    /// The source frame has no area; treated as missing.
    case emptySourceFrame = "empty-source-frame"
    /// Two SwiftUI sources share an id in one namespace (matchedTransitionSource guide §8.3);
    /// treated as missing.
    case duplicateSourceID = "duplicate-source-id"
    /// The matched SwiftUI source carries a modifier that distorts the geometry read
    /// (matchedTransitionSource guide §8.2).
    case geometryReadArtifacts = "geometry-read-artifacts"
    /// A full-width, short row as source ("Zoom transitions" guide: "Zooming doesn't look good when
    /// the source view is a skinny row").
    case skinnySource = "skinny-source"
    /// Source and destination aspect ratios differ with no alignment rect: the "double ferry"
    /// ghosting ("Zoom transitions" guide).
    case aspectRatioMismatch = "aspect-ratio-mismatch"
    /// The source lies entirely outside the container (a prefetched, off-screen cell; the "Zoom
    /// transitions" guide).
    case sourceOffScreen = "source-off-screen"
    /// Part of the source lies outside the container: the card starts, or lands, partly off screen.
    case sourcePartlyOffScreen = "source-partly-off-screen"
    /// Frame rate below 30 keyframes per second.
    case lowFrameRate = "low-frame-rate"
    /// A sheet style was given; zoom presents full screen instead ("Zoom transitions" guide).
    case sheetTreatedAsFullScreen = "sheet-treated-as-full-screen"
    /// Popover style: the popover shows with its usual animation, no zoom ("Zoom transitions" guide).
    case popoverIgnoresZoom = "popover-ignores-zoom"
    /// A popover in a compact environment is shown as a form sheet, as UIKit adapts it (and a
    /// sheet under zoom is full screen before iOS 26, at its detent from 26).
    case popoverAdaptsToSheet = "popover-adapts-to-sheet"
    /// The platform ignores the zoom and uses its default transition ("Zoom transitions" guide,
    /// Apple's fluid-transitions article).
    case platformDefaultTransition = "platform-default-transition"
    /// The OS version predates the zoom API; the default transition runs instead.
    case osVersionBeforeZoom = "os-version-before-zoom"
    /// An alignment rect was given where it cannot apply (SwiftUI has none; or it is empty).
    case alignmentRectIgnored = "alignment-rect-ignored"
    /// A transparent destination gets an opaque system background during the zoom ("Zoom
    /// transitions" guide).
    case transparentDestination = "transparent-destination"
    /// A SwiftUI destination declares no zoom: the ordinary transition runs (the
    /// matchedTransitionSource guide's second condition).
    case zoomNotDeclared = "zoom-not-declared"
    /// A spring other than the zoom's own: neither UIKit's nor SwiftUI's zoom takes a timing.
    case springNotIOS = "spring-not-ios"
    /// A start velocity on a zoom: iOS starts a zoom at rest (only a gesture hands one over).
    case initialVelocityNotIOS = "initial-velocity-not-ios"
    /// `backgroundMode: crossfade`: iOS zooms the whole page.
    case crossfadeNotIOS = "crossfade-not-ios"
    /// `motionPath: arc`: iOS moves the card in a straight line.
    case arcPathNotIOS = "arc-path-not-ios"
    /// A destination frame smaller than the container on a push or a full-screen presentation,
    /// whose page always fills the container on iOS.
    case insetDestinationNotIOS = "inset-destination-not-ios"
    /// `source.role` names a use the zoom does not suit (a tab, a menu, a widget, ...).
    case unsuitableSource = "unsuitable-source"
    /// A full-screen presentation that does not declare a close or Done button ("Zoom transitions"
    /// guide).
    case noCloseButton = "no-close-button"
    /// A bar button item or toolbar item source on a version before 26, which has no API to zoom
    /// from one: the plan is the iOS 18 zoom from its frame.
    case barButtonSourceBeforeIOS26 = "bar-button-source-before-ios-26"
    /// A sheet detent on a version before 26: the zoom shows the sheet full screen.
    case sheetDetentBeforeIOS26 = "sheet-detent-before-ios-26"
    /// iOS 26 keeps a zooming sheet at its detent, whose rect replaces a `destination.frame` the
    /// request gave (issue 35 §4: it used to be replaced silently).
    case destinationFrameReplaced = "destination-frame-replaced"
    /// `options.navigationBar` on a transition whose bar Loupe does not draw: a presented page's
    /// bar is its own and flies with the card; the slide's and the popover's bars are not
    /// modelled.
    case navigationBarNotDrawn = "navigation-bar-not-drawn"
}
