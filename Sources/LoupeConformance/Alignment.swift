/// How a recording's clock is laid over the expected one.
public enum AlignmentMethod: String, Sendable, Hashable, CaseIterable {
    /// The transition starts where the card first moves: the first frame whose box is more than
    /// the position tolerance from the first frame's, placed on the expected curve at the
    /// distance it has moved (so between frames, not on one), as swift_transitions' parity tools
    /// align each motion on its first moving frame.
    case firstMotion
    /// The recording's times are the expected clock's.
    case none
    /// The offset, within `Alignment.bestWindow` of the first motion's, that makes the frames'
    /// error (each quantity in units of its tolerance) least.
    case best
}

/// The alignment used: expected time = observed time − `offset`.
public struct Alignment: Sendable, Hashable {
    public var method: AlignmentMethod
    /// Seconds.
    public var offset: Double

    /// `best` searches this far (seconds) either side of the first motion's offset: nine 60 Hz
    /// frames, more than any player's start-up lag that still looks like the same transition.
    public static let bestWindow = 0.15

    public init(method: AlignmentMethod, offset: Double) {
        self.method = method
        self.offset = offset
    }
}
