import LoupeWarnings

/// How UIKit shows a popover in a compact trait environment: "In iOS 13 and later, for
/// horizontally or vertically compact environments, this option behaves the same as
/// UIModalPresentationStyle.formSheet" (Apple, UIModalPresentationStyle.popover), unless the
/// presentation controller's delegate answers `adaptivePresentationStyle(for:traitCollection:)`
/// with `.none`. So on an iPhone a popover zooms as a sheet does: full screen before iOS 26
/// ("Zoom transitions" guide: a sheet "will be treated as full screen"), at its detent from 26.
public enum PopoverAdaptation {
    /// `scene` as UIKit presents it: a popover in a compact environment becomes a form sheet,
    /// with a warning that says so; every other scene is returned as it is.
    public static func adapted(_ scene: ZoomScene) -> (scene: ZoomScene, warning: Warning<GeometryWarningCode>?) {
        guard scene.transition.isModal, scene.destination.presentationStyle == .popover, !scene.destination.keepsPopoverWhenCompact,
            scene.container.isCompact
        else { return (scene, nil) }
        var adapted = scene
        adapted.destination.presentationStyle = .formSheet
        let shown =
            scene.platform.hasVersion26Behaviours
            ? "the sheet at its detent (iOS 26 keeps a zooming sheet there)" : "full screen (a sheet under zoom is, before iOS 26)"
        let warning = Warning<GeometryWarningCode>(
            .popoverAdaptsToSheet,
            "In a compact environment UIKit shows a popover as a form sheet, so it zooms as \(shown). Set destination.keepsPopoverWhenCompact if the app's adaptivePresentationStyle(for:traitCollection:) returns .none, or container.horizontalSizeClass if the container is regular.",
            subject: .presentationStyle)
        return (adapted, warning)
    }
}
