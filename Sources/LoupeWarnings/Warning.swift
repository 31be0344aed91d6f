/// Something valid in the input that is still worth knowing: a stable code, a sentence for a
/// developer, and what the warning is about.
///
/// Every engine warns with this one type, so a reader meets one shape and one word wherever the
/// advice comes from. The code's type says which engine speaks and what its subjects are; the
/// planner turns a subject into a JSON pointer (and, in strict mode, warnings into errors), while
/// the engines know nothing about JSON.
public struct Warning<Code: WarningCode>: Sendable, Hashable {
    /// The contract: its raw value is the wire spelling and does not change between releases.
    public var code: Code
    /// One or two plain sentences; prose, may change between releases (the code is the contract).
    public var message: String
    /// What in the input the warning is about, in the engine's own terms.
    public var subject: Code.Subject

    public init(_ code: Code, _ message: String, subject: Code.Subject) {
        self.code = code
        self.message = message
        self.subject = subject
    }
}
