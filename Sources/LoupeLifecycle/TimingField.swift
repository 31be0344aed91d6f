/// The duration an error points at.
public enum TimingField: String, Sendable, Hashable, CaseIterable {
    case settleDuration
    case finishSettleDuration
    case cancelSettleDuration
}
