/// What a player recorded of its own playback: the card frame by frame, the callbacks its view
/// controllers logged, or both. Times are the recorder's own clock (seconds); alignment maps them
/// to the expected clock.
public struct Recording: Sendable, Hashable {
    /// In strictly increasing time order (the decoder checks it).
    public var frames: [ObservedFrame]
    /// nil when the recorder logged no callbacks (an empty list is a recording of none).
    public var callbacks: [ObservedCallback]?

    public init(frames: [ObservedFrame], callbacks: [ObservedCallback]? = nil) {
        self.frames = frames
        self.callbacks = callbacks
    }
}

/// One frame of a recording: when, and what was seen.
public struct ObservedFrame: Sendable, Hashable {
    public var time: Double
    public var sample: CardSample

    public init(time: Double, sample: CardSample) {
        self.time = time
        self.sample = sample
    }
}

/// One callback or delegate call a player's view controller logged.
public struct ObservedCallback: Sendable, Hashable {
    /// The name the expected trace gives the view controller ("source", "destination", or a
    /// lifecycle script's own names).
    public var viewController: String
    /// UIKit's method name, as the trace spells it (`viewWillAppear`,
    /// `navigationController(_:willShow:animated:)`).
    public var name: String
    /// On the recording's clock; nil when only the order was logged.
    public var time: Double?

    public init(viewController: String, name: String, time: Double? = nil) {
        self.viewController = viewController
        self.name = name
        self.time = time
    }
}
