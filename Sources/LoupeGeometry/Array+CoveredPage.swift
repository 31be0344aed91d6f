extension Array where Element == Keyframe {
    /// These keyframes with `opacity.covered` set from whether the covered page's view is in the
    /// hierarchy at each keyframe's time: 1 while it is, 0 from the moment it is removed (issue 23
    /// §3). The lifecycle trace decides; a caller turns it into `isInHierarchy` (plans from the
    /// plan's trace, timelines from theirs), so the keyframes and the callbacks agree on one clock.
    public func withCoveredPage(isInHierarchy: (Double) -> Bool) -> [Keyframe] {
        map { keyframe in
            var keyframe = keyframe
            keyframe.state.opacity.covered = isInHierarchy(keyframe.time) ? 1 : 0
            return keyframe
        }
    }
}
