import LoupeJSON

/// A warning in an answer: something valid but worth knowing, with a stable `code`, a sentence
/// for a developer and the JSON pointer of the request field it is about.
///
/// With strict mode on, every warning becomes a field error of a 422 `strictWarnings` problem.
public struct RequestWarning: Sendable, Equatable {
    /// Stable, machine-readable (e.g. "aspect-ratio-mismatch", "unknown-field").
    public var code: String
    /// Prose; may change between releases.
    public var message: String
    /// RFC 6901 pointer into the request body ("" for the whole request).
    public var pointer: String

    public init(code: String, message: String, pointer: String) {
        self.code = code
        self.message = message
        self.pointer = pointer
    }

    /// The code of the warning for a member no one reads.
    public static let unknownFieldCode = "unknown-field"

    /// A member the API does not know. It is ignored (so newer clients keep working with older
    /// servers) but reported, because it is usually a typo ("cornerRadious").
    public static func unknownField(_ field: UnknownField) -> RequestWarning {
        let name = field.pointer.tokens.last ?? ""
        let hint = field.suggestion.map { "did you mean \"\($0)\"?" } ?? "check its spelling."
        return RequestWarning(
            code: unknownFieldCode,
            message: "The field \"\(name)\" is not part of the API and was ignored; \(hint)",
            pointer: field.pointer.description)
    }

    /// The same warning as a field error, for strict mode.
    public var fieldError: Problem.FieldError {
        Problem.FieldError(pointer: pointer, detail: message, code: code)
    }

    /// The 422 answered instead of a result when strict mode is on and warnings were found.
    public static func strictProblem(_ warnings: [RequestWarning]) -> Problem {
        let count = warnings.count
        let what = count == 1 ? "1 warning" : "\(count) warnings"
        return Problem(
            .strictWarnings, detail: "Strict mode turns warnings into errors, and the request produced \(what).",
            errors: warnings.map(\.fieldError))
    }

    /// Writes `warnings` as the answer's "warnings" member.
    static func write(_ warnings: [RequestWarning], to writer: inout JSONWriter) {
        writer.name("warnings")
        writer.beginArray()
        for warning in warnings {
            writer.beginObject()
            writer.member("code", warning.code)
            writer.member("message", warning.message)
            writer.member("pointer", warning.pointer)
            writer.endObject()
        }
        writer.endArray()
    }
}
