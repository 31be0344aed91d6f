import LoupeHTTP

/// A media type with its parameters, as a Content-Type field carries it (RFC 9110 §8.3.1).
///
/// Parsed by the grammar of RFC 9110 §5.6.6 rather than by splitting at ";" and "=", so that a
/// quoted value holding either character, or an escaped quote, reads as the sender meant it.
struct MediaType: Sendable, Equatable {
    struct Parameter: Sendable, Equatable {
        /// Lower case: parameter names are case-insensitive.
        var name: String
        /// As sent, with quotes and quoted-pair escapes removed; whether it is
        /// case-sensitive depends on the parameter.
        var value: String
    }

    /// Lower case: type and subtype are case-insensitive.
    var type: String
    var subtype: String
    var parameters: [Parameter]

    /// Parses `type "/" subtype *( OWS ";" OWS [ parameter ] )` with
    /// `parameter = token "=" ( token / quoted-string )`; nil when `text` is anything else.
    init?(_ text: String) {
        let bytes = Array(text.trimmingOptionalWhitespace().utf8)
        var scanner = FieldSyntaxScanner(bytes)
        guard let type = scanner.token(), scanner.consume(UInt8(ascii: "/")), let subtype = scanner.token() else { return nil }
        var parameters: [Parameter] = []
        while !scanner.isAtEnd {
            scanner.skipWhitespace()
            guard scanner.consume(UInt8(ascii: ";")) else { return nil }
            scanner.skipWhitespace()
            // The parameter after a ";" is optional: "text/plain;" and ";;" are allowed.
            guard let next = scanner.next, next != UInt8(ascii: ";") else { continue }
            guard let name = scanner.token(), scanner.consume(UInt8(ascii: "=")), let value = scanner.tokenOrQuotedString() else { return nil }
            parameters.append(Parameter(name: name.lowercased(), value: value))
        }
        self.type = type.lowercased()
        self.subtype = subtype.lowercased()
        self.parameters = parameters
    }

    /// `application/json` or a structured-syntax suffix type such as `application/vnd.x+json`
    /// (RFC 6839 §3.1): the bodies the JSON reader can take.
    var isJSON: Bool {
        type == "application" && (subtype == "json" || (subtype.hasSuffix("+json") && subtype.count > "+json".count))
    }

    /// Every value of the parameter `name` (lower case), in order.
    func values(of name: String) -> [String] {
        parameters.filter { $0.name == name }.map(\.value)
    }
}
