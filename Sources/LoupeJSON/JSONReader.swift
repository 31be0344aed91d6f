/// A strict RFC 8259 reader for request bodies.
///
/// Foundation's JSONDecoder costs tens of microseconds per request and reports errors as
/// coding paths; this reader is small, fast, bounded (depth and size) and reports the byte
/// offset of the first error. It rejects what RFC 8259 rejects: trailing commas, comments,
/// leading zeros, lone surrogates, control characters in strings, and trailing garbage.
public struct JSONReader {
    /// Why a body is not JSON, with the byte offset where reading stopped.
    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "\(reason) at byte \(offset)" }
    }

    /// Deepest nesting accepted; deeper documents are rejected rather than recursed into.
    public static let maxDepth = 64
    /// Most members one object may hold. Loupe's request objects have a few dozen at most;
    /// the cap keeps the unknown-field report and member look-ups small.
    public static let maxMembersPerObject = 1_000
    /// Most elements one array may hold: ten times the longest script a route accepts
    /// (10,000 events), so a script just over its limit still gets the decoder's 422.
    public static let maxElementsPerArray = 100_000
    /// Most values (scalars and containers) in one document. A 1 MiB body could otherwise
    /// hold about 500,000, and each costs a node in the tree.
    public static let maxValuesPerDocument = 250_000
    /// Objects with more members than this find duplicates through a hash set, not a scan:
    /// small objects (every real request) stay allocation-free, and large ones stay linear.
    static let linearDuplicateScanLimit = 16

    /// The body, borrowed for the length of `document` (reading through a pointer keeps the byte
    /// loops free of an array's checks).
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var valueCount = 0
    private var nodes: [JSONDocument.Node] = []
    private var unescaped: [UInt8] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A value takes at least two bytes with its separator: room for a small body's nodes
        // in one allocation, without reserving a large body's worst case up front.
        nodes.reserveCapacity(min(bytes.count / 2 + 4, 4_096))
    }

    /// Reads one complete JSON document into a tape (`JSONDocument`), the form the request
    /// decoders read fields from.
    public static func document(_ bytes: [UInt8]) throws(SyntaxError) -> JSONDocument {
        let (nodes, unescaped) = try bytes.withUnsafeBufferPointer { buffer throws(SyntaxError) in
            var reader = JSONReader(buffer)
            reader.skipWhitespace()
            try reader.value(depth: 0, parent: JSONDocument.noParent, position: 0)
            reader.skipWhitespace()
            guard reader.index == buffer.count else { throw reader.error("unexpected data after the document") }
            return (reader.nodes, reader.unescaped)
        }
        return JSONDocument(nodes: nodes, body: bytes, unescaped: unescaped)
    }

    /// Parses one complete JSON document into a tree (for tests and tools, which inspect answers).
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        try document(bytes).root.json
    }

    private func error(_ reason: String) -> SyntaxError {
        SyntaxError(offset: index, reason: reason)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Appends the nodes of the value at `index`.
    private mutating func value(depth: Int, parent: UInt32, position: Int) throws(SyntaxError) {
        guard index < bytes.count else { throw error("unexpected end of input") }
        valueCount += 1
        guard valueCount <= Self.maxValuesPerDocument else {
            throw error("more than \(Self.maxValuesPerDocument) values in the document")
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): try object(depth: depth + 1, parent: parent, position: position)
        case UInt8(ascii: "["): try array(depth: depth + 1, parent: parent, position: position)
        case UInt8(ascii: "\""): try string(kind: .string, parent: parent, position: position)
        case UInt8(ascii: "t"):
            try literal("true")
            append(JSONDocument.Node(kind: .bool, position: position, parent: parent, payload: 1))
        case UInt8(ascii: "f"):
            try literal("false")
            append(JSONDocument.Node(kind: .bool, position: position, parent: parent, payload: 0))
        case UInt8(ascii: "n"):
            try literal("null")
            append(JSONDocument.Node(kind: .null, position: position, parent: parent))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let number = try number()
            append(JSONDocument.Node(kind: .number, position: position, parent: parent, payload: number.bitPattern))
        default: throw error("unexpected character")
        }
    }

    /// Appends a scalar node, which ends where it starts.
    private mutating func append(_ node: JSONDocument.Node) {
        var node = node
        node.end = UInt32(truncatingIfNeeded: nodes.count + 1)
        nodes.append(node)
    }

    private mutating func literal(_ word: StaticString) throws(SyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected end of input") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw error("invalid literal")
        }
        index += count
    }

    private mutating func object(depth: Int, parent: UInt32, position: Int) throws(SyntaxError) {
        guard depth <= Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth)") }
        index += 1
        let object = nodes.count
        let objectIndex = UInt32(truncatingIfNeeded: object)
        nodes.append(JSONDocument.Node(kind: .object, position: position, parent: parent))
        var count = 0
        var keys: Set<String> = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            nodes[object].end = UInt32(truncatingIfNeeded: nodes.count)
            return
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name") }
            let keyStart = index
            let key = nodes.count
            try string(kind: .name, parent: objectIndex, position: count)
            guard count < Self.maxMembersPerObject else {
                throw SyntaxError(offset: keyStart, reason: "more than \(Self.maxMembersPerObject) members in one object")
            }
            if isDuplicate(key, in: object, count: count, keys: &keys) {
                throw SyntaxError(offset: keyStart, reason: "duplicate member \"\(keyText(key).prefix(64))\"")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            try value(depth: depth, parent: objectIndex, position: count)
            count += 1
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
            index += 1
            nodes[object].count = UInt32(truncatingIfNeeded: count)
            nodes[object].end = UInt32(truncatingIfNeeded: nodes.count)
            return
        }
    }

    /// Whether the key node at `key` repeats one of the `count` members of `object` before it, as
    /// Swift compares strings. O(1) per member on average: a scan while the object is small, then
    /// a hash set that holds every key so far (built once, when the object outgrows the scan).
    private func isDuplicate(_ key: Int, in object: Int, count: Int, keys: inout Set<String>) -> Bool {
        if count < Self.linearDuplicateScanLimit {
            var earlier = object + 1
            for _ in 0..<count {
                if sameKey(earlier, key) { return true }
                earlier = Int(nodes[earlier + 1].end)
            }
            return false
        }
        if keys.isEmpty {
            keys.reserveCapacity(count * 2)
            var earlier = object + 1
            for _ in 0..<count {
                keys.insert(keyText(earlier))
                earlier = Int(nodes[earlier + 1].end)
            }
        }
        return !keys.insert(keyText(key)).inserted
    }

    /// ASCII keys are equal only byte for byte; others are compared as Swift strings (canonical
    /// equivalence: "\u212A", the Kelvin sign, equals "K").
    private func sameKey(_ a: Int, _ b: Int) -> Bool {
        let first = nodes[a]
        let second = nodes[b]
        if !first.isASCII || !second.isASCII { return keyText(a) == keyText(b) }
        guard first.count == second.count else { return false }
        guard first.count > 0 else { return true }
        let body = UnsafeRawBufferPointer(bytes)
        return unescaped.withUnsafeBytes { unescaped in
            memoryEqual(
                (first.isUnescaped ? unescaped : body).baseAddress.unsafelyUnwrapped + first.textRange.lowerBound,
                (second.isUnescaped ? unescaped : body).baseAddress.unsafelyUnwrapped + second.textRange.lowerBound,
                Int(first.count))
        }
    }

    private func keyText(_ node: Int) -> String {
        nodes[node].text(body: bytes, unescaped: unescaped)
    }

    private mutating func array(depth: Int, parent: UInt32, position: Int) throws(SyntaxError) {
        guard depth <= Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth)") }
        index += 1
        let array = nodes.count
        let arrayIndex = UInt32(truncatingIfNeeded: array)
        nodes.append(JSONDocument.Node(kind: .array, position: position, parent: parent))
        var count = 0
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            nodes[array].end = UInt32(truncatingIfNeeded: nodes.count)
            return
        }
        while true {
            skipWhitespace()
            guard count < Self.maxElementsPerArray else {
                throw error("more than \(Self.maxElementsPerArray) elements in one array")
            }
            try value(depth: depth, parent: arrayIndex, position: count)
            count += 1
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
            index += 1
            nodes[array].count = UInt32(truncatingIfNeeded: count)
            nodes[array].end = UInt32(truncatingIfNeeded: nodes.count)
            return
        }
    }

    private mutating func number() throws(SyntaxError) -> Double {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < bytes.count else { throw error("invalid number") }
        var integer = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if isDigit(bytes[index]) {
            while index < bytes.count, isDigit(bytes[index]) {
                integer = integer &* 10 &+ Int(bytes[index] - 48)
                index += 1
            }
        } else {
            throw error("invalid number")
        }
        let integerDigits = index - start - (negative ? 1 : 0)
        let isPlainInteger =
            index == bytes.count
            || (bytes[index] != UInt8(ascii: ".") && bytes[index] != UInt8(ascii: "e") && bytes[index] != UInt8(ascii: "E"))
        if isPlainInteger && integerDigits <= 15 {
            // Exact in a Double: most request numbers are small integers, and this skips text parsing.
            return negative ? -Double(integer) : Double(integer)
        }
        // The decimal significand and exponent, while they stay exact (`DecimalFastPath`).
        var fast = DecimalFastPath(integer: integer, integerDigits: integerDigits)
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) {
                fast.appendFractionDigit(bytes[index] - 48)
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var negativeExponent = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                negativeExponent = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
            var exponent = 0
            while index < bytes.count, isDigit(bytes[index]) {
                exponent = min(exponent &* 10 &+ Int(bytes[index] - 48), 100_000)
                index += 1
            }
            fast.addExponent(negativeExponent ? -exponent : exponent)
        }
        guard index - start <= 64 else { throw SyntaxError(offset: start, reason: "number longer than 64 characters") }
        if let value = fast.value { return negative ? -value : value }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw SyntaxError(offset: start, reason: "number out of range")
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    /// Appends a string or key node: a range of the body when the string has no escapes (the
    /// usual case for member names and enum values), else its unescaped text.
    private mutating func string(kind: JSONDocument.Kind, parent: UInt32, position: Int) throws(SyntaxError) {
        index += 1
        let start = index
        var isASCII = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                // Invalid UTF-8 in a request is an error, not a silent replacement character.
                if !isASCII, String(validating: bytes[start..<index], as: UTF8.self) == nil {
                    throw SyntaxError(offset: start, reason: "invalid UTF-8 in string")
                }
                var payload = UInt64(start)
                if !isASCII { payload |= JSONDocument.nonASCIIFlag }
                append(JSONDocument.Node(kind: kind, position: position, parent: parent, payload: payload, count: UInt32(index - start)))
                index += 1
                return
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character in string") }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        guard index < bytes.count else { throw error("unterminated string") }
        // Slow path: the string has escapes.
        var scalars = Array(bytes[start..<index])
        var chunkStart = index
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                scalars.append(contentsOf: bytes[chunkStart..<index])
                index += 1
                break
            }
            if byte < 0x20 { throw error("control character in string") }
            if byte == UInt8(ascii: "\\") {
                scalars.append(contentsOf: bytes[chunkStart..<index])
                index += 1
                try escape(into: &scalars)
                chunkStart = index
                continue
            }
            index += 1
        }
        guard String(validating: scalars, as: UTF8.self) != nil else { throw error("invalid UTF-8 in string") }
        var payload = UInt64(unescaped.count) | JSONDocument.unescapedFlag
        if scalars.contains(where: { $0 >= 0x80 }) { payload |= JSONDocument.nonASCIIFlag }
        append(JSONDocument.Node(kind: kind, position: position, parent: parent, payload: payload, count: UInt32(scalars.count)))
        unescaped.append(contentsOf: scalars)
    }

    private mutating func escape(into output: inout [UInt8]) throws(SyntaxError) {
        guard index < bytes.count else { throw error("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): output.append(0x22)
        case UInt8(ascii: "\\"): output.append(0x5C)
        case UInt8(ascii: "/"): output.append(0x2F)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("lone surrogate in string")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("lone surrogate in string") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error("lone surrogate in string")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid escape") }
            output.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            throw error("invalid escape")
        }
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("invalid \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 48...57: digit = UInt32(byte - 48)
            case 65...70: digit = UInt32(byte - 55)
            case 97...102: digit = UInt32(byte - 87)
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
