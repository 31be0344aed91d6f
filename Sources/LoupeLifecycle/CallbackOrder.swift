/// Which of the documented orders a cancelled pop or dismissal follows.
///
/// Apple's article "Enhancing your app with fluid transitions" contradicts itself on the cancelled
/// pop (its caption and its diagram against its step list), and classic UINavigationController
/// logs differ again. Both defensible readings are offered; docs/behaviour.md ("Cancelled pop")
/// explains the choice.
public enum CallbackOrder: String, Sendable, Hashable, CaseIterable {
    /// The article's state diagram and figure caption: the top view controller goes from
    /// disappearing directly to appearing and gets viewDidAppear, with no second viewWillAppear.
    case article
    /// The logged UIKit order: the top view controller gets a second viewWillAppear (and, by the
    /// documented pairing, viewIsAppearing) before viewDidAppear.
    case classic
}
