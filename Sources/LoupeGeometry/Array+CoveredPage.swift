extension Array where Element == Keyframe {
    /// Sets every keyframe's `opacity.covered` from whether the covered page's view is in the
    /// hierarchy at its time: 1 while it is, 0 from the moment it is removed (issue 23 §3). The
    /// lifecycle trace decides; a caller turns it into `isInHierarchy` (plans from the plan's
    /// trace, timelines from theirs), so the keyframes and the callbacks agree on one clock.
    ///
    /// In place: a keyframe is some 400 bytes, and a plan's copy of all of them (what a `map`
    /// makes) cost more than the rest of this step.
    public mutating func setCoveredPage(isInHierarchy: (Double) -> Bool) {
        for index in indices {
            self[index].state.opacity.covered = isInHierarchy(self[index].time) ? 1 : 0
        }
    }

    /// These keyframes with `opacity.covered` set as `setCoveredPage` sets it.
    public func withCoveredPage(isInHierarchy: (Double) -> Bool) -> [Keyframe] {
        var keyframes = self
        keyframes.setCoveredPage(isInHierarchy: isInHierarchy)
        return keyframes
    }
}
