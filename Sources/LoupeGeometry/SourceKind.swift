/// What kind of view the zoom starts from (`source.kind`, `sources[i].kind`).
///
/// iOS 26 added two sources that are not views of the app's content: UIKit's
/// `UIViewController.Transition.zoom(options:sourceBarButtonItemProvider:)` zooms from a bar
/// button item, and SwiftUI's `matchedTransitionSource(id:in:)` on `CustomizableToolbarContent`
/// from a toolbar item (UIKit and SwiftUI API references, both iOS 26.0+). On iOS 26 both are
/// drawn as a Liquid Glass capsule, which is the shape the card starts from.
public enum SourceKind: String, Sendable, Hashable, CaseIterable {
    /// An ordinary view (UIKit's `sourceViewProvider`, SwiftUI's `matchedTransitionSource` on a
    /// view): the default.
    case view
    /// UIKit: the `UIBarButtonItem` returned by `sourceBarButtonItemProvider` (iOS 26.0+).
    case barButtonItem
    /// SwiftUI: toolbar content carrying `matchedTransitionSource(id:in:)` (iOS 26.0+).
    case toolbarItem

    /// True for the two bar items, whose frame on iOS 26 is their glass capsule.
    public var isBarItem: Bool { self != .view }

    /// The corner radius of a glass capsule filling `frame`: half its shorter side.
    public static func capsuleRadius(of frame: Rect) -> Double {
        min(frame.width, frame.height) / 2
    }
}
