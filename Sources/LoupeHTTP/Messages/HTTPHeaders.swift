/// An ordered list of header fields, looked up case-insensitively (RFC 9110 §5.1).
///
/// Order is kept because it is significant for repeated fields and makes answers
/// byte-for-byte deterministic.
public struct HTTPHeaders: Sendable, Equatable, Sequence {
    public private(set) var fields: [(name: String, value: String)] = []

    /// Room for `fieldsReserved` fields from the start: an answer's head gets about six (type,
    /// length, ETag, Vary, Cache-Control, Content-Location), and growing an empty list one
    /// doubling at a time was three allocations a request.
    public init(_ fields: [(String, String)] = []) {
        var reserved: [(name: String, value: String)] = []
        reserved.reserveCapacity(Swift.max(fields.count, Self.fieldsReserved))
        for (name, value) in fields { reserved.append((name, value)) }
        self.fields = reserved
    }

    static let fieldsReserved = 8

    /// An empty list with room for `capacity` fields (a parsed request's usual few, in one
    /// allocation rather than one per doubling).
    init(capacity: Int) {
        fields.reserveCapacity(capacity)
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// Appends a field, keeping any earlier field of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    /// Replaces every field named `name` by one with `value`.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name, value))
    }

    /// Adds `member` to the comma-separated list field `name` (Vary, Allow), keeping it one field.
    ///
    /// Why: RFC 9110 §5.3 lets a list be split over several lines, but caches do not all join
    /// them again. nginx 1.22 keys a stored answer on the last `Vary` line alone, so an answer
    /// written as `Vary: Accept` and `Vary: Authorization` was handed to a client with another
    /// Accept, or with no key at all. One field listing every member is read alike by every cache.
    /// A member already listed (compared case-insensitively) is not listed twice.
    public mutating func addListMember(_ name: String, _ member: String) {
        let lines = values(name)
        var members = lines.flatMap { $0.split(separator: ",") }.map { String($0.trimmingASCIIWhitespace()) }.filter { !$0.isEmpty }
        if !members.contains(where: { $0.equalsIgnoringASCIICase(member) }) { members.append(member) }
        set(name, members.joined(separator: ", "))
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.equalsIgnoringASCIICase(name) }
    }

    /// The first value of `name`, or nil.
    public subscript(_ name: String) -> String? {
        fields.first { $0.name.equalsIgnoringASCIICase(name) }?.value
    }

    /// Every value of `name`, in order (no allocation when there is none: most lookups).
    public func values(_ name: String) -> [String] {
        var values: [String] = []
        for field in fields where field.name.equalsIgnoringASCIICase(name) { values.append(field.value) }
        return values
    }

    /// The comma-separated tokens of every `name` field, lower-cased (for Connection, Expect,
    /// Transfer-Encoding and friends, whose tokens are case-insensitive).
    public func tokens(_ name: String) -> [String] {
        values(name).flatMap { $0.split(separator: ",") }
            .map { $0.trimmingASCIIWhitespace().lowercasedASCII() }
            .filter { !$0.isEmpty }
    }

    public func contains(_ name: String) -> Bool {
        self[name] != nil
    }
}

extension StringProtocol {
    /// Whether the two are equal with ASCII letters compared case-insensitively, as field names,
    /// media types and tokens are (RFC 9110 §5.1, §8.3.1); other characters must match exactly.
    public func equalsIgnoringASCIICase<Other: StringProtocol>(_ other: Other) -> Bool {
        let lhs = utf8, rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        // Native strings compare as two byte buffers (header lookups run several times a request).
        if let equal = lhs.withContiguousStorageIfAvailable({ left in
            rhs.withContiguousStorageIfAvailable { right in
                for index in 0..<left.count where ASCII.lower(left[index]) != ASCII.lower(right[index]) { return false }
                return true
            }
        }), let equal {
            return equal
        }
        return zip(lhs, rhs).allSatisfy { ASCII.lower($0) == ASCII.lower($1) }
    }

    func lowercasedASCII() -> String {
        String(decoding: utf8.map(ASCII.lower), as: UTF8.self)
    }

    func trimmingASCIIWhitespace() -> Substring {
        let text = Substring(self)
        let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
        let end = text.lastIndex { $0 != " " && $0 != "\t" }.map { text.index(after: $0) } ?? start
        return text[start..<Swift.max(start, end)]
    }
}
