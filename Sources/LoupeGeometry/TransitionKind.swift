/// Which way the transition goes and how it is hosted.
///
/// Push/pop are navigation-stack transitions; present/dismiss are modal. Push and present zoom
/// *out of* the source into the destination; pop and dismiss run their own spring back into it.
public enum TransitionKind: String, Sendable, Hashable, CaseIterable {
    case push
    case pop
    case present
    case dismiss

    /// True for pop and dismiss: the journey ends at the source, which then reappears.
    public var isReverse: Bool { self == .pop || self == .dismiss }

    /// True for present and dismiss, where the presentation style matters.
    public var isModal: Bool { self == .present || self == .dismiss }
}
