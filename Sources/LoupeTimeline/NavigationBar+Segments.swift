import LoupeGeometry

extension NavigationBar {
    /// The bar over a timeline: a fade wherever a push or pop runs, toward the page that will be
    /// on top when it ends.
    ///
    /// Why only there: while a finger holds the card the bar stays as it was, pinned at full size
    /// (swift_transitions' design.md §1.3 sees the bar unchanged through every dismissal gesture;
    /// no recording shows it following the finger). A release that commits starts the pop's fade
    /// with its landing; a spring back that follows an interrupted pop fades back to the pushed
    /// page; a spring back from a finger that never let the pop start changes nothing.
    init(frame: Rect, initial page: InitialPage, segments: [TimelineSegment]) {
        self.init(frame: frame, initial: page == .source ? .coveredPageOnTop : .destinationOnTop)
        for segment in segments where segment.kind == .animating {
            guard let transition = segment.transition, transition == .push || transition == .pop else { continue }
            // A cancelled spring returns to where its transition started.
            let endsOnDestination = (transition == .push) != (segment.outcome == .cancelled)
            fade(at: segment.start, towardDestination: endsOnDestination, transitionDuration: segment.end - segment.start)
        }
    }
}
