import LoupeJSON
import LoupeTestSupport
import Testing

/// The minified text an address key holds: whitespace between tokens goes, every byte of every
/// token (strings with their spaces and escapes, numbers as spelled) stays.
@Suite("JSONMinifier")
struct JSONMinifierTests {
    /// A random document written twice: compact, and with random whitespace between its tokens.
    struct Document {
        var compact: [UInt8] = []
        var spaced: [UInt8] = []

        mutating func token(_ text: String, _ generator: inout SeededGenerator, spacing: Double) {
            while generator.chance(spacing) { spaced.append(generator.element(of: Array(" \t\n\r".utf8))) }
            compact += Array(text.utf8)
            spaced += Array(text.utf8)
        }

        mutating func value(_ generator: inout SeededGenerator, depth: Int, spacing: Double) {
            switch depth > 3 ? generator.int(in: 0...2) : generator.int(in: 0...4) {
            case 0: token(generator.element(of: ["0", "-1.5e3", "393", "true", "null", "0.125"]), &generator, spacing: spacing)
            case 1, 2:
                // Strings with what the minifier must keep: spaces, escaped quotes and
                // backslashes, an escaped backslash before the closing quote, and UTF-8.
                let pieces = ["a", " ", "  x y ", #"\""#, #"\\"#, #"\/"#, #"\n"#, "é", "\u{212A}", #"\u0020"#, "{[,:]}"]
                let body = (0..<generator.int(in: 0...6)).map { _ in generator.element(of: pieces) }.joined()
                token("\"" + body + "\"", &generator, spacing: spacing)
            case 3:
                token("[", &generator, spacing: spacing)
                for index in 0..<generator.int(in: 0...4) {
                    if index > 0 { token(",", &generator, spacing: spacing) }
                    value(&generator, depth: depth + 1, spacing: spacing)
                }
                token("]", &generator, spacing: spacing)
            default:
                token("{", &generator, spacing: spacing)
                for index in 0..<generator.int(in: 0...4) {
                    if index > 0 { token(",", &generator, spacing: spacing) }
                    token("\"k \(index)\\\"\"", &generator, spacing: spacing)
                    token(":", &generator, spacing: spacing)
                    value(&generator, depth: depth + 1, spacing: spacing)
                }
                token("}", &generator, spacing: spacing)
            }
            while generator.chance(spacing) { spaced.append(generator.element(of: Array(" \t\n\r".utf8))) }
        }
    }

    @Test("a document with whitespace anywhere between tokens minifies to its compact text", arguments: PropertySeeds.seeds(count: 8))
    func minifiesToTheCompactText(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            var document = Document()
            // From none (the text is its own minified text) to whitespace at most places.
            document.value(&generator, depth: 0, spacing: generator.element(of: [0, 0.05, 0.3, 0.7]))
            _ = try JSONReader.document(document.spaced)
            #expect(JSONMinifier.minified(document.spaced) == document.compact, "\(String(decoding: document.spaced, as: UTF8.self))")
            #expect(JSONMinifier.minified(document.compact) == document.compact)
        }
    }

    @Test("whitespace after a long string or a quote escaped at the word boundary is found where it is")
    func findsTheFirstWhitespaceExactly() {
        // The first whitespace at every offset of an eight-byte word, inside and outside a string.
        for offset in 0..<20 {
            let padding = String(repeating: "a", count: offset)
            #expect(JSONMinifier.minified(Array(#"{"\#(padding)": 1}"#.utf8)) == Array(#"{"\#(padding)":1}"#.utf8))
            #expect(JSONMinifier.minified(Array(#"["\#(padding) b" ,1]"#.utf8)) == Array(#"["\#(padding) b",1]"#.utf8))
            #expect(JSONMinifier.minified(Array(#"["\#(padding)\" b" ,1]"#.utf8)) == Array(#"["\#(padding)\" b",1]"#.utf8))
            #expect(JSONMinifier.minified(Array(#"["\#(padding)\\" ,1]"#.utf8)) == Array(#"["\#(padding)\\",1]"#.utf8))
        }
        #expect(JSONMinifier.minified([]) == [])
        #expect(JSONMinifier.minified(Array(" 1 ".utf8)) == Array("1".utf8))
    }
}
