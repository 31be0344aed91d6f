import LoupeWarnings

extension Warning where Code == TimelineWarningCode {
    /// A warning about the script's event at index `event`.
    public init(_ code: TimelineWarningCode, _ message: String, event: Int) {
        self.init(code, message, subject: .event(event))
    }

    /// A warning about the script option `option` (the API's member of `options`).
    public init(_ code: TimelineWarningCode, _ message: String, option: String) {
        self.init(code, message, subject: .option(option))
    }

    /// Index of the event the warning is about; nil for a warning about an option.
    public var event: Int? {
        if case .event(let index) = subject { return index }
        return nil
    }
}
