/// One transition between two named view controllers; `from` is on screen before, `to` after.
public enum SingleTransition: Sendable, Hashable {
    case push(from: String, to: String, transition: TransitionStyle = .zoom)
    case pop(from: String, to: String)
    case present(from: String, to: String, style: Presentation.Style = .fullScreen, transition: TransitionStyle = .zoom)
    case dismiss(from: String, to: String, style: Presentation.Style = .fullScreen)

    /// The equivalent one-event script.
    public func script(duration: Double, callbackOrder: CallbackOrder = .article) -> LifecycleScript {
        let timing = TransitionTiming.uniform(duration)
        switch self {
        case .push(let from, let to, let transition):
            return LifecycleScript(
                stack: [from], events: [.push(to, at: 0, transition: transition)], timing: timing, callbackOrder: callbackOrder)
        case .pop(let from, let to):
            return LifecycleScript(stack: [to, from], events: [.pop(at: 0)], timing: timing, callbackOrder: callbackOrder)
        case .present(let from, let to, let style, let transition):
            return LifecycleScript(
                stack: [from], events: [.present(to, at: 0, style: style, transition: transition)], timing: timing,
                callbackOrder: callbackOrder)
        case .dismiss(let from, let to, let style):
            return LifecycleScript(
                stack: [to], presented: [Presentation(from, style: style)], events: [.dismiss(at: 0)], timing: timing,
                callbackOrder: callbackOrder)
        }
    }
}
