/// Writes JSON straight into a byte buffer, in the order the caller writes members, so
/// identical answers are identical bytes (ETags depend on it) and no intermediate
/// dictionaries or strings are built per number.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8]
    /// Whether the next value in the current container needs a comma before it.
    private var needsComma = false

    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    // MARK: Containers

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a member name; the next write is its value.
    /// Writes a pre-encoded member name; the next write is its value.
    public mutating func key(_ key: JSONKey) {
        separate()
        bytes.append(contentsOf: key.encoded)
        needsComma = false
    }

    public mutating func key(_ name: String) {
        separate()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    // MARK: Scalars

    public mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
        needsComma = true
    }

    public mutating func null() {
        separate()
        bytes.append(contentsOf: Self.nullBytes)
        needsComma = true
    }

    public mutating func int(_ value: Int) {
        separate()
        appendFixed(Int64(value), places: 0)
        needsComma = true
    }

    /// Writes the shortest text that reads back as exactly `value` (integral values without
    /// a fraction), in JavaScript's `Number.prototype.toString` form so browsers and we agree
    /// byte for byte. Non-finite values, which JSON cannot carry, are written as null.
    public mutating func number(_ value: Double) {
        separate()
        // NaN and the infinities fail the comparison; Int(value) is exact below 2^53.
        if value.magnitude <= Self.largestExactInteger, Double(Int(value)) == value {
            appendFixed(Int64(value), places: 0)
        } else if value.isFinite {
            appendShortest(value)
        } else {
            bytes.append(contentsOf: Self.nullBytes)
        }
        needsComma = true
    }

    /// Writes `value` rounded to `places` decimal places (shorter output for clients that
    /// ask for `options.precision`). The rounded double goes through `number(_:)`, whose
    /// shortest digits are then the rounded decimal itself (0.1 + 0.2 at 3 places is "0.3").
    public mutating func number(_ value: Double, places requested: Int?) {
        guard let requested else {
            number(value)
            return
        }
        // From 1e15 up every double is a whole number already, and scaling it could overflow to
        // infinity (written as null, which the schema forbids): write it unrounded.
        guard abs(value) < 1e15 else {
            number(value)
            return
        }
        let places = max(0, min(requested, Self.powersOfTen.count - 1))
        let scale = Self.powersOfTen[places]
        let scaled = (value * scale).rounded()
        // Below 10^15 the scaled value is an exact integer of at most 15 digits, so the decimal
        // it spells is the shortest text of `scaled / scale` (doubles tell every 15-digit
        // decimal apart) and, at 10^-6 and up (so for 6 places or fewer), ECMAScript's layout
        // is plain positional: writing the digits directly gives the bytes
        // `number(scaled / scale)` would, without the shortest-digits search (22 ns a number
        // instead of 37, loupe-bench "format 1000 doubles at 6 places").
        guard places <= 6, scaled.magnitude < 1e15 else {
            var rounded = scaled / scale
            if rounded == 0 { rounded = 0 }  // no "-0"
            number(rounded)
            return
        }
        separate()
        appendFixed(Int64(scaled), places: places)
        needsComma = true
    }

    // MARK: Convenience

    public mutating func member(_ name: String, _ value: String) { key(name); string(value) }
    public mutating func member(_ name: String, _ value: Double) { key(name); number(value) }
    public mutating func member(_ name: String, _ value: Int) { key(name); int(value) }
    public mutating func member(_ name: String, _ value: Bool) { key(name); bool(value) }

    /// Writes an already-parsed value back out (used for echoing request fragments).
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .object(let members):
            beginObject()
            for member in members {
                key(member.key)
                self.value(member.value)
            }
            endObject()
        }
    }

    // MARK: Internals

    /// 2^53: up to here every integer is exactly a Double, so integral values print as integers.
    private static let largestExactInteger = 9_007_199_254_740_992.0
    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let nullBytes = Array("null".utf8)
    private static let powersOfTen: [Double] = (0...12).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }
    private static let hexDigits = Array("0123456789abcdef".utf8)
    private static let unicodeEscapePrefix = Array("\\u00".utf8)

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// Writes a finite, non-zero `value` from its shortest decimal (ShortestDecimal, Schubfach) in
    /// ECMAScript's layout, straight into the spare capacity of `bytes`: no String, no copy.
    private mutating func appendShortest(_ value: Double) {
        let decimal = ShortestDecimal.shortest(magnitudeBits: value.bitPattern & ~ShortestDecimal.signBit)
        let negative = value < 0
        let room = ECMAScriptNumber.scratchBytes
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            bytes.append(addingCapacity: room) { span in
                span.withUnsafeMutableBufferPointer { buffer, initialized in
                    guard let start = buffer.baseAddress, buffer.count >= room else { return }
                    initialized = ECMAScriptNumber.write(decimal, negative: negative, to: start)
                }
            }
        } else {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
                guard let start = buffer.baseAddress else { return }
                let count = ECMAScriptNumber.write(decimal, negative: negative, to: start)
                bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
            }
        }
    }

    /// `scaled / 10^places` in positional notation, trailing fraction zeros dropped, "0" for
    /// zero (never "-0"); with 0 places, any integer. The digits go to a scratch buffer and into
    /// `bytes` in one append, not one append per digit.
    private mutating func appendFixed(_ scaled: Int64, places: Int) {
        guard scaled != 0 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var magnitude = scaled.magnitude
        var fractionDigits = places
        while fractionDigits > 0, magnitude % 10 == 0 {
            magnitude /= 10
            fractionDigits -= 1
        }
        // Written backwards from the end of a 32-byte scratch: at most 19 digits (Int64), or 15
        // with a point and up to 6 places, and the sign.
        var scratch: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { buffer in
            var position = buffer.count
            func put(_ byte: UInt8) {
                position -= 1
                buffer[position] = byte
            }
            for _ in 0..<fractionDigits {
                put(UInt8(truncatingIfNeeded: 48 + magnitude % 10))
                magnitude /= 10
            }
            if fractionDigits > 0 { put(UInt8(ascii: ".")) }
            repeat {
                put(UInt8(truncatingIfNeeded: 48 + magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            if scaled < 0 { put(UInt8(ascii: "-")) }
            UnsafeRawBufferPointer(rebasing: buffer[position...]).withMemoryRebound(to: UInt8.self) { bytes.append(contentsOf: $0) }
        }
    }

    private mutating func appendQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        let copied: Bool = text.withUTF8 { utf8 in
            // Fast path: nothing to escape (member names, enum values, most strings), one copy.
            guard !utf8.contains(where: Self.needsEscape) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if !copied { appendEscaped(text) }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private mutating func appendEscaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case 0x0A: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            case 0..<0x20:
                bytes.append(contentsOf: Self.unicodeEscapePrefix)
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
    }
}
