/// What iOS does, as the engines say it: the card's motion (a plan or a timeline) and the
/// callbacks an app can log, in order, on the same clock.
public struct ExpectedTransition: Sendable {
    /// nil for a lifecycle script, which has no card.
    public var motion: ExpectedMotion?
    /// The trace's callbacks and delegate calls (its states and hierarchy changes are not what an
    /// app logs).
    public var callbacks: [ExpectedCallback]

    public init(motion: ExpectedMotion?, callbacks: [ExpectedCallback]) {
        self.motion = motion
        self.callbacks = callbacks
    }
}

/// One callback of the expected trace.
public struct ExpectedCallback: Sendable, Hashable {
    public var viewController: String
    public var name: String
    public var time: Double

    public init(viewController: String, name: String, time: Double) {
        self.viewController = viewController
        self.name = name
        self.time = time
    }
}
