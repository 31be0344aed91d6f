/// One thing compared, and whether it conforms.
public struct ConformanceCheck: Sendable, Hashable {
    /// `card.x` … `sourceContent`, `travel50`, `travel90`, `settle`, `callbacks`, `callbacks.time`.
    public var name: String
    public var conforms: Bool
    /// The tolerance it was judged by, in the figures' unit; nil for the callbacks' order.
    public var tolerance: Double?
    public var figures: Figures

    public init(name: String, conforms: Bool, tolerance: Double?, figures: Figures) {
        self.name = name
        self.conforms = conforms
        self.tolerance = tolerance
        self.figures = figures
    }

    /// What was measured, by kind of check.
    public enum Figures: Sendable, Hashable {
        /// A quantity compared frame by frame.
        case errors(FrameErrors)
        /// A time measured on both sides (travel, settle); nil where a side never got there.
        case times(expected: Double?, observed: Double?, quantity: Quantity)
        /// The callbacks' order: where the observed one first departs, nil when it never does.
        case order(CallbackDeparture?)
        /// The callbacks' times: the one furthest from its expected time.
        case callbackTimes(CallbackTiming)
    }
}

/// A quantity's error over the frames that hold it (observed − expected).
public struct FrameErrors: Sendable, Hashable {
    public var quantity: Quantity
    public var rms: Double
    /// The largest absolute error.
    public var max: Double
    /// The observed time of the largest error.
    public var at: Double
    /// The index of that frame in the recording.
    public var frame: Int
    /// Every compared frame's error, in frame order, with its observed time (for the picture).
    public var series: [(time: Double, expected: Double, observed: Double)]

    public init(quantity: Quantity, rms: Double, max: Double, at: Double, frame: Int, series: [(time: Double, expected: Double, observed: Double)]) {
        self.quantity = quantity
        self.rms = rms
        self.max = max
        self.at = at
        self.frame = frame
        self.series = series
    }

    public static func == (lhs: FrameErrors, rhs: FrameErrors) -> Bool {
        lhs.quantity == rhs.quantity && lhs.rms == rhs.rms && lhs.max == rhs.max && lhs.at == rhs.at && lhs.frame == rhs.frame
            && lhs.series.elementsEqual(rhs.series) { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(quantity)
        hasher.combine(rms)
        hasher.combine(max)
        hasher.combine(frame)
    }
}

/// Where an observed callback order first leaves the expected one.
public struct CallbackDeparture: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// An expected callback the recording does not have.
        case missing
        /// A callback the recording has and the trace does not.
        case extra
        /// Two neighbours in the other order.
        case swapped
        /// The right callback, logged by the other view controller.
        case misattributed
        /// Something else in its place.
        case different
    }

    public var kind: Kind
    /// The index in the observed list where it happens (the list's length when callbacks are
    /// missing at its end).
    public var observedIndex: Int
    public var expected: ExpectedCallback?
    public var observed: ObservedCallback?

    public init(kind: Kind, observedIndex: Int, expected: ExpectedCallback?, observed: ObservedCallback?) {
        self.kind = kind
        self.observedIndex = observedIndex
        self.expected = expected
        self.observed = observed
    }
}

/// The observed callback furthest from its expected time, after alignment.
public struct CallbackTiming: Sendable, Hashable {
    public var observedIndex: Int
    /// Expected time, seconds.
    public var expected: Double
    /// The observed time on the expected clock.
    public var observed: Double
    public var rms: Double
    public var max: Double

    public init(observedIndex: Int, expected: Double, observed: Double, rms: Double, max: Double) {
        self.observedIndex = observedIndex
        self.expected = expected
        self.observed = observed
        self.rms = rms
        self.max = max
    }
}
