import LoupeWarnings

extension Warning where Code == LifecycleWarningCode {
    /// A warning about `viewController` at `time` in run-loop cycle `runLoop`.
    public init(_ code: LifecycleWarningCode, _ message: String, viewController: String, time: Double, runLoop: Int) {
        self.init(code, message, subject: LifecycleWarningSubject(viewController: viewController, time: time, runLoop: runLoop))
    }

    public var viewController: String {
        get { subject.viewController }
        set { subject.viewController = newValue }
    }
    public var time: Double {
        get { subject.time }
        set { subject.time = newValue }
    }
    public var runLoop: Int {
        get { subject.runLoop }
        set { subject.runLoop = newValue }
    }
    /// The article's guideline for this warning's code.
    public var guideline: Guideline { code.guideline }
}
