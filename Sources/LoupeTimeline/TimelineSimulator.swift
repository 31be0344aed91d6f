import LoupeGeometry
import LoupeLifecycle
import LoupeWarnings

/// Walks a checked script once, in time order, and writes the card's motion as pieces, the
/// segments, the warnings, the release decisions and the equivalent lifecycle events.
///
/// The card is one `CardPose` whose position and velocity are carried across every change of
/// motion: an app call or a release starts a spring from the current pose; a touch on a running
/// transition hands the pose to the tracking spring, whose target stays where the card was
/// ("stops it where it is") until the gesture is recognised and then follows the fingers. So
/// position and velocity are continuous across every release and interruption.
struct TimelineSimulator {
    enum Phase: Sendable, Hashable {
        case rest(since: Double, position: CardPosition, pivot: Point)
        case animating(Animation)
        case tracking(Tracking)
    }

    struct Animation: Sendable, Hashable {
        var spring: CardSpring
        /// Where the animation's next piece starts: the spring's origin, or the moment the source
        /// last changed under it (pieces before it are drawn with the old source).
        var pieceStart: Double
        var settlesAt: Double
        var transition: TransitionKind
        var outcome: ReleaseOutcome
        var pivot: Point
        /// Index into `links` of the lifecycle event that started it.
        var link: Int
    }

    struct Tracking: Sendable, Hashable {
        var transition: TransitionKind
        var pose: CardPose
        var target: Target
        /// When the finger grabbed a card a released gesture was landing in its source: the card's
        /// width then, as a share of the page's at rest. Its release is judged on the card's real
        /// size (the gesture's own measure times this), so a drag on a landing card does not
        /// reopen the page (issue 44 §1); nil for every other grab.
        var landingScale: Double? = nil
    }

    /// What the tracking spring pulls toward.
    enum Target: Sendable, Hashable {
        /// Where the card was when the finger landed.
        case hold(CardPosition)
        /// The gesture's delta applied to the state the card was held at.
        case gesture(base: CardPosition, anchor: GestureAnchor, track: Int)
        /// A spread on the source opening the destination (`spreadToOpen`): progress from the
        /// finger distance, rotation and translation from the fingers.
        case spread(SpreadOpening, track: Int)
        /// The slide's back swipe: the page follows the finger sideways (progress), unscaled.
        case slide(base: CardPosition, anchor: GestureAnchor, track: Int)

        /// The recognised gesture the card follows; nil while a finger only holds it where it
        /// stopped (`hold`) and for a spread, whose opening is its own.
        var anchor: GestureAnchor? {
            switch self {
            case .gesture(_, let anchor, _), .slide(_, let anchor, _): anchor
            case .hold, .spread: nil
            }
        }
    }

    /// The fingers currently down and what they are doing.
    struct ActiveGesture: Sendable, Hashable {
        enum Role: Sendable, Hashable {
            /// Refused or claimed by something else (a warning said why); it changes nothing.
            case ignored
            /// On the destination at rest, not yet past its slop or dead zone.
            case pending
            /// Holding the card. Whether the gesture has been recognised, and as what, is the
            /// tracking target's alone (`Target.anchor`): one field says what a hold is.
            case holding
            /// Two fingers on the source with `spreadToOpen` on, not yet past the dead zone: a
            /// spread would open the destination in `host`, its content growing `ratio` times.
            case pendingSpread(host: Host, ratio: Double)
            /// A spread drives the push or presentation.
            case spreading(SpreadOpening)
            /// A pinch or swipe down on a shown popover, not yet recognised: once it is, the
            /// popover's ordinary dismissal runs, not an interactive one ("Zoom transitions" guide).
            case popoverPending
        }
        var track: Int
        var role: Role
    }

    // MARK: Inputs

    let events: [TimelineEvent]
    let tracks: [Int: TouchTrack]
    let interpreter: GestureInterpreter
    let scroll: DestinationScroll?
    let model: GestureModel
    /// `spreadToOpen`: a spread on the source opens the destination (not iOS behaviour).
    let spreadToOpen: Bool
    /// `TimelineScript.interactiveDismissShouldBegin`.
    let interactiveDismissShouldBegin: Bool
    /// `TimelineScript.dismissAnswers`.
    let dismissAnswers: [Int: Bool]
    /// The host a spread opens in; nil = the host the timeline is in at that moment.
    let spreadHost: Host?
    /// How close each component must come to its target for a spring to count as settled:
    /// 0.001 for progress, scale and rotation (SwiftUI's epsilon), a quarter point for translations
    /// (under one pixel at 3×), so the last keyframe's snap to rest is invisible.
    let epsilon: CardPosition
    var plans: HostPlans

    // MARK: Outputs

    var pieces: [MotionPiece] = []
    var segments: [TimelineSegment] = []
    var warnings: [Warning<TimelineWarningCode>] = []
    var releases: [ReleaseDecision] = []
    var links: [LifecycleLink] = []
    /// The link of a push or present a spread still holds when the script ends (fingers down):
    /// the lifecycle engine would complete it on its own, so `LifecycleClock` stops it in flight.
    var heldForwardLink: Int?

    // MARK: State

    var now = 0.0
    var host: Host
    /// The destination is on screen at rest (or was, before the running motion).
    var isShown: Bool
    var phase: Phase
    var gesture: ActiveGesture?
    var lastTransition: TransitionKind?
    /// The move over to a source that changed while the card was moving.
    var sourceBlend: SourceBlend?
    /// Whether the last piece drew the card shrinking (on its way back to the source): a zoom's
    /// growing and shrinking cards differ (issue 35 §3), so a turn mid-flight mixes over.
    var drawnShrinking = false
    /// The move from growing to shrinking (or back) when a turn comes mid-flight: the same mix as
    /// a changed source's (`SourceBlend`), generation 0 growing and 1 shrinking, so the card's
    /// position and velocity carry on.
    var directionBlend: SourceBlend?
    var openSegment: (start: Double, kind: TimelineSegment.Kind, transition: TransitionKind?, gesture: GestureKind?)?

    /// The grid the tracking spring steps on: 240 Hz, the highest frame rate, plus every event
    /// time, so the motion does not depend on the keyframes' frame rate.
    static let trackingStepRate = 240.0
    /// Steps shorter than this (seconds) hold their target instead of following its slope.
    static let shortestStep = 1e-6

    init(script: TimelineScript) {
        events = script.events
        tracks = ScriptValidator.tracks(in: script.events)
        let size = script.scene.container.size
        interpreter = GestureInterpreter(
            model: script.gestures, container: size, layoutDirection: script.scene.container.layoutDirection,
            contentBackSwipe: script.scene.platform.hasVersion26Behaviours)
        scroll = script.destinationScroll
        model = script.gestures
        spreadToOpen = script.spreadToOpen
        interactiveDismissShouldBegin = script.interactiveDismissShouldBegin
        dismissAnswers = script.dismissAnswers
        spreadHost = script.spreadTransition?.host
        epsilon = CardPosition(progress: 0.001, scale: 0.001, rotation: 0.001, x: 0.25, y: 0.25)
        plans = HostPlans(scene: script.scene)
        switch script.initial {
        case .pushed: host = .navigation
        case .presented: host = .presentation
        case .source: host = script.events.lazy.compactMap(\.transition).first.map(Host.init) ?? .navigation
        }
        isShown = script.initial != .source
        phase = .rest(since: 0, position: .resting(atProgress: isShown ? 1 : 0), pivot: .zero)
        openSegment = (0, .idle, nil, nil)
        if spreadToOpen {
            warnings.append(
                Warning<TimelineWarningCode>(
                    .spreadToOpenNotIOS,
                    "spreadToOpen lets a spread on the source drive the push or presentation, as Photos did on iPhone OS 3.2; iOS never starts a forward transition from a gesture (\"Zoom transitions\" guide, \"Gestures\"), so this timeline does not show iOS behaviour.",
                    option: "spreadToOpen"))
        }
    }

    // MARK: - Running

    mutating func run() throws(TimelineError) {
        _ = try plans.plan(host)
        for (index, event) in events.enumerated() {
            advance(to: event.time)
            try handle(event, index: index)
        }
        if case .animating(let animation) = phase {
            now = max(now, animation.settlesAt)
            settle(animation)
        }
        if case .tracking = phase, case .spreading(let opening)? = gesture?.role {
            heldForwardLink = opening.link
        }
        closePhase(outcome: nil, keepEmpty: true)
    }

    /// Moves the clock to `time`: a spring that settles on the way comes to rest; a held card
    /// follows its target step by step.
    mutating func advance(to time: Double) {
        switch phase {
        case .rest:
            break
        case .animating(let animation):
            if animation.settlesAt <= time {
                now = animation.settlesAt
                settle(animation)
            }
        case .tracking(var tracking):
            follow(&tracking, to: time)
            phase = .tracking(tracking)
        }
        now = max(now, time)
    }

    /// A spring reached its target: the transition completes and the card rests there.
    mutating func settle(_ animation: Animation) {
        appendPiece(
            start: animation.pieceStart, motion: .spring(animation.spring), pivot: animation.pivot,
            transition: animation.transition)
        links[animation.link].settlesAt = now
        closeSegment(outcome: animation.outcome == .finish ? .finished : .cancelled)
        var rest = animation.spring.target
        rest.rotation = 0  // a whole number of turns: the same picture
        isShown = rest.progress == 1
        phase = .rest(since: now, position: rest, pivot: animation.pivot)
        openSegment = (now, .idle, nil, nil)
    }

    private mutating func follow(_ tracking: inout Tracking, to time: Double) {
        while now < time {
            let step = (now * Self.trackingStepRate + 1e-9).rounded(.down) + 1
            var next = min(time, step / Self.trackingStepRate)
            if next <= now { next = min(time, (step + 1) / Self.trackingStepRate) }
            var from = target(tracking.target, at: now)
            let to = target(tracking.target, at: next)
            var rate = to.combined(with: from) { ($0 - $1) / (next - now) }
            if next - now < Self.shortestStep {
                // A sliver between an event and a grid point: take the target as a step rather than
                // a slope whose lag (2ζ/ω × rate) would swamp the position in rounding.
                from = to
                rate = .zero
            }
            let motion = FollowStep(
                origin: now, start: tracking.pose.position, velocity: tracking.pose.velocity,
                targetStart: from, targetRate: rate, spring: model.trackingSpring)
            appendPiece(start: now, end: next, motion: .follow(motion), pivot: tracking.pose.pivot, transition: tracking.transition)
            let reached = motion.pose(at: next)
            tracking.pose.position = reached.position
            tracking.pose.velocity = reached.velocity
            now = next
        }
    }

    func target(_ target: Target, at time: Double) -> CardPosition {
        switch target {
        case .hold(let state):
            return state
        case .gesture(let base, let anchor, let began):
            guard let track = tracks[began] else { return base }
            return interpreter.delta(anchor, track, at: time).applied(to: base)
        case .spread(let opening, let began):
            guard let track = tracks[began] else { return .resting(atProgress: 0) }
            return interpreter.spreadPosition(opening, track, at: time)
        case .slide(let base, let anchor, let began):
            guard let track = tracks[began] else { return base }
            return interpreter.slidePosition(anchor, track, at: time, from: base)
        }
    }

    // MARK: - Phases and segments

    /// The card's pose now.
    var currentPose: CardPose {
        switch phase {
        case .rest(_, let state, let pivot): return CardPose(position: state, velocity: .zero, pivot: pivot)
        case .animating(let animation):
            let pose = animation.spring.pose(at: now)
            return CardPose(position: pose.position, velocity: pose.velocity, pivot: animation.pivot)
        case .tracking(let tracking): return tracking.pose
        }
    }

    /// Ends the current phase at `now`: writes its last piece and closes its segment.
    mutating func closePhase(outcome: TimelineSegment.Outcome?, keepEmpty: Bool = false) {
        switch phase {
        case .rest(let since, let state, let pivot):
            if now > since || keepEmpty {
                appendPiece(start: since, motion: .rest(state), pivot: pivot, transition: lastTransition)
            }
        case .animating(let animation):
            appendPiece(
                start: animation.pieceStart, motion: .spring(animation.spring), pivot: animation.pivot,
                transition: animation.transition)
        case .tracking:
            break  // its steps are written as it follows
        }
        closeSegment(outcome: outcome)
    }

    /// Writes a piece of motion from `start` to `end` (default now) in the current host, drawn
    /// with the current source (and mixed from the old one while a source change settles).
    mutating func appendPiece(start: Double, end: Double? = nil, motion: CardMotion, pivot: Point, transition: TransitionKind?) {
        let blend = sourceBlend.flatMap { $0.covers(start) ? $0 : nil }
        let shrinking = transition?.isReverse ?? drawnShrinking
        if shrinking != drawnShrinking {
            // At rest at either end the two draw the same card, so the turn shows nothing;
            // otherwise (mid-flight, or moving through an end) the new one's share rises as a
            // changed source's does, so the edges keep their position and velocity.
            let pose = motion.pose(at: start)
            let progress = pose.position.progress
            if !((progress <= 0 || progress >= 1) && pose.velocity.progress == 0) {
                directionBlend = (directionBlend ?? SourceBlend(base: drawnShrinking ? 1 : 0, changes: []))
                    .adding(generation: shrinking ? 1 : 0, at: start)
            } else {
                directionBlend = nil
            }
            drawnShrinking = shrinking
        }
        let turn = directionBlend.flatMap { $0.covers(start) ? $0 : nil }
        pieces.append(
            MotionPiece(
                start: start, end: end ?? now, motion: motion, pivot: pivot, host: host, transition: transition,
                generation: plans.generation, blend: blend, shrinking: shrinking, turn: turn))
    }

    mutating func closeSegment(outcome: TimelineSegment.Outcome?) {
        guard let open = openSegment else { return }
        openSegment = nil
        guard open.kind != .idle || now > open.start else { return }
        segments.append(
            TimelineSegment(
                start: open.start, end: now, kind: open.kind, transition: open.transition,
                outcome: open.kind == .idle ? nil : outcome, gesture: open.gesture))
    }

    /// Starts a spring from `pose` toward `target` and the lifecycle event that goes with it.
    mutating func startSpring(
        from pose: CardPose, toProgress progress: Double, spring: Spring, transition: TransitionKind,
        outcome: ReleaseOutcome, lifecycle: NavigationEvent, event: Int, sizeHandOff: SizeHandOff? = nil
    ) throws(TimelineError) {
        let (motion, duration) = try settlingSpring(from: pose, toProgress: progress, spring: spring, sizeHandOff: sizeHandOff)
        links.append(LifecycleLink(event: lifecycle, timelineEvent: event, settlesAt: nil))
        startAnimation(
            motion, settlingIn: duration, transition: transition, outcome: outcome, pivot: pose.pivot,
            link: links.count - 1)
    }

    /// Starts a spring that completes a lifecycle event already sent (`link`): a spread's push or
    /// present, which began when the spread was recognised and completes when its landing settles.
    mutating func startSpring(
        from pose: CardPose, toProgress progress: Double, spring: Spring, transition: TransitionKind,
        outcome: ReleaseOutcome, completing link: Int
    ) throws(TimelineError) {
        let (motion, duration) = try settlingSpring(from: pose, toProgress: progress, spring: spring)
        startAnimation(motion, settlingIn: duration, transition: transition, outcome: outcome, pivot: pose.pivot, link: link)
    }

    /// The spring from `pose` to rest at `progress` (gesture undone) and how long it takes to settle.
    private func settlingSpring(
        from pose: CardPose, toProgress progress: Double, spring: Spring, sizeHandOff: SizeHandOff? = nil
    ) throws(TimelineError) -> (CardSpring, Double) {
        let motion = CardSpring(
            origin: now, start: pose.position, velocity: pose.velocity,
            target: .settleTarget(progress: progress, from: pose.position), spring: spring, sizeHandOff: sizeHandOff)
        var duration = motion.settlingDuration(epsilon: epsilon)
        if duration == 0, motion.start != motion.target || motion.velocity != .zero {
            // Released inside the settling tolerance (a card let go a fraction of a point from
            // rest): glide the rest of the way, to a thousandth of the tolerance, rather than
            // snapping there with a jump in position and velocity.
            duration = motion.settlingDuration(epsilon: CardPosition(epsilon.components.map { $0 / 1_000 }))
        }
        guard duration.isFinite else { throw .geometry(.springNeverSettles) }
        return (motion, duration)
    }

    private mutating func startAnimation(
        _ motion: CardSpring, settlingIn duration: Double, transition: TransitionKind, outcome: ReleaseOutcome,
        pivot: Point, link: Int
    ) {
        var settlesAt = now + duration
        // A card still moving over to a changed source comes to rest only once it is there.
        if let blend = sourceBlend, blend.covers(now), let last = blend.changes.last {
            settlesAt = max(settlesAt, last.since + SourceBlend.settlingTime)
        }
        phase = .animating(
            Animation(
                spring: motion, pieceStart: now, settlesAt: settlesAt, transition: transition,
                outcome: outcome, pivot: pivot, link: link))
        openSegment = (now, .animating, transition, nil)
        lastTransition = transition
    }
}
