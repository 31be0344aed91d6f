import LoupeJSON
import LoupeTestSupport
import Testing

/// Issue 42 §2: decimals read without `Double(String)` where one exact operation gives the
/// same Double (Clinger's fast path), and by the full conversion elsewhere; either way the
/// value is the nearest Double, bit for bit what `Double(String)` gives.
@Suite("Decimal fast path")
struct DecimalFastPathTests {
    static func read(_ text: String) throws -> Double? {
        guard case .array(let values) = try JSONReader.parse(Array("[\(text)]".utf8)), case .number(let value) = values.first else { return nil }
        return value
    }

    @Test("edge spellings agree with Double(String) bit for bit")
    func edgeSpellings_agree() throws {
        let texts = [
            "0.0", "-0.0", "0.5", "0.05", "86.3", "-1.25e3", "1e22", "1e23", "9007199254740993", "123456789012345.6", "1234567890123456.7",
            "0.1", "0.2", "0.30000000000000004", "1.7976931348623157e308", "5e-324", "2.2250738585072014e-308", "1e-22", "1e-23",
            "100.000000000000000", "1.0000000000000001", "0.000000000000000000001", "4.35", "1E+2", "1e-0", "120.00000000000001"
        ]
        for text in texts {
            let read = try #require(try Self.read(text), "\(text)")
            let expected = try #require(Double(text))
            #expect(read.bitPattern == expected.bitPattern, "\(text): \(read) vs \(expected)")
        }
    }

    @Test("property: 20,000 seeded decimals of every shape read as Double(String) reads them")
    func seededDecimals_agree() throws {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<20_000 {
            let integerDigits = Int.random(in: 0...18, using: &generator)
            let fractionDigits = Int.random(in: 0...20, using: &generator)
            var text = Bool.random(using: &generator) ? "-" : ""
            if integerDigits == 0 {
                text += "0"
            } else {
                text += String(Int.random(in: 1...9, using: &generator))
                for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &generator)) }
            }
            if fractionDigits > 0 {
                text += "."
                for _ in 0..<fractionDigits { text += String(Int.random(in: 0...9, using: &generator)) }
            }
            if Int.random(in: 0..<4, using: &generator) == 0 { text += "e" + String(Int.random(in: -40...40, using: &generator)) }
            guard let expected = Double(text), expected.isFinite else { continue }
            let read = try #require(try Self.read(text), "\(text)")
            #expect(read.bitPattern == expected.bitPattern, "seed 42: \(text) read as \(read), not \(expected)")
        }
    }
}
