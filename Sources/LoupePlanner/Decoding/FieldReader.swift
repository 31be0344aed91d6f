import LoupeJSON

/// Reads a request body field by field and keeps going after a bad field, so a 422 lists
/// every invalid field at once, each with its JSON pointer, never only the first.
///
/// One reader serves one request. Optional fields that are absent or null read as nil;
/// required ones that are absent or null are errors. Every member an object holds that no
/// one read is reported by `unknownFields` (an `unknown-field` warning, or a 422 in strict
/// mode).
public final class FieldReader {
    /// A JSON object being read, remembering which members were asked for.
    public final class Object {
        public let pointer: JSONPointer
        let members: [(key: String, value: JSONValue)]
        /// Which members were asked for, by position (requests have a handful of members, so a
        /// linear scan beats hashing every key).
        fileprivate var read: [Bool]

        init(pointer: JSONPointer, members: [(key: String, value: JSONValue)]) {
            self.pointer = pointer
            self.members = members
            self.read = Array(repeating: false, count: members.count)
        }

        /// Whether the member is present and not null.
        public func has(_ key: String) -> Bool {
            if let value = members.first(where: { $0.key == key })?.value, value != .null { return true }
            return false
        }

        fileprivate func take(_ key: String) -> JSONValue? {
            guard let index = members.firstIndex(where: { $0.key == key }) else { return nil }
            read[index] = true
            let value = members[index].value
            if case .null = value { return nil }
            return value
        }
    }

    public private(set) var errors: [Problem.FieldError] = []
    private var objects: [Object] = []

    public init() {}

    /// Records an error at `pointer`.
    public func fail(_ pointer: JSONPointer, _ detail: String) {
        errors.append(Problem.FieldError(pointer: pointer.description, detail: detail))
    }

    /// Keeps another reader's errors (a scratch reader that checked members this one leaves
    /// unread).
    public func adopt(_ errors: [Problem.FieldError]) {
        self.errors += errors
    }

    /// The member `key` of `parent` as a lone object, without marking it read here: for checking
    /// the shape of a member that stays an unknown field. Nil when absent or null.
    public func detached(_ parent: Object, _ key: String) -> Object? {
        guard let value = parent.members.first(where: { $0.key == key })?.value, value != .null else { return nil }
        return Object(pointer: parent.pointer, members: [(key, value)])
    }

    /// Most unknown fields reported for one request. A body of ten thousand events, each
    /// with a stray member, would otherwise answer with ten thousand warnings: the first
    /// hundred tell a client what to fix as well.
    public static let maxReportedUnknownFields = 100

    /// Pointers of members nobody read, in document order (the first
    /// `maxReportedUnknownFields` of them).
    public var unknownFields: [JSONPointer] {
        var found: [JSONPointer] = []
        for object in objects {
            for index in object.members.indices where !object.read[index] {
                guard found.count < Self.maxReportedUnknownFields else { return found }
                found.append(object.pointer.appending(object.members[index].key))
            }
        }
        return found
    }

    // MARK: - Containers

    /// `value` as an object, or nil with an error.
    public func object(_ value: JSONValue, at pointer: JSONPointer) -> Object? {
        guard case .object(let members) = value else {
            fail(pointer, "must be an object, not \(value.typeDescription)")
            return nil
        }
        let object = Object(pointer: pointer, members: members)
        objects.append(object)
        return object
    }

    public func object(_ parent: Object, _ key: String, required: Bool = false) -> Object? {
        guard let value = value(parent, key, required: required) else { return nil }
        return object(value, at: parent.pointer.appending(key))
    }

    /// The elements of array `key` with their pointers; nil (with an error when required)
    /// when absent, and nil with an error when it has more than `maxCount` elements.
    public func array(_ parent: Object, _ key: String, required: Bool = false, maxCount: Int) -> [(value: JSONValue, pointer: JSONPointer)]? {
        guard let value = value(parent, key, required: required) else { return nil }
        let pointer = parent.pointer.appending(key)
        guard case .array(let elements) = value else {
            fail(pointer, "must be an array, not \(value.typeDescription)")
            return nil
        }
        guard elements.count <= maxCount else {
            fail(pointer, "must have at most \(maxCount) elements, not \(elements.count)")
            return nil
        }
        return elements.enumerated().map { ($0.element, pointer.appending($0.offset)) }
    }

    // MARK: - Scalars

    /// A finite number in `range`. Pointers are made only for an error (`@autoclosure` below):
    /// a valid request has no use for them, and building one per field was a tenth of decoding.
    public func number(_ parent: Object, _ key: String, required: Bool = false, in range: ClosedRange<Double>) -> Double? {
        guard let value = value(parent, key, required: required) else { return nil }
        return number(value, at: parent.pointer.appending(key), in: range)
    }

    public func number(_ value: JSONValue, at pointer: @autoclosure () -> JSONPointer, in range: ClosedRange<Double>) -> Double? {
        guard case .number(let number) = value else {
            fail(pointer(), "must be a number, not \(value.typeDescription)")
            return nil
        }
        guard number.isFinite, range.contains(number) else {
            fail(pointer(), "must be from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)), not \(Self.format(number))")
            return nil
        }
        return number
    }

    /// A whole number in `range`.
    public func integer(_ parent: Object, _ key: String, required: Bool = false, in range: ClosedRange<Int>) -> Int? {
        guard let number = number(parent, key, required: required, in: Double(range.lowerBound)...Double(range.upperBound)) else { return nil }
        guard number == number.rounded() else {
            fail(parent.pointer.appending(key), "must be a whole number, not \(Self.format(number))")
            return nil
        }
        return Int(number)
    }

    public func string(_ parent: Object, _ key: String, required: Bool = false, maxLength: Int = 256) -> String? {
        guard let value = value(parent, key, required: required) else { return nil }
        return string(value, at: parent.pointer.appending(key), maxLength: maxLength)
    }

    public func string(_ value: JSONValue, at pointer: @autoclosure () -> JSONPointer, maxLength: Int = 256) -> String? {
        guard case .string(let text) = value else {
            fail(pointer(), "must be a string, not \(value.typeDescription)")
            return nil
        }
        guard text.unicodeScalars.count <= maxLength else {
            fail(pointer(), "must be at most \(maxLength) characters long")
            return nil
        }
        return text
    }

    public func bool(_ parent: Object, _ key: String, required: Bool = false) -> Bool? {
        guard let value = value(parent, key, required: required) else { return nil }
        guard case .bool(let flag) = value else {
            fail(parent.pointer.appending(key), "must be true or false, not \(value.typeDescription)")
            return nil
        }
        return flag
    }

    /// One of an enumeration's raw values; the error lists the accepted ones.
    public func choice<Choice: RawRepresentable & CaseIterable>(
        _ parent: Object, _ key: String, required: Bool = false, as type: Choice.Type = Choice.self
    ) -> Choice? where Choice.RawValue == String {
        guard let value = value(parent, key, required: required) else { return nil }
        return choice(value, at: parent.pointer.appending(key), as: type)
    }

    public func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: JSONValue, at pointer: @autoclosure () -> JSONPointer, as type: Choice.Type = Choice.self
    )
        -> Choice? where Choice.RawValue == String
    {
        // The list of accepted values is built only for the error message.
        func accepted() -> String { Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") }
        guard case .string(let text) = value else {
            fail(pointer(), "must be one of \(accepted()), not \(value.typeDescription)")
            return nil
        }
        guard let choice = Choice(rawValue: text) else {
            fail(pointer(), "must be one of \(accepted()), not \"\(String(text.prefix(64)))\"")
            return nil
        }
        return choice
    }

    /// The raw member without marking it read (it stays an unknown field); nil if absent or null.
    public func peek(_ parent: Object, _ key: String) -> JSONValue? {
        guard let value = parent.members.first(where: { $0.key == key })?.value, value != .null else { return nil }
        return value
    }

    /// The raw member, marking it read; nil (with an error when required) if absent or null.
    public func value(_ parent: Object, _ key: String, required: Bool = false) -> JSONValue? {
        guard let value = parent.take(key) else {
            if required { fail(parent.pointer.appending(key), "is required") }
            return nil
        }
        return value
    }

    static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return number.description
    }
}
