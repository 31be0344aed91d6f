/// A parsed JSON document, with object members kept in their original order so that
/// errors can be reported in the order a person reads the request.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The member `key` of an object, or nil for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The JSON type name used in error messages ("a number", "an object", ...).
    public var typeDescription: String {
        switch self {
        case .null: Self.typeDescription(of: .null)
        case .bool: Self.typeDescription(of: .bool)
        case .number: Self.typeDescription(of: .number)
        case .string: Self.typeDescription(of: .string)
        case .array: Self.typeDescription(of: .array)
        case .object: Self.typeDescription(of: .object)
        }
    }

    static func typeDescription(of kind: JSONDocument.Kind) -> String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string, .name: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
