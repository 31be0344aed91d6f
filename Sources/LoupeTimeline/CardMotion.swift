import LoupeGeometry

/// How the card moves during one piece of the timeline.
enum CardMotion: Sendable, Hashable {
    /// Still, at rest (a transition ended here, or nothing started yet).
    case rest(CardPosition)
    /// Released: a spring pulls the card to a target.
    case spring(CardSpring)
    /// Held by a finger: the tracking spring follows the gesture.
    case follow(FollowStep)

    func pose(at time: Double) -> (position: CardPosition, velocity: CardPosition) {
        switch self {
        case .rest(let state): (state, .zero)
        case .spring(let spring): spring.pose(at: time)
        case .follow(let step): step.pose(at: time)
        }
    }
}
