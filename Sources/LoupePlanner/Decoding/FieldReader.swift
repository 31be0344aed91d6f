import LoupeJSON

/// Reads a request body field by field and keeps going after a bad field, so a 422 lists
/// every invalid field at once, each with its JSON pointer, never only the first.
///
/// One reader serves one request. Optional fields that are absent or null read as nil;
/// required ones that are absent or null are errors. Every member an object holds that no
/// one read is reported by `unknownFields` (an `unknown-field` warning, or a 422 in strict
/// mode).
public final class FieldReader {
    /// A JSON object being read: where it is, and its slot in the reader's record of which
    /// members were asked for.
    public struct Object {
        public let value: JSONDocument.Value
        /// Where this object's read marks start in `FieldReader.readMarks`.
        fileprivate let marks: Int

        /// Where the object is, for an error that names it (found from the document when asked).
        public var pointer: JSONPointer { value.pointer }

        /// Whether the member is present and not null.
        public func has(_ key: String) -> Bool {
            guard let member = value.member(key) else { return false }
            return !member.value.isNull
        }
    }

    // The reader's state is not checked for exclusive access at run time (`@exclusivity(unchecked)`):
    // a reader serves one request on one thread, its methods never hold one of these while
    // calling out, and the checks (a thread-local look-up and a set insertion per access) were
    // an eighth of decoding a request.
    @exclusivity(unchecked) public private(set) var errors: [Problem.FieldError] = []
    /// The objects opened (node and first read mark), in the order they were opened: the order
    /// unknown fields are reported in.
    @exclusivity(unchecked) private var opened: [(node: Int, marks: Int)] = []
    /// The document the opened objects are in (every request reads one).
    @exclusivity(unchecked) private var document: JSONDocument?
    /// One mark per member of every object opened, set when the member is asked for (requests
    /// have a handful of members per object, so a scan beats hashing every key).
    @exclusivity(unchecked) private var readMarks: [Bool] = []
    /// Fields asked for and not found, by the read mark of their object: the names an unknown
    /// field may have been meant as (`UnknownField.suggestion`). The first `maxRememberedAbsent`
    /// only, so a body of ten thousand events costs no more than a plan.
    @exclusivity(unchecked) private var absent: [(marks: Int, key: String)] = []
    static let maxRememberedAbsent = 1_000

    public init() {
        opened.reserveCapacity(8)
        readMarks.reserveCapacity(32)
        // A plan asks for dozens of fields it does not find: one allocation, not one per doubling.
        absent.reserveCapacity(64)
    }

    /// Records an error at `pointer`.
    public func fail(_ pointer: JSONPointer, _ detail: String) {
        errors.append(Problem.FieldError(pointer: pointer.description, detail: detail))
    }

    /// Keeps another reader's errors (a scratch reader that checked members this one leaves
    /// unread).
    public func adopt(_ errors: [Problem.FieldError]) {
        self.errors += errors
    }

    /// `parent` opened in this reader too, when its member `key` is present and not null: for
    /// checking, with a scratch reader, the shape of a member that the main reader leaves unread
    /// (an unknown field). Nil when absent or null.
    public func reopened(_ parent: Object, ifItHas key: String) -> Object? {
        guard parent.has(key) else { return nil }
        return open(parent.value)
    }

    /// Most unknown fields reported for one request. A body of ten thousand events, each
    /// with a stray member, would otherwise answer with ten thousand warnings: the first
    /// hundred tell a client what to fix as well.
    public static let maxReportedUnknownFields = 100

    /// Pointers of members nobody read, object by object in the order they were read, each
    /// object's in document order (the first `maxReportedUnknownFields` of them).
    public var unknownFields: [UnknownField] {
        var found: [UnknownField] = []
        guard let document else { return found }
        for object in opened {
            let value = document.value(at: object.node)
            for position in 0..<value.count where !readMarks[object.marks + position] {
                guard found.count < Self.maxReportedUnknownFields else { return found }
                let key = value.name(at: position)
                let asked = absent.filter { $0.marks == object.marks }.map(\.key)
                found.append(UnknownField(pointer: value.pointer.appending(key), suggestion: UnknownField.likelyMeant(key, among: asked)))
            }
        }
        return found
    }

    // MARK: - Containers

    /// `value` as an object, or nil with an error.
    public func object(_ value: JSONDocument.Value) -> Object? {
        guard value.kind == .object else {
            fail(value.pointer, "must be an object, not \(value.typeDescription)")
            return nil
        }
        return open(value)
    }

    private func open(_ value: JSONDocument.Value) -> Object {
        let object = Object(value: value, marks: readMarks.count)
        for _ in 0..<value.count { readMarks.append(false) }
        opened.append((value.index, object.marks))
        if document == nil { document = value.document }
        return object
    }

    public func object(_ parent: Object, _ key: String, required: Bool = false) -> Object? {
        guard let value = value(parent, key, required: required) else { return nil }
        return object(value)
    }

    /// The elements of array `key`; nil (with an error when required) when absent, and nil with
    /// an error when it has more than `maxCount` elements.
    public func array(_ parent: Object, _ key: String, required: Bool = false, maxCount: Int) -> [JSONDocument.Value]? {
        guard let value = value(parent, key, required: required) else { return nil }
        guard value.kind == .array else {
            fail(value.pointer, "must be an array, not \(value.typeDescription)")
            return nil
        }
        guard value.count <= maxCount else {
            fail(value.pointer, "must have at most \(maxCount) elements, not \(value.count)")
            return nil
        }
        return value.elements
    }

    // MARK: - Scalars

    /// A finite number in `range`. Pointers are made only for an error (`@autoclosure` below):
    /// a valid request has no use for them, and building one per field was a tenth of decoding.
    public func number(_ parent: Object, _ key: String, required: Bool = false, in range: ClosedRange<Double>) -> Double? {
        guard let value = value(parent, key, required: required) else { return nil }
        return number(value, in: range)
    }

    public func number(_ value: JSONDocument.Value, in range: ClosedRange<Double>) -> Double? {
        guard let number = value.number else {
            fail(value.pointer, "must be a number, not \(value.typeDescription)")
            return nil
        }
        guard number.isFinite, range.contains(number) else {
            fail(value.pointer, "must be from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)), not \(Self.format(number))")
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
        return string(value, maxLength: maxLength)
    }

    public func string(_ value: JSONDocument.Value, maxLength: Int = 256) -> String? {
        guard let text = value.string else {
            fail(value.pointer, "must be a string, not \(value.typeDescription)")
            return nil
        }
        guard text.unicodeScalars.count <= maxLength else {
            fail(value.pointer, "must be at most \(maxLength) characters long")
            return nil
        }
        return text
    }

    public func bool(_ parent: Object, _ key: String, required: Bool = false) -> Bool? {
        guard let value = value(parent, key, required: required) else { return nil }
        guard let flag = value.bool else {
            fail(value.pointer, "must be true or false, not \(value.typeDescription)")
            return nil
        }
        return flag
    }

    /// One of an enumeration's raw values; the error lists the accepted ones.
    public func choice<Choice: RawRepresentable & CaseIterable>(
        _ parent: Object, _ key: String, required: Bool = false, as type: Choice.Type = Choice.self
    ) -> Choice? where Choice.RawValue == String {
        guard let value = value(parent, key, required: required) else { return nil }
        return choice(value, as: type)
    }

    public func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: JSONDocument.Value, as type: Choice.Type = Choice.self
    )
        -> Choice? where Choice.RawValue == String
    {
        // The list of accepted values is built only for the error message.
        func accepted() -> String { Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") }
        guard let text = value.string else {
            fail(value.pointer, "must be one of \(accepted()), not \(value.typeDescription)")
            return nil
        }
        guard let choice = Choice(rawValue: text) else {
            fail(value.pointer, "must be one of \(accepted()), not \"\(String(text.prefix(64)))\"")
            return nil
        }
        return choice
    }

    /// The raw member without marking it read (it stays an unknown field); nil if absent or null.
    public func peek(_ parent: Object, _ key: String) -> JSONDocument.Value? {
        guard let member = parent.value.member(key), !member.value.isNull else { return nil }
        return member.value
    }

    /// The raw member, marking it read; nil (with an error when required) if absent or null.
    public func value(_ parent: Object, _ key: String, required: Bool = false) -> JSONDocument.Value? {
        guard let member = parent.value.member(key) else {
            if required { fail(parent.pointer.appending(key), "is required") }
            if absent.count < Self.maxRememberedAbsent { absent.append((parent.marks, key)) }
            return nil
        }
        readMarks[parent.marks + member.position] = true
        guard !member.value.isNull else {
            if required { fail(parent.pointer.appending(key), "is required") }
            return nil
        }
        return member.value
    }

    static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return number.description
    }
}
