/// What a source view is, as a request may say (`source.role`), so that Loupe can advise when the
/// zoom does not suit it.
///
/// The list follows the SwiftUI guide on matched transition sources (the matchedTransitionSource
/// guide's "Platform and Environment Limitations" and its suitable and unsuitable uses): the zoom
/// is for a piece of content opening into its own page.
public enum SourceRole: String, Sendable, Hashable, CaseIterable {
    // Suitable: content that opens into its page.
    /// A photo or image opening full screen.
    case image
    /// An article's cover opening the article.
    case cover
    /// A product or content card opening its detail.
    case card
    /// An avatar opening a profile.
    case avatar

    // Unsuitable.
    /// A tab bar item: switching tabs is not a navigation.
    case tab
    /// A menu or a disclosure that collapses and expands.
    case menu
    /// A control whose state changes in place (a toggle, an expanding button).
    case control
    /// A home-screen widget: not a navigation host.
    case widget
    /// A Live Activity: not a navigation host.
    case liveActivity
    /// A cell of a dense grid of small items.
    case denseGridCell
    /// Content that updates in real time while shown.
    case liveContent

    /// Why the zoom does not suit this source and what to use instead; nil for a suitable one.
    public var unsuitability: String? {
        switch self {
        case .image, .cover, .card, .avatar: nil
        case .tab:
            "Switching tabs is not a navigation, so a zoom from a tab bar item reads as opening a page that is not there. Switch tabs without it (matchedGeometryEffect suits shared elements between tabs)."
        case .menu:
            "Menus that collapse and expand change a component's state, not the page; a zoom makes them look like navigation. Animate the menu itself (matchedGeometryEffect or a plain animation)."
        case .control:
            "A control that changes state in place is a component animation, not a navigation; animate the control itself instead of zooming to a page."
        case .widget: "Widgets host no navigation: tapping one opens the app, and no zoom can start from it."
        case .liveActivity: "Live Activities host no navigation: tapping one opens the app, and no zoom can start from it."
        case .denseGridCell:
            "In a dense grid of small items the zoom starts from a tiny cell among many and reads as noise; zoom from larger cards or use the default transition."
        case .liveContent:
            "Content that updates in real time changes under the zoom's snapshot, so the card shows a stale picture and the page appears to jump. Pause the updates or use the default transition."
        }
    }
}
