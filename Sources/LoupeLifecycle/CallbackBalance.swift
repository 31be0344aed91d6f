/// Counts will-callbacks that have not yet been balanced by their did-callback, to spot the
/// repeats seed 001 warns about ("The system might call these methods more than once before
/// calling anything that uses or cleans up the results").
struct CallbackBalance: Sendable, Hashable {
    private var willAppearCount = 0
    private var willDisappearCount = 0

    /// Records `callback`; returns true when it is a will-callback that already ran since its
    /// did-callback last ran.
    mutating func record(_ callback: Callback) -> Bool {
        switch callback {
        case .viewWillAppear:
            willAppearCount += 1
            return willAppearCount > 1
        case .viewWillDisappear:
            willDisappearCount += 1
            return willDisappearCount > 1
        case .viewDidAppear:
            willAppearCount = 0
        case .viewDidDisappear:
            willDisappearCount = 0
        case .viewIsAppearing:
            break
        }
        return false
    }
}
