import Foundation
@testable import LoupeJSON
import LoupeTestSupport
import Testing

@Suite("JSONWriter")
struct JSONWriterTests {
    @Test("writes members in the order given, with escaping")
    func writesInOrderWithEscaping() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("z", "quote\" backslash\\ newline\n tab\t bell\u{7}")
        writer.member("a", 1)
        writer.name("list")
        writer.beginArray()
        writer.bool(true)
        writer.null()
        writer.number(-0.5)
        writer.endArray()
        writer.endObject()
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"{"z":"quote\" backslash\\ newline\n tab\t bell\u0007","a":1,"list":[true,null,-0.5]}"#)
    }

    /// Strings whose escapes start anywhere (the first bytes are copied before the escaping path
    /// takes over), in writers small enough to grow in the middle of a string: the bytes are
    /// JSON's escapes byte for byte, and read back as the string.
    @Test(
        "rendering into an array gives the bytes a writer of its own gives, in place when they fit and once copied when they do not (issue 47 §2)",
        arguments: PropertySeeds.seeds(count: 4))
    func renderingInPlace(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<100 {
            let numbers = (0..<generator.int(in: 0...400)).map { _ in generator.double(in: -1e6...1e6) }
            func write(_ writer: inout JSONWriter) {
                writer.beginArray()
                for number in numbers { writer.number(number) }
                writer.string("end \"quoted\"")
                writer.endArray()
            }
            var own = JSONWriter()
            write(&own)
            let expected = own.bytes
            // Room for all of it (the array is what the writer wrote), for none of it, about
            // half, and twice what it needs (copied to its size, not kept half empty).
            for capacity in [expected.count, expected.count + 10, 0, expected.count / 2, 2 * expected.count + 100] {
                let rendered = JSONWriter.rendering(capacity: capacity) { write(&$0) }
                #expect(rendered == expected, "capacity \(capacity)")
                let unused = Double(rendered.capacity - rendered.count) / Double(rendered.capacity)
                #expect(unused <= JSONWriter.largestUnusedShare || rendered.count < 512, "capacity \(capacity): \(rendered.capacity)")
                if capacity >= expected.count && capacity <= expected.count + 10 && expected.count >= 512 {
                    #expect(rendered.capacity >= capacity, "rendered in the array made for it")
                }
            }
        }
    }

    @Test("strings with escapes anywhere: JSON's escapes, byte for byte, at any buffer size", arguments: PropertySeeds.seeds(count: 6))
    func escapesAnywhere(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let pieces = ["a", "Z", " ", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "/", "é", "😀", "word "]
        func escaped(_ text: String) -> String {
            var out = Array("\"".utf8)
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): out += Array("\\\"".utf8)
                case UInt8(ascii: "\\"): out += Array("\\\\".utf8)
                case 0x0A: out += Array("\\n".utf8)
                case 0x0D: out += Array("\\r".utf8)
                case 0x09: out += Array("\\t".utf8)
                case 0..<0x20: out += Array(("\\u00" + String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)).utf8)
                default: out.append(byte)
                }
            }
            return String(decoding: out + Array("\"".utf8), as: UTF8.self)
        }
        for _ in 0..<300 {
            let text = (0..<generator.int(in: 0...40)).map { _ in generator.element(of: pieces) }.joined()
            var writer = JSONWriter(capacity: generator.int(in: 1...64))
            writer.beginArray()
            writer.string(text)
            var bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { writer.string(utf8: $0) }
            writer.endArray()
            let expected = "[" + escaped(text) + "," + escaped(text) + "]"
            #expect(String(decoding: writer.bytes, as: UTF8.self) == expected, "\(text.debugDescription)")
            #expect(try JSONReader.parse(writer.bytes) == .array([.string(text), .string(text)]))
            bytes.removeAll()
        }
    }

    @Test("the eight-byte escape test agrees with testing each byte, for every byte at every place and random words")
    func wordEscapeTest() {
        func reference(_ word: UInt64) -> Bool {
            (0..<8).contains { index in
                let byte = UInt8(truncatingIfNeeded: word >> UInt64(8 * index))
                return byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            }
        }
        // Every byte value at every place among bytes that need no escape (and among ones above
        // 0x7F, where borrows could mislead a careless test).
        for filler: UInt8 in [UInt8(ascii: "a"), 0x20, 0x23, 0x5B, 0x5D, 0xFF, 0x80] {
            for place in 0..<8 {
                for byte in 0...255 {
                    var word = UInt64(filler) &* 0x0101_0101_0101_0101
                    word &= ~(0xFF << UInt64(8 * place))
                    word |= UInt64(byte) << UInt64(8 * place)
                    #expect(JSONWriter.someByteNeedsEscape(word) == reference(word), "byte \(byte) at \(place) among \(filler)")
                }
            }
        }
        var generator = SeededGenerator(seed: 0x10AE_E5CA)
        for _ in 0..<200_000 {
            // Random words, and words of printable bytes with an occasional one that needs escaping.
            var word = generator.next()
            if generator.chance(0.5) { word = (word & 0x3F3F_3F3F_3F3F_3F3F) | 0x4040_4040_4040_4040 }
            if generator.chance(0.3) { word ^= UInt64(generator.int(in: 0...0x5C)) << UInt64(8 * generator.int(in: 0...7)) }
            if JSONWriter.someByteNeedsEscape(word) != reference(word) {
                Issue.record("word 0x\(String(word, radix: 16))")
                return
            }
        }
    }

    @Test("a repeated number is the same bytes as writing it again, at any precision and position")
    func repeatedNumber_matchesWritingItAgain() {
        var generator = SeededGenerator(seed: 0x5245_5045)
        for _ in 0..<500 {
            let value = generator.chance(0.2) ? Double(generator.int(in: -20...20)) : generator.double(in: -1e4...1e4)
            let other = generator.double(in: -1...1)
            let places: Int? = generator.chance(0.5) ? nil : generator.int(in: 0...6)
            let leading = generator.chance(0.5)
            var repeated = JSONWriter()
            repeated.beginArray()
            if leading { repeated.number(other, places: places) }
            let text = repeated.markedNumber(value, places: places)
            repeated.number(other, places: places)
            repeated.repeatNumber(text)
            repeated.endArray()
            var written = JSONWriter()
            written.beginArray()
            if leading { written.number(other, places: places) }
            written.number(value, places: places)
            written.number(other, places: places)
            written.number(value, places: places)
            written.endArray()
            #expect(repeated.bytes == written.bytes, "\(value) at \(String(describing: places))")
        }
    }

    @Test("integral numbers are written without a fraction; extremes survive")
    func integralNumbers() {
        var writer = JSONWriter()
        writer.beginArray()
        // 0...9 take the one-byte path; -0, -9, 10 and 9 plus an ulp must not.
        for value in [0.0, -0.0, 1, -1, 9, -9, 10, 9.000000000000002, 123_456_789, 1e15, 1e300, -9_007_199_254_740_992] {
            writer.number(value)
        }
        writer.int(Int.min)
        writer.int(Int.max)
        writer.endArray()
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == "[0,0,1,-1,9,-9,10,9.000000000000002,123456789,1000000000000000,1e+300,-9007199254740992,-9223372036854775808,9223372036854775807]"
        )
    }

    @Test("non-finite numbers, which JSON cannot carry, are written as null")
    func nonFiniteIsNull() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.number(.nan)
        writer.number(.infinity)
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[null,null]")
    }

    @Test("every finite double reads back exactly, in the shortest text", arguments: Array(PropertySeeds.seeds(count: 20)))
    func doublesRoundTripInShortestForm(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<500 {
            let value: Double
            switch generator.int(in: 0...3) {
            case 0: value = Double(bitPattern: generator.next())
            case 1: value = generator.double(in: -1000...1000)
            case 2: value = generator.double(in: 0...1)
            default: value = Double(generator.int(in: -1_000_000...1_000_000)) / 64
            }
            guard value.isFinite else { continue }
            var writer = JSONWriter()
            writer.number(value)
            let text = String(decoding: writer.bytes, as: UTF8.self)
            #expect(try JSONReader.parse(writer.bytes) == .number(value), "\(value) → \(text)")
            // The same digits as Swift's description (shortest and closest), in ECMAScript's layout.
            #expect(decimalParts(of: text) == decimalParts(of: value.description), "\(value) → \(text) is not shortest")
            #expect(text == ecmaScriptText(of: value), "\(value) → \(text)")
        }
    }

    @Test("numbers are laid out as ECMAScript's Number::toString lays them out")
    func ecmaScriptLayout() {
        let cases: [(Double, String)] = [
            (0.5, "0.5"), (-0.5, "-0.5"), (123.456, "123.456"), (1e-6, "0.000001"), (1.2345e-6, "0.0000012345"),
            (1e-7, "1e-7"), (-1.5e-7, "-1.5e-7"), (1e20 + 65536, "100000000000000070000"), (1e21, "1e+21"),
            (-1.25e21, "-1.25e+21"), (1e100, "1e+100"), (1.7976931348623157e308, "1.7976931348623157e+308"),
            (.leastNonzeroMagnitude, "5e-324"), (Double(bitPattern: 5), "2.5e-323"), (0x1p53 + 2, "9007199254740994"),
            (0x1p63, "9223372036854776000"),
            (0.1 + 0.2, "0.30000000000000004"), (100.25, "100.25"), (4.35, "4.35")
        ]
        for (value, text) in cases {
            var writer = JSONWriter()
            writer.number(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == text, "\(value)")
            #expect(Double(text) == value, "\(text)")
        }
    }

    @Test("precision rounds to the requested places and never writes -0")
    func precisionRounds() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.number(0.123456, places: 3)
        writer.number(-0.0004, places: 3)
        writer.number(2.5, places: 0)
        writer.number(1234.5678, places: nil)
        writer.number(-2.0 / 3, places: 4)
        writer.number(1e-9, places: 12)
        writer.number(2.675, places: 2)
        writer.number(1e15 + 0.5, places: 1)
        writer.number(0.1 + 0.2, places: 3)
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[0.123,0,3,1234.5678,-0.6667,1e-9,2.68,1000000000000000.5,0.3]")
    }

    @Test("fixed places write the same bytes as rounding and then writing the shortest text, for any double")
    func fixedPlaces_matchRoundThenShortest() {
        var generator = SeededGenerator(seed: 20261124)
        for index in 0..<200_000 {
            let places = Int.random(in: 0...6, using: &generator)
            let value: Double
            switch index % 4 {
            case 0: value = Double.random(in: -2_000...2_000, using: &generator)
            case 1: value = Double.random(in: -1...1, using: &generator) * pow(10, Double.random(in: -9...15, using: &generator))
            case 2: value = Double(Int.random(in: -100_000...100_000, using: &generator)) / 1_000 + 0.0005  // halfway cases
            default: value = Double(bitPattern: generator.next())  // anything, NaN and infinities included
            }
            var fixed = JSONWriter()
            fixed.number(value, places: places)
            var reference = JSONWriter()
            var scale = 1.0
            for _ in 0..<places { scale *= 10 }
            if value.isFinite, abs(value) < 1e15 {
                var rounded = (value * scale).rounded() / scale
                if rounded == 0 { rounded = 0 }
                reference.number(rounded)
            } else {
                reference.number(value)
            }
            if fixed.bytes != reference.bytes {
                Issue.record(
                    "\(value) at \(places) places: \(String(decoding: fixed.bytes, as: UTF8.self)), expected \(String(decoding: reference.bytes, as: UTF8.self))"
                )
                return
            }
        }
    }

    @Test("a writer that starts small grows without losing or reordering bytes")
    func growsFromSmallCapacity() throws {
        var writer = JSONWriter(capacity: 1)
        writer.beginArray()
        var expected: [JSONValue] = []
        for index in 0..<5_000 {
            let value = Double(index) / 7 - 300
            writer.number(value)
            expected.append(.number(value))
            writer.string("s\(index)")
            expected.append(.string("s\(index)"))
        }
        writer.endArray()
        #expect(try JSONReader.parse(writer.bytes) == .array(expected))
    }

    @Test("keys written beforehand write what key(String) writes, commas included, at any length")
    func preEncodedKeys_matchStringKeys() {
        let names = ["", "x", "cornerRadius", "quote\"and\\slash", String(repeating: "long", count: 20), "ünïcode✓"]
        let keys = names.map(JSONName.init)
        var encoded = JSONWriter(capacity: 8)
        var spelled = JSONWriter(capacity: 8)
        encoded.beginObject()
        spelled.beginObject()
        for (index, name) in names.enumerated() {
            encoded.name(keys[index])
            encoded.beginObject()
            encoded.name(keys[index])
            encoded.int(index)
            encoded.endObject()
            spelled.name(name)
            spelled.beginObject()
            spelled.name(name)
            spelled.int(index)
            spelled.endObject()
        }
        encoded.endObject()
        spelled.endObject()
        #expect(encoded.bytes == spelled.bytes)
        #expect(String(decoding: encoded.bytes, as: UTF8.self).hasPrefix(#"{"":{"":0},"x":{"x":1},"cornerRadius":"#))
    }

    @Test("integers and fixed places keep their sign, zeros and point at every width")
    func fixedPlacesAtEveryWidth() {
        let cases: [(Double, Int, String)] = [
            (-0.05, 2, "-0.05"), (0.000001, 6, "0.000001"), (-123456789.123456, 6, "-123456789.123456"),
            (99999999999999.9, 1, "99999999999999.9"), (10, 3, "10"), (-7.5, 0, "-8"), (12345678.5, 1, "12345678.5")
        ]
        for (value, places, text) in cases {
            var writer = JSONWriter(capacity: 1)
            writer.number(value, places: places)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == text, "\(value) at \(places)")
        }
        var writer = JSONWriter(capacity: 1)
        writer.beginArray()
        for value in [Int.min, Int.max, -1, 0, 10_000_000, 123_456_789_012] { writer.int(value) }
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[-9223372036854775808,9223372036854775807,-1,0,10000000,123456789012]")
    }
}
