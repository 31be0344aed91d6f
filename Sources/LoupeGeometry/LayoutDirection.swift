/// The right-to-left flag of the container, which mirrors the slide fallback.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    case leftToRight
    case rightToLeft
}
