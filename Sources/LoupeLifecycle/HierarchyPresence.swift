/// Whether one view controller's view is in the view hierarchy at a given time, read from a
/// trace's `addedToHierarchy` / `removedFromHierarchy` entries.
///
/// An entry applies from its own time on ("from the moment the trace removes it"). Before the
/// first entry the view is in the hierarchy exactly when that entry removes it; a trace without
/// any entry for the view controller leaves it as `otherwise` says.
public struct HierarchyPresence: Sendable {
    /// The changes, in trace order: time and whether the view is in the hierarchy from then on.
    public private(set) var changes: [(time: Double, inHierarchy: Bool)] = []
    public let initiallyInHierarchy: Bool

    public init(_ trace: [TraceEntry], viewController: String, otherwise: Bool) {
        for entry in trace where entry.viewController == viewController {
            guard case .hierarchy(let change) = entry.event else { continue }
            changes.append((entry.time, change == .addedToHierarchy))
        }
        initiallyInHierarchy = changes.first.map { !$0.inHierarchy } ?? otherwise
    }

    /// Whether the view is in the hierarchy at `time` (the last change at or before it decides).
    public func isInHierarchy(at time: Double) -> Bool {
        changes.last { $0.time <= time }?.inHierarchy ?? initiallyInHierarchy
    }
}
