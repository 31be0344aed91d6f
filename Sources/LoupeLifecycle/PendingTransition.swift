import LoupeWarnings

/// A transition still in flight when the script ended.
public struct PendingTransition: Sendable, Hashable {
    public var kind: PendingTransition.Kind
    /// The view controller being popped or dismissed.
    public var viewController: String

    public init(kind: PendingTransition.Kind, viewController: String) {
        self.kind = kind
        self.viewController = viewController
    }
}
