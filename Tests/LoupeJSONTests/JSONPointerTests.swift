import LoupeJSON
import LoupeTestSupport
import Testing

/// JSON pointers as RFC 6901 spells them: the text every problem and warning names a field by.
@Suite("JSONPointer")
struct JSONPointerTests {
    @Test("the whole document, nested names, indices and the two escapes")
    func spelling() {
        #expect(JSONPointer.root.description == "")
        #expect(JSONPointer(["source", "frame", "width"]).description == "/source/frame/width")
        #expect(JSONPointer.root.appending("sources").appending(3).description == "/sources/3")
        #expect(JSONPointer(["a/b", "m~n", "~1", ""]).description == "/a~1b/m~0n/~01/")
        #expect(JSONPointer(["Kelvin \u{212A}", "e\u{301}"]).description == "/Kelvin \u{212A}/e\u{301}")
    }

    /// Reading a pointer back (split at "/", then "~1" to "/" and "~0" to "~", in that order, as
    /// RFC 6901 section 4 says) gives the tokens it was made of, whatever they hold.
    @Test("reads back as its tokens", arguments: PropertySeeds.seeds(count: 8))
    func readsBack(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let alphabet: [Character] = ["a", "Z", "0", "~", "/", "1", " ", "é", "\u{212A}", "😀", "e\u{301}"]
        for _ in 0..<200 {
            let tokens = (0..<generator.int(in: 0...5)).map { _ in
                String((0..<generator.int(in: 0...6)).map { _ in generator.element(of: alphabet) })
            }
            let text = JSONPointer(tokens).description
            #expect(text.isEmpty == tokens.isEmpty)
            let read = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
                String($0.replacing("~1", with: "/").replacing("~0", with: "~"))
            }
            #expect(read == tokens, "\(tokens) as \(text)")
        }
    }
}
