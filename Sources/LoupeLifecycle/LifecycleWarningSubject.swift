/// Where in a trace a lifecycle warning points: the view controller it concerns and the moment
/// (time and run-loop cycle) it happened, so a developer can find it among the callbacks.
public struct LifecycleWarningSubject: Sendable, Hashable {
    public var viewController: String
    public var time: Double
    public var runLoop: Int

    public init(viewController: String, time: Double, runLoop: Int) {
        self.viewController = viewController
        self.time = time
        self.runLoop = runLoop
    }
}
