import LoupeGeometry
import LoupeLifecycle
import LoupeWarnings

/// Spread to open (`spreadToOpen`, not iOS behaviour): a spread on the source drives the push or
/// presentation the way a pinch drives the dismissal, and its release finishes or cancels it.
///
/// Lifecycle: the lifecycle engine has no interactive push (UIKit never starts one from a gesture,
/// the "Zoom transitions" guide) and never cancels a push (Apple's fluid-transitions article). So
/// the recognised spread sends the app's push/present (will-callbacks now); a finishing release
/// lets that push complete when its landing settles; a cancelling release is modelled as the
/// fluid-transitions article's interrupted push — the push completes to appeared and an interactive
/// pop (dismissal) begins, in one run-loop cycle — and that pop is released to finish when the
/// spring back reaches the source.
extension TimelineSimulator {
    /// Whether a touch of `kind` now would be a spread that may open the destination: the option
    /// is on, two fingers, and the source screen is at rest with the destination not shown.
    func opensBySpread(_ kind: GestureKind) -> Bool {
        guard spreadToOpen, kind == .pinch, !isShown, case .rest = phase else { return false }
        return true
    }

    /// Two fingers landed on the source screen: they wait for the dead zone if they are over the
    /// source view, and are refused (changing nothing) if not.
    mutating func watchSpread(opening host: Host, plan: ZoomPlan, index: Int) {
        guard let track = tracks[index] else { return }
        guard let source = plan.sourceFrame else {
            warnings.append(
                Warning<TimelineWarningCode>(
                    .gestureCannotOpen,
                    "There is no source view to spread (the zoom starts from the centre), so the spread opens nothing.",
                    event: index))
            return
        }
        guard interpreter.startsOver(source, track) else {
            warnings.append(
                Warning<TimelineWarningCode>(
                    .gestureCannotOpen,
                    "The spread starts outside the source view (its fingers' centre is not in the source frame), so it opens nothing.",
                    event: index))
            return
        }
        gesture?.role = .pendingSpread(host: host, ratio: SpreadOpening.ratio(plan.geometry, model: model))
    }

    /// The spread got past its dead zone: the push or presentation starts (lifecycle
    /// will-callbacks) and the card follows the fingers from the source.
    mutating func beginSpread(_ anchor: GestureAnchor, host opensIn: Host, ratio: Double, track: Int, index: Int) throws(TimelineError) {
        let pose = currentPose.rebased(to: anchor.pivot)
        closePhase(outcome: nil)
        host = opensIn
        try planBlendedSources()
        let plan = try plans.plan(opensIn)
        let style = HostPlans.transitionStyle(plan)
        let transition = opensIn.forward
        let lifecycle: NavigationEvent =
            opensIn == .navigation
            ? .push(Self.destinationName, at: now, transition: style)
            : .present(Self.destinationName, at: now, style: plans.modalStyle, transition: style)
        links.append(LifecycleLink(event: lifecycle, timelineEvent: index, settlesAt: nil))
        let opening = SpreadOpening(anchor: anchor, ratio: ratio, link: links.count - 1)
        phase = .tracking(Tracking(transition: transition, pose: pose, target: .spread(opening, track: track)))
        openSegment = (now, .tracking, transition, .pinch)
        lastTransition = transition
        gesture?.role = .spreading(opening)
    }

    /// The fingers lift off a spread: it lands on the page (the measured finish spring, ω 15) or
    /// springs back to the source (the measured cancel spring, ω 22), from the card's position and
    /// velocity as every release does. [GUESS: the springs of the reverse gestures' releases;
    /// there is no iOS spread to measure.]
    mutating func releaseSpread(_ opening: SpreadOpening, track began: Int, index: Int) throws(TimelineError) {
        guard case .tracking(let tracking) = phase, let track = tracks[began] else { return }
        let decision = interpreter.decideSpread(opening, track, at: now, event: index)
        releases.append(decision)
        let finish = decision.outcome == .finish
        closePhase(outcome: finish ? .finished : .cancelled)
        if finish {
            try startSpring(
                from: tracking.pose, toProgress: 1, spring: model.finishSpring, transition: tracking.transition,
                outcome: .finish, completing: opening.link)
        } else {
            // UIKit never cancels a push: it completes and a pop takes the card back (Apple's
            // fluid-transitions article).
            links.append(LifecycleLink(event: .interrupt(at: now), timelineEvent: index, settlesAt: nil))
            try startSpring(
                from: tracking.pose, toProgress: 0, spring: model.cancelSpring, transition: tracking.transition,
                outcome: .cancel, lifecycle: .release(.finish, at: now), event: index)
        }
    }
}
