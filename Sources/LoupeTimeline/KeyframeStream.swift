import LoupeGeometry

/// Samples the card's motion into keyframes at the frame rate: k/frameRate for every such time
/// before the end (regular samples within 1 µs of it are dropped), then one at the end itself,
/// as `KeyframeSampler` does for a plan.
enum KeyframeStream {
    static func sample(
        _ pieces: [MotionPiece], duration: Double, frameRate: Double, plans: HostPlans
    ) throws(TimelineError) -> [Keyframe] {
        guard frameRate.isFinite, frameRate > 0 else { throw .geometry(.invalidFrameRate) }
        let regular = max(0, ((duration - 1e-6) * frameRate).rounded(.up))
        let limit = TimelineScript.maximumKeyframes
        guard regular + 1 <= Double(limit) else {
            throw .tooManyKeyframes(count: regular < 1e15 ? Int(regular) + 1 : Int.max, limit: limit)
        }
        var keyframes: [Keyframe] = []
        keyframes.reserveCapacity(Int(regular) + 1)
        var cursor = 0
        for k in 0...Int(regular) {
            let time = k == Int(regular) ? duration : Double(k) / frameRate
            guard time < duration - 1e-6 || k == Int(regular) else { continue }
            while cursor + 1 < pieces.count, pieces[cursor + 1].start <= time { cursor += 1 }
            guard pieces.indices.contains(cursor) else { break }
            let frame = try keyframe(pieces[cursor], at: time, plans: plans)
            keyframes.append(frame)
        }
        return keyframes
    }

    /// The keyframe `piece` draws at `time` (within the piece).
    static func keyframe(_ piece: MotionPiece, at time: Double, plans: HostPlans) throws(TimelineError) -> Keyframe {
        guard let plan = plans.existing(piece.host, generation: piece.generation) else { throw .geometry(.nonFiniteGeometry) }
        let state = piece.motion.pose(at: time).position
        // The card as `geometry` draws it, growing or shrinking, mixed over while it turns.
        func drawn(_ geometry: TransitionGeometry) -> FrameState {
            let own = FrameComposer.frame(geometry, position: state, pivot: piece.pivot, resting: piece.isResting, shrinking: piece.shrinking)
            guard let turn = piece.turn, turn.covers(time) else { return own }
            return turn.frame(at: time) { direction in
                FrameComposer.frame(geometry, position: state, pivot: piece.pivot, resting: piece.isResting, shrinking: direction == 1)
            } ?? own
        }
        var frame = drawn(plan.geometry)
        if let blend = piece.blend, blend.covers(time) {
            let mixed = blend.frame(at: time) { generation in
                plans.existing(piece.host, generation: generation).map { drawn($0.geometry) }
            }
            frame = mixed ?? frame
        }
        let journey = piece.transition.map { TransitionGeometry.presentationProgress(journey: state.progress, isReverse: $0.isReverse) }
        let keyframe = Keyframe(time: time, progress: journey ?? state.progress, state: frame)
        guard keyframe.state.isFinite, keyframe.progress.isFinite else { throw .geometry(.nonFiniteGeometry) }
        return keyframe
    }
}
