import LoupeJSON
import LoupeLifecycle

/// The `type` of a lifecycle event, as requests spell it.
public enum LifecycleEventType: String, Sendable, CaseIterable {
    case push, pop, present, dismiss, interrupt, release
}
