extension Presentation {
    /// How a presented view controller covers its presenter. (Nested so it never clashes with
    /// LoupeGeometry's wider `PresentationStyle` in modules that import both.)
    ///
    /// Zoom only works full screen ("Zoom transitions" guide: sheets become full screen), so these
    /// are the two styles that matter: `fullScreen` removes the presenter's view when the
    /// presentation completes, `overFullScreen` leaves it in the hierarchy
    /// (UIModalPresentationStyle docs).
    public enum Style: String, Sendable, Hashable, CaseIterable {
        case fullScreen
        case overFullScreen
    }
}
