import LoupeJSON

/// An RFC 9457 problem: what went wrong, in a form a client can act on.
///
/// `type` is the stable contract (a URI per kind of problem, each documented in
/// docs/problems.md); `title` is fixed per type; `detail` is prose and may change between
/// releases. `errors` lists every offending field of a request at once, each with a JSON
/// pointer (RFC 6901) into the request body.
public struct Problem: Error, Sendable, Equatable {
    /// One invalid field.
    public struct FieldError: Sendable, Equatable {
        /// JSON pointer into the request body, such as "/source/frame/width".
        public var pointer: String
        public var detail: String
        /// The warning code when a warning became this error (strict mode), else nil.
        public var code: String?

        public init(pointer: String, detail: String, code: String? = nil) {
            self.pointer = pointer
            self.detail = detail
            self.code = code
        }
    }

    public var kind: ProblemKind
    public var detail: String
    public var errors: [FieldError]

    public init(_ kind: ProblemKind, detail: String, errors: [FieldError] = []) {
        self.kind = kind
        self.detail = detail
        self.errors = errors
    }

    public var status: Int { kind.status }

    /// The problem+json document.
    public func bytes() -> [UInt8] {
        Self.document(type: kind.rawValue, title: kind.title, status: kind.status, detail: detail, errors: errors)
    }

    /// A problem+json document in Loupe's member order, for any problem type (the API's kinds,
    /// and the transport's failures, which the service spells with it).
    /// - Parameter type: the last segment of the type URI under `ProblemKind.typeBase`.
    public static func document(type: String, title: String, status: Int, detail: String, errors: [FieldError] = []) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.member("type", ProblemKind.typeBase + type)
        writer.member("title", title)
        writer.member("status", status)
        writer.member("detail", detail)
        if !errors.isEmpty {
            writer.name("errors")
            writer.beginArray()
            for error in errors {
                writer.beginObject()
                writer.member("pointer", error.pointer)
                writer.member("detail", error.detail)
                if let code = error.code { writer.member("code", code) }
                writer.endObject()
            }
            writer.endArray()
        }
        writer.endObject()
        return writer.bytes
    }
}
