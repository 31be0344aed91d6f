import LoupeWarnings

/// The answer to "does this recording do what iOS does?": every check, and the alignment they
/// were made on.
public struct Verdict: Sendable {
    /// True exactly when every check conforms.
    public var conforms: Bool { checks.allSatisfy(\.conforms) }
    public var alignment: Alignment
    public var checks: [ConformanceCheck]
    public var warnings: [Warning<ConformanceWarningCode>]

    public init(alignment: Alignment, checks: [ConformanceCheck], warnings: [Warning<ConformanceWarningCode>]) {
        self.alignment = alignment
        self.checks = checks
        self.warnings = warnings
    }
}

/// Things worth knowing about a comparison that still ran.
public enum ConformanceWarningCode: String, WarningCode {
    /// `firstMotion` found no frame that moved: the recording was laid on the expected clock as is.
    case noMotionFound = "no-motion-found"
    /// `best` found its least error at the edge of its window: the true offset may lie beyond.
    case alignmentAtWindowEdge = "alignment-at-window-edge"
    /// The recording starts after the expected motion began, so its first frame is not at rest.
    case recordingStartsInMotion = "recording-starts-in-motion"
    /// The recording ends before the expected card comes to rest.
    case recordingEndsEarly = "recording-ends-early"

    public typealias Subject = ConformanceWarningSubject
}

/// What a conformance warning is about.
public enum ConformanceWarningSubject: Sendable, Hashable {
    case frames
    case frame(Int)
    case alignment
}
