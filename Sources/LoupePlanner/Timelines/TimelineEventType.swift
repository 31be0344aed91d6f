import LoupeJSON
import LoupeTimeline

/// The `type` of a timeline event, as requests spell it.
public enum TimelineEventType: String, Sendable, CaseIterable {
    case push, pop, present, dismiss, touchesBegan, touchesMoved, touchesEnded, sourceChanged
}
