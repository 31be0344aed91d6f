extension PendingTransition {
    /// The four transitions the engine knows. (Nested so it never clashes with LoupeGeometry's
    /// `TransitionKind` in modules that import both.)
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case push
        case pop
        case present
        case dismiss
    }
}
