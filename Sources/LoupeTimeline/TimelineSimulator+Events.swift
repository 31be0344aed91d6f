import LoupeGeometry
import LoupeLifecycle
import LoupeWarnings

/// What each event does to the card, the segments and the lifecycle.
extension TimelineSimulator {
    /// The trace's name for the view controller that owns the source view (as in the plans route).
    static let sourceName = "source"
    /// The trace's name for the zoomed page's view controller.
    static let destinationName = "destination"

    mutating func handle(_ event: TimelineEvent, index: Int) throws(TimelineError) {
        switch event.kind {
        case .push, .pop, .present, .dismiss:
            if let transition = event.transition { try appCall(transition, index: index) }
        case .touchesBegan(let gesture, _, let input):
            try touchesBegan(gesture, input: input, index: index)
        case .touchesMoved:
            try touchesMoved(index: index)
        case .touchesEnded:
            try touchesEnded(index: index)
        case .sourceChanged(let source):
            try changeSource(to: source, index: index)
        }
    }

    // MARK: - The source

    /// `sourceChanged`: what is drawn so far keeps the old source; from now on the plans use the
    /// new one. A card in motion (a running transition, or held by a finger) moves over to it
    /// along `SourceBlend`, without a jump, and a running transition does not complete before
    /// it has arrived.
    private mutating func changeSource(to source: SourceInput, index: Int) throws(TimelineError) {
        let from = plans.generation
        var moving = true
        switch phase {
        case .rest(let since, let state, let pivot):
            if now > since {
                appendPiece(start: since, motion: .rest(state), pivot: pivot, transition: lastTransition)
                phase = .rest(since: now, position: state, pivot: pivot)
            }
            moving = false
        case .animating(var animation):
            appendPiece(
                start: animation.pieceStart, motion: .spring(animation.spring), pivot: animation.pivot,
                transition: animation.transition)
            animation.pieceStart = now
            animation.settlesAt = max(animation.settlesAt, now + SourceBlend.settlingTime)
            phase = .animating(animation)
        case .tracking:
            break
        }
        plans.changeSource(to: source, event: index)
        let generation = plans.generation
        if !moving {
            sourceBlend = nil
        } else if let blend = sourceBlend, blend.covers(now) {
            sourceBlend = blend.adding(generation: generation, at: now)
        } else {
            sourceBlend = SourceBlend(base: from, changes: [SourceBlend.Change(generation: generation, since: now)])
        }
        // Every other generation the mix draws is already planned for this host (a host change
        // plans them all: `planBlendedSources`), so only the new source needs a plan.
        _ = try plans.plan(host)
    }

    /// Plans the current host with every source the running mix draws, so that a host change
    /// while a changed source settles keeps the mix (and the card) continuous.
    mutating func planBlendedSources() throws(TimelineError) {
        _ = try plans.plan(host)
        guard let blend = sourceBlend, blend.covers(now) else { return }
        for generation in blend.generations { _ = try plans.plan(host, generation: generation) }
    }

    // MARK: - App calls

    /// push/pop/present/dismiss: a spring from wherever the card is, with the plan's spring. A
    /// running transition is superseded (the lifecycle completes it first); fingers still down
    /// stop driving anything.
    private mutating func appCall(_ transition: TransitionKind, index: Int) throws(TimelineError) {
        let newHost = Host(transition)
        let plan = try plans.plan(newHost)
        if let active = gesture, active.role != .ignored {
            warnings.append(
                Warning<TimelineWarningCode>(
                    .gestureSuperseded,
                    "The app called \(transition.rawValue) while a finger was down; the transition runs on its own and the finger no longer moves the card.",
                    event: index))
        }
        gesture = nil
        var pose = currentPose
        if plan.effect == .slide, pose.velocity == .zero, plan.initialVelocity != 0 {
            // iOS 26's slide starts at its recorded speed, as its plan does (issue 44 §4).
            pose.velocity.progress = transition.isReverse ? -plan.initialVelocity : plan.initialVelocity
        }
        closePhase(outcome: .superseded)
        host = newHost
        try planBlendedSources()
        let style = HostPlans.transitionStyle(plan, interruptibleSlide: slideIsInterruptible(plan))
        let destination = Self.destinationName
        let lifecycle: NavigationEvent
        switch transition {
        case .push: lifecycle = .push(destination, at: now, transition: style)
        case .pop: lifecycle = .pop(at: now)
        case .present: lifecycle = .present(destination, at: now, style: plans.modalStyle, transition: style)
        case .dismiss: lifecycle = .dismiss(at: now)
        }
        try startSpring(
            from: pose, toProgress: transition.isReverse ? 0 : 1, spring: plan.spring, transition: transition,
            outcome: .finish, lifecycle: lifecycle, event: index)
    }

    // MARK: - Touches

    private mutating func touchesBegan(_ kind: GestureKind, input: TouchInput, index: Int) throws(TimelineError) {
        // A spread on the source belongs to the host it would open in, which may not be the
        // current one (`spreadTransition`): its effect decides whether the gesture exists.
        let opensIn = opensBySpread(kind) ? (spreadHost ?? host) : nil
        let gestureHost = opensIn ?? host
        let plan = try plans.plan(gestureHost)
        // iOS 26's content back swipe pops a slide too: a pan that leaves its slop toward the
        // trailing side (the script's samples say so from the start).
        let backSwipe = kind == .edgePan || (interpreter.contentBackSwipe && tracks[index].map(interpreter.isBackSwipePan) == true)
        let slideBack = backSwipe && opensIn == nil && hasSlideBackSwipe(plan, content: kind != .edgePan)
        guard plan.effect == .zoom || slideBack else {
            if plan.effect == .popover, kind != .edgePan, opensIn == nil {
                watchPopoverGesture(kind, index: index)
                return
            }
            throw .gestureUnavailable(event: index, gesture: kind, reason: .notAZoom(plan.effect))
        }
        if kind == .edgePan, gestureHost == .presentation {
            throw .gestureUnavailable(event: index, gesture: kind, reason: .edgeSwipeNeedsNavigation)
        }
        gesture = ActiveGesture(track: index, role: .ignored)
        switch phase {
        case .animating where slideBack && !slideIsInterruptible(plan):
            // Before iOS 26 UIKit's slide cannot be grabbed while it runs (only the zoom is
            // interruptible); from 26 it falls through to the interruption below (issue 35 §1).
            warnings.append(
                Warning<TimelineWarningCode>(
                    .transitionNotInterruptible,
                    "Before iOS 26 the slide transition cannot be grabbed while it runs (only the zoom is interruptible; from platform.version \"26\" it is); this swipe changes nothing.",
                    event: index))
        case .animating(let animation):
            // A slide is grabbed only by the back swipe, from the edge or (iOS 26) the content:
            // its segment is labelled as its release will be (issue 44 §6).
            interrupt(animation, kind: slideBack ? .edgePan : kind, index: index)
        case .tracking:
            // A card is tracked only while fingers hold it, so these are a second set of
            // fingers: refused, as the script's validator refuses them before the simulation.
            throw .gestureAlreadyActive(event: index)
        case .rest:
            guard isShown else {
                if let opensIn {
                    watchSpread(opening: opensIn, plan: plan, index: index)
                    return
                }
                let spread = kind == .pinch ? " (options.spreadToOpen lets a spread open it, which is not iOS behaviour.)" : ""
                warnings.append(
                    Warning<TimelineWarningCode>(
                        .gestureCannotOpen,
                        "The destination is not shown. iOS never starts a push or presentation from a gesture; the app starts it (\"Zoom transitions\" guide, \"Gestures\").\(spread)",
                        event: index))
                return
            }
            guard let track = tracks[index] else { return }
            if let (code, message) = interpreter.claimant(
                of: track, scroll: scroll, input: input, backSwipe: host == .navigation, slide: slideBack)
            {
                warnings.append(Warning<TimelineWarningCode>(code, message, event: index))
                return
            }
            // The veto is the zoom's handler; the slide's back swipe is UIKit's own pop gesture.
            guard dismissAnswers[index] ?? interactiveDismissShouldBegin || slideBack else {
                // UIKit asks ZoomOptions.interactiveDismissShouldBegin as the gesture begins; a
                // false answer leaves the page shown and its touches to the page's own views.
                warnings.append(
                    Warning<TimelineWarningCode>(
                        .dismissalVetoed,
                        "interactiveDismissShouldBegin answered false\(dismissAnswers[index] == nil ? "" : " for this gesture"), so this \(kind.rawValue) does not dismiss the page: it stays shown and the touches go to its own views.",
                        event: index))
                return
            }
            gesture?.role = .pending
        }
    }

    /// Whether `plan` is a push with the default slide whose page UIKit's back swipe can pop:
    /// a navigation host on iPhone or iPad (iPad apps on visionOS too), where
    /// `UINavigationController.interactivePopGestureRecognizer` is installed (issue 23 §2: a
    /// SwiftUI page without `navigationTransition`, or iOS 17). tvOS, watchOS, native visionOS
    /// and a Mac have no touch back swipe to model.
    ///
    /// `content`: the swipe is iOS 26's content back swipe (a pan from anywhere), not the edge
    /// swipe. Apple lists `UINavigationController.interactiveContentPopGestureRecognizer` as
    /// available on Mac Catalyst 26.0 and visionOS 26.0 too (UIKit API reference, its
    /// availability list), so there it pops the platform's default slide (issue 35 §4); their
    /// edge swipe is still not modelled.
    private func hasSlideBackSwipe(_ plan: ZoomPlan, content: Bool) -> Bool {
        guard plan.effect == .slide, host == .navigation else { return false }
        let platform = plans.scene.platform
        switch platform.os {
        case .iOS, .iPadOS: return true
        case .visionOS: return platform.isIPadApp || (content && platform.hasVersion26Behaviours)
        case .macCatalyst: return content && platform.hasVersion26Behaviours
        case .tvOS, .watchOS, .macOS: return false
        }
    }

    /// Whether a running slide can be grabbed by the back swipe: from iOS 26, where UIKit "brings
    /// the same fluidity to the standard navigation slide transition… I can immediately swipe
    /// back if I selected the wrong note" (WWDC25, "Build a UIKit app with the new design"),
    /// wherever the slide has a back swipe (issue 35 §1). Before 26 it cannot be.
    func slideIsInterruptible(_ plan: ZoomPlan) -> Bool {
        plans.scene.platform.hasVersion26Behaviours && hasSlideBackSwipe(plan, content: true)
    }

    /// The "Zoom transitions" guide: a popover ignores the zoom, yet the pinch and swipe-down
    /// gestures are installed on it and "trigger a non-interactive dismissal". So on a shown
    /// popover at rest the gesture is watched until it is recognised, and then the popover's
    /// ordinary dismissal runs, with no tracking. A popover's own running transition cannot be
    /// grabbed. The `popover-gesture-dismisses` warning comes only with a dismissal that runs
    /// (issue 23 §9): a spread, a tap or a touch on a hidden or moving popover dismisses nothing
    /// and gets the warning that says so instead.
    private mutating func watchPopoverGesture(_ kind: GestureKind, index: Int) {
        gesture = ActiveGesture(track: index, role: .ignored)
        guard case .rest = phase else {
            warnings.append(
                Warning<TimelineWarningCode>(
                    .popoverGestureIgnored,
                    "A popover's running transition cannot be grabbed, and its \(kind.rawValue) only dismisses it once it is shown and at rest; this touch changes nothing.",
                    event: index))
            return
        }
        guard isShown else {
            warnings.append(
                Warning<TimelineWarningCode>(
                    .gestureCannotOpen,
                    "The popover is not shown. iOS never starts a presentation from a gesture; the app starts it (\"Zoom transitions\" guide, \"Gestures\").",
                    event: index))
            return
        }
        gesture?.role = .popoverPending
    }

    /// A touch grabs a running transition: it stops where it is and a finger holds it. A push or
    /// presentation is never cancelled: the lifecycle completes it and a pop or dismissal tracks
    /// the finger from here (Apple's fluid-transitions article).
    ///
    /// "Where it is" is the presentation value the card is drawn at, carried on by its velocity
    /// for 1/ω of the tracking spring (22 ms): a critically damped spring aimed there brakes the
    /// card monotonically from its velocity to rest, with no bounce back (x − target = −v/ω·e^{−ωt}).
    /// So velocity stays continuous and the card "keeps growing 3–4 frames" as measured
    /// (measured by swift_transitions).
    private mutating func interrupt(_ animation: Animation, kind: GestureKind, index: Int) {
        let pose = currentPose
        closePhase(outcome: .interrupted)
        let transition = Host(animation.transition).reverse
        links.append(LifecycleLink(event: .interrupt(at: now), timelineEvent: index, settlesAt: nil))
        // The finger stops the card: the tracking spring brakes it to where it comes to rest.
        let stop = pose.position.combined(with: pose.velocity) { $0 + $1 / model.trackingSpring.naturalFrequency }
        phase = .tracking(Tracking(transition: transition, pose: pose, target: .hold(stop), landingScale: landingScale(of: animation, at: pose)))
        openSegment = (now, .tracking, transition, kind)
        lastTransition = transition
        gesture?.role = .holding
    }

    /// The card's width as a share of the page's at rest, when `animation` is a released gesture
    /// landing a zoom in its source (a pop or dismissal let go to finish); nil otherwise.
    private mutating func landingScale(of animation: Animation, at pose: CardPose) -> Double? {
        guard animation.outcome == .finish, animation.transition.isReverse, links.indices.contains(animation.link),
            case .release = links[animation.link].event.kind, let plan = try? plans.plan(host), plan.effect == .zoom
        else { return nil }
        let rest = plan.geometry.restingState(atProgress: 1).mask.rect.width
        guard rest > 0 else { return nil }
        let drawn = FrameComposer.frame(plan.geometry, position: pose.position, pivot: pose.pivot, resting: false, shrinking: true).mask.rect.width
        return min(1, max(0, drawn / rest))
    }

    private mutating func touchesMoved(index: Int) throws(TimelineError) {
        guard let active = gesture, let track = tracks[active.track] else { return }
        switch active.role {
        case .ignored, .spreading:
            return
        case .pendingSpread(let opensIn, let ratio):
            switch interpreter.recognizeSpread(track, at: now) {
            case .undecided:
                return
            case .rejected(let code, let message):
                warnings.append(Warning<TimelineWarningCode>(code, message, event: index))
                gesture?.role = .ignored
            case .recognized(let anchor):
                try beginSpread(anchor, host: opensIn, ratio: ratio, track: active.track, index: index)
            }
        case .pending:
            if let anchor = recognizedDismissal(track, index: index) {
                beginDismissal(anchor, track: active.track, index: index)
            }
        case .popoverPending:
            if let anchor = recognizedDismissal(track, index: index) {
                // The dismissal the gesture triggers runs as if the app had called it now; the
                // warning names the touchesBegan, where the gesture started.
                warnings.append(
                    Warning<TimelineWarningCode>(
                        .popoverGestureDismisses,
                        "The popover ignores the zoom, but iOS installs the \(anchor.gesture.rawValue) on it anyway: once recognised it triggers the popover's ordinary, non-interactive dismissal (\"Zoom transitions\" guide), which the fingers do not drive.",
                        event: active.track))
                gesture?.role = .ignored
                try appCall(.dismiss, index: index)
            }
        case .holding:
            // Only a card held where it stopped waits for its gesture to be recognised; one that
            // follows a recognised gesture already has its anchor.
            guard case .tracking(var tracking) = phase, case .hold(let held) = tracking.target else { return }
            // iOS 26: a back swipe on a running zoom push goes back by the back swipe's own rules,
            // as at rest (WWDC25 "Build a UIKit app with the new design": "I can immediately swipe
            // back if I selected the wrong note"; issue 44 §2). Before 26 a finger on a running
            // push follows it as any grab does.
            let backSwipe = interpreter.contentBackSwipe && host == .navigation && tracking.transition == .pop
            guard case .recognized(var anchor) = interpreter.recognize(track, at: now, mustDismiss: false, backSwipe: backSwipe)
            else { return }
            let base = CardPose(position: held, velocity: .zero, pivot: tracking.pose.pivot).rebased(to: anchor.pivot).position
            tracking.pose = tracking.pose.rebased(to: anchor.pivot)
            if (try? plans.plan(host).effect) == .slide {
                // A grabbed slide (iOS 26) follows the back swipe sideways from where the page
                // was, and is released and decided like any back swipe (issue 35 §1).
                anchor.gesture = .edgePan
                tracking.target = .slide(base: base, anchor: anchor, track: active.track)
            } else {
                tracking.target = .gesture(base: base, anchor: anchor, track: active.track)
            }
            phase = .tracking(tracking)
            gesture?.role = .holding
        }
    }

    /// Whether a dismissal gesture from rest is recognised now: its anchor; nil while undecided,
    /// and nil with a warning (the gesture then changes nothing) when it is rejected.
    private mutating func recognizedDismissal(_ track: TouchTrack, index: Int) -> GestureAnchor? {
        switch interpreter.recognize(track, at: now, mustDismiss: true, backSwipe: host == .navigation) {
        case .undecided:
            return nil
        case .rejected(let code, let message):
            warnings.append(Warning<TimelineWarningCode>(code, message, event: index))
            gesture?.role = .ignored
            return nil
        case .recognized(let anchor):
            return anchor
        }
    }

    /// A gesture on the destination at rest got past its slop: an interactive pop or dismissal
    /// starts and the card follows the fingers from where it rests.
    private mutating func beginDismissal(_ anchor: GestureAnchor, track: Int, index: Int) {
        let pose = currentPose.rebased(to: anchor.pivot)
        closePhase(outcome: nil)
        let transition = host.reverse
        let lifecycle: NavigationEvent = host == .navigation ? .pop(at: now, interactive: true) : .dismiss(at: now, interactive: true)
        links.append(LifecycleLink(event: lifecycle, timelineEvent: index, settlesAt: nil))
        // A slide's back swipe moves the page sideways with the finger (progress), never scales it.
        let slides = (try? plans.plan(host).effect) == .slide
        let target: Target =
            slides ? .slide(base: pose.position, anchor: anchor, track: track) : .gesture(base: pose.position, anchor: anchor, track: track)
        phase = .tracking(Tracking(transition: transition, pose: pose, target: target))
        openSegment = (now, .tracking, transition, anchor.gesture)
        lastTransition = transition
        gesture?.role = .holding
    }

    /// The source's width over the page's in the current host's zoom (0 when it is no zoom).
    private mutating func sourceWidthRatio() throws(TimelineError) -> Double {
        guard case .zoom(let geometry) = try plans.plan(host).geometry, geometry.destinationFrame.width > 0 else { return 0 }
        return geometry.sourceFrame.width / geometry.destinationFrame.width
    }

    /// The fingers lift: a held card is released with the decided outcome, its spring starting
    /// from the card's position and velocity.
    private mutating func touchesEnded(index: Int) throws(TimelineError) {
        guard let active = gesture else { return }
        gesture = nil
        switch active.role {
        case .ignored:
            return
        case .pending, .popoverPending:
            warnings.append(
                Warning<TimelineWarningCode>(
                    .gestureNotRecognized,
                    "The fingers lifted before the gesture got past its slop or dead zone, so nothing was dismissed.",
                    event: index))
        case .pendingSpread:
            warnings.append(
                Warning<TimelineWarningCode>(
                    .gestureNotRecognized,
                    "The fingers lifted before the spread got past its \(model.pinchDeadZone) pt dead zone, so nothing was opened.",
                    event: index))
        case .spreading(let opening):
            try releaseSpread(opening, track: active.track, index: index)
        case .holding:
            guard case .tracking(let tracking) = phase, let track = tracks[active.track] else { return }
            let anchor = tracking.target.anchor
            let slides: Bool = if case .slide = tracking.target { true } else { false }
            let decision = interpreter.decide(anchor, track, at: now, event: index, slide: slides, heldScale: tracking.landingScale ?? 1)
            releases.append(decision)
            closePhase(outcome: decision.outcome == .finish ? .finished : .cancelled)
            let finish = decision.outcome == .finish
            // A zoom's pinch or edge swipe lands the quicker the faster the fingers let go
            // (measured by swift_transitions, issue 35 §3); a pan and the slide hand nothing over.
            let quickens = !slides && (anchor?.gesture == .pinch || (anchor?.gesture == .edgePan && track.gesture != .pan))
            let landing =
                quickens
                ? model.landingSpring(fingerSpeed: track.fingerSpeed(arrivingAt: now), width: interpreter.container.width)
                : slides && interpreter.contentBackSwipe ? model.slideLandingSpring : model.finishSpring
            // A finishing pinch hands its size over to the landing (issue 23 §6).
            let handOff =
                finish && anchor?.gesture == .pinch
                ? SizeHandOff(pose: tracking.pose, sourceRatio: try sourceWidthRatio(), spring: landing) : nil
            try startSpring(
                from: tracking.pose, toProgress: finish ? 0 : 1,
                spring: finish ? landing : model.cancelSpring,
                transition: tracking.transition, outcome: decision.outcome,
                lifecycle: .release(decision.outcome, at: now), event: index, sizeHandOff: handOff)
        }
    }
}
