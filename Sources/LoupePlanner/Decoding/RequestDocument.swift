import LoupeJSON

/// The first step of every POST body: bytes to a JSON document, with the failures that come
/// before any field can be looked at.
public enum RequestDocument {
    /// Parses `body` as one JSON document.
    /// - Throws: `Problem` 400 `malformedJSON` for an empty body or invalid JSON; the detail
    ///   names where reading stopped, as a byte offset (for programs) and a line and column (for
    ///   people reading their file in an editor), so a client can find the mistake.
    public static func parse(_ body: [UInt8]) throws(Problem) -> JSONDocument {
        guard body.contains(where: { !Self.isWhitespace($0) }) else {
            throw Problem(.malformedJSON, detail: "The request body is empty; send a JSON object.")
        }
        do {
            return try JSONReader.document(body)
        } catch {
            let place = TextPosition(of: error.offset, in: body)
            throw Problem(
                .malformedJSON,
                detail: "The request body is not valid JSON: \(error.reason) at byte \(error.offset) (line \(place.line), column \(place.column)).")
        }
    }

    /// A byte offset as an editor shows it: 1-based lines (after each line feed) and columns
    /// (characters, not bytes: a UTF-8 continuation byte does not start one).
    struct TextPosition: Equatable {
        var line: Int
        var column: Int

        init(of offset: Int, in body: [UInt8]) {
            line = 1
            column = 1
            for byte in body.prefix(max(0, offset)) {
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
        }
    }

    /// A decoder's result, or the 422 for a request whose fields did not all decode: every error
    /// at once, in the order found (document order, since decoders read fields in that order),
    /// and in strict mode every unknown field too.
    static func decoded<Request>(_ request: Request?, strict: Bool, reader: FieldReader) throws(Problem) -> Request {
        if let request, reader.errors.isEmpty { return request }
        var errors = reader.errors
        if strict { errors += reader.unknownFields.map { RequestWarning.unknownField($0).fieldError } }
        throw invalid(errors)
    }

    private static func invalid(_ errors: [Problem.FieldError]) -> Problem {
        let count = errors.count
        let what = count == 1 ? "1 field is invalid" : "\(count) fields are invalid"
        return Problem(.invalidRequest, detail: "\(what); each error names its field with a JSON pointer.", errors: errors)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
