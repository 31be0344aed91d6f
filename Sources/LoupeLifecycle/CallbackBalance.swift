/// Spots the repeats Apple's fluid-transitions article warns about ("The system might call these
/// methods more than once before calling anything that uses or cleans up the results"): a
/// will-callback that runs again before its did-callback, and a did-callback that runs again before
/// its opposite (an interrupted push followed by a cancelled pop calls viewDidAppear twice with no
/// viewDidDisappear in between).
struct CallbackBalance: Sendable, Hashable {
    private var willAppearCount = 0
    private var willDisappearCount = 0
    /// The last did-callback, if any: a second one of the same kind is a repeat.
    private var lastDid: Callback?

    /// Records `callback`; returns the callback it should have been balanced by when it repeats
    /// (for viewWillAppear, viewDidAppear; for viewDidAppear, viewDidDisappear), or nil.
    mutating func record(_ callback: Callback) -> Callback? {
        switch callback {
        case .viewWillAppear:
            willAppearCount += 1
            return willAppearCount > 1 ? .viewDidAppear : nil
        case .viewWillDisappear:
            willDisappearCount += 1
            return willDisappearCount > 1 ? .viewDidDisappear : nil
        case .viewDidAppear:
            willAppearCount = 0
            defer { lastDid = .viewDidAppear }
            return lastDid == .viewDidAppear ? .viewDidDisappear : nil
        case .viewDidDisappear:
            willDisappearCount = 0
            defer { lastDid = .viewDidDisappear }
            return lastDid == .viewDidDisappear ? .viewDidAppear : nil
        case .viewIsAppearing:
            return nil
        }
    }
}
