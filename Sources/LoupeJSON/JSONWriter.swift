/// Writes JSON straight into a byte buffer, in the order the caller writes members, so
/// identical answers are identical bytes (ETags depend on it) and no intermediate
/// dictionaries or strings are built per number.
///
/// A plan answer is about 16 KB written in some 2,500 small appends (member names, numbers,
/// brackets). The buffer is memory the writer owns outright, so an append is a bounds check
/// and a copy: no copy-on-write uniqueness check and no reference counting, which were a
/// fifth of the writer's instructions when the buffer was an `Array` (docs/benchmarks-history.md).
/// That ownership is why the writer cannot be copied: pass it `inout`, and take the result
/// with `bytes`.
public struct JSONWriter: ~Copyable {
    /// The buffer: `count` bytes written, `capacity` allocated.
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @usableFromInline var count: Int
    @usableFromInline var capacity: Int
    /// Whether the next value in the current container needs a comma before it.
    @usableFromInline var needsComma = false
    /// Whether `start` is memory this writer allocated (and frees), not an array's that it
    /// renders into (`rendering(capacity:_:)`).
    @usableFromInline var ownsBuffer = true

    public init(capacity: Int = 1024) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
        count = 0
    }

    /// A writer into memory it does not own, until it outgrows it.
    private init(lending buffer: UnsafeMutableBufferPointer<UInt8>) {
        start = buffer.baseAddress.unsafelyUnwrapped
        capacity = buffer.count
        count = 0
        ownsBuffer = false
    }

    deinit { if ownsBuffer { start.deallocate() } }

    /// The JSON `body` writes, rendered straight into the array it is returned in when it fits
    /// in `capacity` bytes (an upper bound, such as an answer's size estimate, always fits): the
    /// array then is the memory the answer is cached in and sent from, and no byte of it is
    /// copied (issue 47 §2). Text longer than `capacity` moves to memory the writer allocates
    /// and is copied into an array once at the end, as `bytes` does; so is text that leaves more
    /// than a fifth of the room unused (`largestUnusedShare`), so an answer kept in a cache for
    /// long never holds much more memory than its bytes.
    public static func rendering(capacity: Int, _ body: (inout JSONWriter) -> Void) -> [UInt8] {
        var copied: [UInt8]?
        // The writer asks for room before each piece (a name's 32 bytes, a number's 41), so text
        // that fits the capacity still needs that much past it not to move.
        let rendered = [UInt8](unsafeUninitializedCapacity: max(capacity, 64) + renderingHeadroom) { buffer, initialized in
            var writer = JSONWriter(lending: buffer)
            body(&writer)
            if writer.ownsBuffer || Double(buffer.count - writer.count) > largestUnusedShare * Double(buffer.count) {
                copied = writer.bytes
                initialized = 0
            } else {
                initialized = writer.count
            }
        }
        return copied ?? rendered
    }

    /// The room `rendering` adds past the capacity asked for: the most a name or a number
    /// reserves beyond what it writes.
    static let renderingHeadroom = 64

    /// The share of `rendering`'s room that may go unused before the text is copied into an
    /// array of its own size: the plan examples' estimates leave 14-17 % (a push: 16.5 %), and
    /// plans of short numbers (Reduce Motion's fade, a tvOS slide) up to half.
    static let largestUnusedShare = 0.2

    /// The bytes written so far (a copy: the writer keeps its buffer).
    public var bytes: [UInt8] {
        [UInt8](UnsafeBufferPointer(start: start, count: count))
    }

    /// Lends the bytes written so far without copying them (for a sink that copies anyway).
    public func withUnsafeBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: start, count: count))
    }

    // MARK: Containers

    @inlinable @inline(__always)
    public mutating func beginObject() {
        open(UInt8(ascii: "{"))
    }

    @inlinable @inline(__always)
    public mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    @inlinable @inline(__always)
    public mutating func beginArray() {
        open(UInt8(ascii: "["))
    }

    @inlinable @inline(__always)
    public mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    /// Writes a member name written beforehand; the next write is its value. The name's bytes start
    /// with the comma, which is skipped when none is due: one copy, no branch on the bytes.
    @inlinable @inline(__always)
    public mutating func name(_ name: JSONName) {
        let skip = needsComma ? 0 : 1
        let source = name.separated.baseAddress.unsafelyUnwrapped + skip
        let length = name.separated.count &- skip
        if _fastPath(name.separated.count <= JSONName.wordCopyLimit) {
            // Four eight-byte moves instead of a call to memcpy: a name's storage is padded so
            // these reads stay inside it, and the bytes past `length` are overwritten next.
            reserve(JSONName.wordCopyLimit)
            let target = UnsafeMutableRawPointer(start + count)
            let words = UnsafeRawPointer(source)
            for offset in stride(from: 0, to: JSONName.wordCopyLimit, by: 8) {
                target.storeBytes(of: words.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
            }
            count &+= length
        } else {
            append(source, count: length)
        }
        needsComma = false
    }

    /// Writes a member name; the next write is its value.
    public mutating func name(_ name: String) {
        separate()
        appendQuoted(name)
        appendByte(UInt8(ascii: ":"))
        needsComma = false
    }

    // MARK: Scalars

    public mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
        needsComma = true
    }

    /// A string given as UTF-8 bytes (escaped as `string(_:)` escapes), for text made in a
    /// buffer, such as a timestamp, that need not become a `String` first.
    public mutating func string(utf8 value: UnsafeBufferPointer<UInt8>) {
        separate()
        appendQuoted(utf8: value)
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        appendStatic(value ? "true" : "false")
        needsComma = true
    }

    public mutating func null() {
        separate()
        appendStatic("null")
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
    ///
    /// Always inlined, as is `number(_:places:)`: an answer writes hundreds of numbers, and a
    /// call (across the module boundary, with its register saves) cost a tenth of writing one.
    /// About half of a plan's numbers are the digits 0 to 9 (opacities, identity scales, zero
    /// offsets), written as one byte.
    @inlinable @inline(__always)
    public mutating func number(_ value: Double) {
        // One capacity check for the separator and the text; the separator is stored either way
        // and kept only when due, with no branch on it.
        reserve(Self.numberRoom)
        start[count] = UInt8(ascii: ",")
        count &+= needsComma ? 1 : 0
        needsComma = true
        // NaN and the infinities fail the comparison; Int(value) is exact below 2^53.
        if value.magnitude <= Self.largestExactInteger, Double(Int(value)) == value {
            let integer = Int(value)
            if UInt(bitPattern: integer) < 10 {  // 0...9, and -0 as 0
                start[count] = UInt8(truncatingIfNeeded: integer) &+ UInt8(ascii: "0")
                count &+= 1
            } else {
                writeFixed(Int64(integer), places: 0)
            }
        } else if value.isFinite {
            writeShortest(value)
        } else {
            appendStatic("null")
        }
    }

    /// Writes `value` rounded to `places` decimal places (shorter output for clients that
    /// ask for `options.precision`). The rounded double goes through `number(_:)`, whose
    /// shortest digits are then the rounded decimal itself (0.1 + 0.2 at 3 places is "0.3").
    @inlinable @inline(__always)
    public mutating func number(_ value: Double, places requested: Int?) {
        guard let requested else {
            number(value)
            return
        }
        numberRounded(value, places: requested)
    }

    /// `number(_:places:)`, returning where its text went: for a value that repeats, written once
    /// and copied after (`repeatNumber`).
    @inlinable
    public mutating func markedNumber(_ value: Double, places: Int?) -> Range<Int> {
        separate()
        needsComma = false  // the separator is written: `number` must not write another
        let textStart = count
        number(value, places: places)
        return textStart..<count
    }

    /// Writes again the number whose text `markedNumber` put at `text`: the same bytes a second
    /// `number` call would write, without formatting them again (a transform's x and y scales
    /// are equal in every keyframe of a zoom, and a shortest number costs more than the copy).
    public mutating func repeatNumber(_ text: Range<Int>) {
        separate()
        reserve(text.count)
        (start + count).update(from: start + text.lowerBound, count: text.count)
        count &+= text.count
        needsComma = true
    }

    /// `number(_:places:)` with places given.
    @usableFromInline
    mutating func numberRounded(_ value: Double, places requested: Int) {
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

    public mutating func member(_ name: String, _ value: String) { self.name(name); string(value) }
    public mutating func member(_ name: String, _ value: Double) { self.name(name); number(value) }
    public mutating func member(_ name: String, _ value: Int) { self.name(name); int(value) }
    public mutating func member(_ name: String, _ value: Bool) { self.name(name); bool(value) }

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
                name(member.key)
                self.value(member.value)
            }
            endObject()
        }
    }

    // MARK: Buffer

    @inlinable @inline(__always)
    mutating func open(_ bracket: UInt8) {
        reserve(2)
        if needsComma {
            start[count] = UInt8(ascii: ",")
            count &+= 1
        }
        start[count] = bracket
        count &+= 1
        needsComma = false
    }

    @inlinable @inline(__always)
    mutating func close(_ bracket: UInt8) {
        appendByte(bracket)
        needsComma = true
    }

    @inlinable
    mutating func separate() {
        if needsComma { appendByte(UInt8(ascii: ",")) }
    }

    @inlinable
    mutating func appendByte(_ byte: UInt8) {
        reserve(1)
        start[count] = byte
        count &+= 1
    }

    @inlinable
    mutating func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        reserve(length)
        (start + count).update(from: source, count: length)
        count &+= length
    }

    /// Room for `length` more bytes.
    @inlinable
    mutating func reserve(_ length: Int) {
        if _slowPath(length > capacity &- count) { grow(toHold: length) }
    }

    @usableFromInline
    mutating func grow(toHold length: Int) {
        let newCapacity = max(capacity * 2, count + length)
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStart.initialize(from: start, count: count)
        if ownsBuffer { start.deallocate() }
        start = newStart
        capacity = newCapacity
        ownsBuffer = true
    }

    @usableFromInline
    mutating func appendStatic(_ text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    // MARK: Numbers and strings

    /// 2^53: up to here every integer is exactly a Double, so integral values print as integers.
    @usableFromInline static let largestExactInteger = 9_007_199_254_740_992.0
    private static let powersOfTen: [Double] = (0...12).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }
    private static let hexDigits: StaticString = "0123456789abcdef"

    /// The room `number` reserves: a separator, then the longest text any number takes with
    /// the spill of its eight-byte stores (`fixedRoom`, more than `ECMAScriptNumber.scratchBytes`).
    @usableFromInline static var numberRoom: Int { 1 &+ fixedRoom }

    /// The room `writeFixed` needs: a sign, up to 20 digits, a point, and the eight-byte stores'
    /// spill past the text.
    @usableFromInline static var fixedRoom: Int { 40 }

    /// Writes a finite, non-zero `value` from its shortest decimal (ShortestDecimal, Schubfach) in
    /// ECMAScript's layout, straight into the buffer (which has `numberRoom` bytes of room): no
    /// String, no copy.
    @usableFromInline
    mutating func writeShortest(_ value: Double) {
        let decimal = ShortestDecimal.shortest(magnitudeBits: value.bitPattern & ~ShortestDecimal.signBit)
        count &+= ECMAScriptNumber.write(decimal, negative: value < 0, to: start + count)
    }

    /// `writeFixed` after making its room.
    @usableFromInline
    mutating func appendFixed(_ scaled: Int64, places: Int) {
        reserve(Self.fixedRoom)
        writeFixed(scaled, places: places)
    }

    /// `scaled / 10^places` in positional notation, trailing fraction zeros dropped, "0" for
    /// zero (never "-0"); with 0 places, any integer, into a buffer with `fixedRoom` bytes of
    /// room. The digits are written in place, eight at a time, and the fraction (at most 6
    /// places) moved one byte right to make room for the point.
    @usableFromInline
    mutating func writeFixed(_ scaled: Int64, places: Int) {
        assert(places <= 6 && capacity &- count >= Self.fixedRoom)
        guard scaled != 0 else {
            start[count] = UInt8(ascii: "0")
            count &+= 1
            return
        }
        var magnitude = scaled.magnitude
        var fractionDigits = places
        while fractionDigits > 0, magnitude % 10 == 0 {
            magnitude /= 10
            fractionDigits -= 1
        }
        var text = start + count
        if scaled < 0 {
            text.pointee = UInt8(ascii: "-")
            text += 1
        }
        // At least one digit before the point: 0.05 is "0.05", zero-padded to three digits.
        let width = max(ShortestDecimal.digitCount(magnitude), fractionDigits + 1)
        ECMAScriptNumber.writeDigits(magnitude, count: width, to: text)
        var length = width
        if fractionDigits > 0 {
            ECMAScriptNumber.moveForwardOne(text, width: width, count: fractionDigits)
            text[width - fractionDigits] = UInt8(ascii: ".")
            length += 1
        }
        count = text + length - start
    }

    private mutating func appendQuoted(_ text: String) {
        var text = text
        text.withUTF8 { appendQuoted(utf8: $0) }
    }

    /// `"` + the bytes + `"` in one pass straight into the buffer. At the first byte that needs
    /// escaping, what was copied stays and the rest goes through the escaping path.
    private mutating func appendQuoted(utf8 text: UnsafeBufferPointer<UInt8>) {
        reserve(text.count &+ 2)
        start[count] = UInt8(ascii: "\"")
        var end = count &+ 1
        // Eight bytes at a time while none of them needs escaping (most text: ids, paths,
        // callback names), then byte by byte from the first word that has one.
        var wordStart = 0
        if let base = text.baseAddress {
            while wordStart &+ 8 <= text.count {
                let word = UnsafeRawPointer(base + wordStart).loadUnaligned(as: UInt64.self)
                if Self.someByteNeedsEscape(word) { break }
                UnsafeMutableRawPointer(start + end).storeBytes(of: word, as: UInt64.self)
                wordStart &+= 8
                end &+= 8
            }
        }
        for index in wordStart..<text.count {
            let byte = text[index]
            if _slowPath(Self.needsEscape(byte)) {
                count = end
                appendEscaped(UnsafeBufferPointer(rebasing: text[index...]))
                appendByte(UInt8(ascii: "\""))
                return
            }
            start[end] = byte
            end &+= 1
        }
        start[end] = UInt8(ascii: "\"")
        count = end &+ 1
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Whether any of the eight bytes of `word` is below 0x20, a quote or a backslash, without
    /// looking at them one by one: (x - n × 0x01…01) & ~x & 0x80…80 is non-zero exactly when
    /// some byte of x is below n, for n ≤ 128 (S. E. Anderson, "Bit Twiddling Hacks",
    /// https://graphics.stanford.edu/~seander/bithacks.html#HasLessInWord), and a byte equals
    /// c exactly when that byte of x ^ c × 0x01…01 is below 1.
    @inline(__always)
    static func someByteNeedsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasByteBelow(_ x: UInt64, _ n: UInt64) -> Bool { (x &- ones &* n) & ~x & highs != 0 }
        return hasByteBelow(word, 0x20) || hasByteBelow(word ^ (ones &* 0x22), 1) || hasByteBelow(word ^ (ones &* 0x5C), 1)
    }

    /// The bytes with JSON's escapes, written straight into the buffer after one reservation for
    /// the longest outcome ("\u00XX", six bytes for one), not a capacity check per byte: warning
    /// messages quote names, so most answers come here.
    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        reserve(text.count &* 6)
        var end = count
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                start[end] = UInt8(ascii: "\\")
                start[end &+ 1] = byte
                end &+= 2
            case 0x0A, 0x0D, 0x09:
                start[end] = UInt8(ascii: "\\")
                start[end &+ 1] = byte == 0x0A ? UInt8(ascii: "n") : byte == 0x0D ? UInt8(ascii: "r") : UInt8(ascii: "t")
                end &+= 2
            case 0..<0x20:
                start[end] = UInt8(ascii: "\\")
                start[end &+ 1] = UInt8(ascii: "u")
                start[end &+ 2] = UInt8(ascii: "0")
                start[end &+ 3] = UInt8(ascii: "0")
                start[end &+ 4] = Self.hexDigits.utf8Start[Int(byte >> 4)]
                start[end &+ 5] = Self.hexDigits.utf8Start[Int(byte & 0xF)]
                end &+= 6
            default:
                start[end] = byte
                end &+= 1
            }
        }
        count = end
    }
}
