/// A SwiftUI transition id: the `id` of `matchedTransitionSource(id:in:)` and the `sourceID` of
/// `navigationTransition(.zoom(sourceID:in:))`.
///
/// SwiftUI ids are any `Hashable`, and two ids match only when they are equal as values of one
/// type: the matchedTransitionSource reference requires `navigationTransition.sourceID ===
/// matchedTransitionSource.id` with `id: string | number`, so the number 2 and the string "2" are
/// different ids (as `AnyHashable(2) != AnyHashable("2")` in Swift). Numbers compare by value, so
/// 2, 2.0 and 2e0 are one id and a fractional id such as 2.5 is as good as any.
public enum SourceID: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral
{
    case string(String)
    case number(Double)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }

    /// Whether `other` is the same text or number spelled as the other type (`2` and `"2"`): not
    /// a match, but worth naming in the warning, since JSON makes the slip easy.
    public func differsOnlyInType(from other: SourceID) -> Bool {
        switch (self, other) {
        case (.string(let text), .number(let value)), (.number(let value), .string(let text)):
            return Double(text) == value
        default:
            return false
        }
    }

    /// A string in quotes, a whole number without a fraction, any other number as Swift prints it.
    public var description: String {
        switch self {
        case .string(let text): return "\"\(text)\""
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
            return "\(value)"
        }
    }
}
