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

    private let bytes: [UInt8]
    private var index = 0
    private var valueCount = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one complete JSON document.
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        var reader = JSONReader(bytes)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("unexpected data after the document") }
        return value
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

    private mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input") }
        valueCount += 1
        guard valueCount <= Self.maxValuesPerDocument else {
            throw error("more than \(Self.maxValuesPerDocument) values in the document")
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws(SyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected end of input") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw error("invalid literal")
        }
        index += count
    }

    private mutating func object(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth <= Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth)") }
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        members.reserveCapacity(8)  // a request's objects have a handful of members: one allocation
        var keys: Set<String> = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name") }
            let keyStart = index
            let key = try string()
            guard members.count < Self.maxMembersPerObject else {
                throw SyntaxError(offset: keyStart, reason: "more than \(Self.maxMembersPerObject) members in one object")
            }
            if isDuplicate(key, in: members, keys: &keys) {
                throw SyntaxError(offset: keyStart, reason: "duplicate member \"\(key.prefix(64))\"")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            members.append((key, try value(depth: depth)))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
            index += 1
            return .object(members)
        }
    }

    /// O(1) per member on average: a scan while the object is small, then a hash set that
    /// holds every key so far (built once, when the object outgrows the scan).
    private func isDuplicate(_ key: String, in members: [(key: String, value: JSONValue)], keys: inout Set<String>) -> Bool {
        if members.count < Self.linearDuplicateScanLimit {
            return members.contains { $0.key == key }
        }
        if keys.isEmpty {
            keys.reserveCapacity(members.count * 2)
            for member in members { keys.insert(member.key) }
        }
        return !keys.insert(key).inserted
    }

    private mutating func array(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth <= Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth)") }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            guard elements.count < Self.maxElementsPerArray else {
                throw error("more than \(Self.maxElementsPerArray) elements in one array")
            }
            elements.append(try value(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
            index += 1
            return .array(elements)
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
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        guard index - start <= 64 else { throw SyntaxError(offset: start, reason: "number longer than 64 characters") }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw SyntaxError(offset: start, reason: "number out of range")
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    private mutating func string() throws(SyntaxError) -> String {
        index += 1
        let start = index
        var isASCII = true
        // Fast path: no escapes, the usual case for member names and enum values.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text =
                    isASCII
                    ? String(decoding: bytes[start..<index], as: UTF8.self)
                    : String(validating: bytes[start..<index], as: UTF8.self)
                index += 1
                // Invalid UTF-8 in a request is an error, not a silent replacement character.
                guard let text else { throw SyntaxError(offset: start, reason: "invalid UTF-8 in string") }
                return text
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
        guard let text = String(validating: scalars, as: UTF8.self) else { throw error("invalid UTF-8 in string") }
        return text
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
