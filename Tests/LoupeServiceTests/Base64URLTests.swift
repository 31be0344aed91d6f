@testable import LoupeService
import LoupeTestSupport
import Testing

/// base64url without padding (RFC 4648 §5), strict: one spelling for each byte string.
@Suite("base64url")
struct Base64URLTests {
    @Test("RFC 4648 §10's test vectors, without their padding")
    func rfc4648Vectors() {
        let vectors = [
            ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy")
        ]
        for (text, encoded) in vectors {
            #expect(Base64URL.encode(Array(text.utf8)) == encoded)
            #expect(Base64URL.decode(encoded) == Array(text.utf8))
        }
    }

    @Test("the two characters of §5 stand where plain base64 has + and /")
    func urlSafeAlphabet() {
        // Plain base64: "+/8", "++++", "////".
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.encode([0xFB, 0xEF, 0xBE]) == "----")
        #expect(Base64URL.encode([0xFF, 0xFF, 0xFF]) == "____")
        #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
        #expect(Base64URL.encode(Array(0...255)).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
    }

    @Test(
        "refuses plain base64's characters, padding, whitespace, escapes and other bytes",
        arguments: ["+/8", "Zg==", "Zm8=", "Zm9v=", "Z g", " Zg", "Zg\n", "Zg\t", "Zm9v\r\n", "Zm9%76", "Zm.v", "Zm9vé", "Zm9v\0", "ab/c"])
    func refusesCharactersOutsideTheAlphabet(_ text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test("refuses a length of 4n + 1, which is not a whole byte", arguments: ["Z", "Zm9vY", "Zm9vYmFyZ"])
    func refusesImpossibleLengths(_ text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test("refuses a last character whose unused bits are not zero (§3.5), so each key has one spelling")
    func refusesNonCanonicalTrailingBits() {
        // "Zg" is the one spelling of "f": "Zh"…"Zv" carry the same byte and stray low bits.
        for last in "hijklmnopqrstuv" {
            #expect(Base64URL.decode("Z" + String(last)) == nil, "Z\(last)")
        }
        // "Zm8" is the one spelling of "fo": "Zm9", "Zm-" and "Zm_" set the 2 unused bits.
        for last in ["9", "-", "_"] {
            #expect(Base64URL.decode("Zm" + last) == nil, "Zm\(last)")
        }
        #expect(Base64URL.decode("Zm8") == Array("fo".utf8))
    }

    @Test("decodes a substring in place, such as the key part of a path")
    func decodesSubstrings() {
        let path = "/v1/plans/1.Zm9vYmFy"
        let key = path[path.index(after: path.lastIndex(of: ".")!)...]
        #expect(Base64URL.decode(key) == Array("foobar".utf8))
    }

    @Test("random bytes of every length round trip, and their spelling is the only one accepted")
    func randomBytes_roundTrip() {
        for seed in PropertySeeds.seeds(count: 200) {
            var generator = SeededGenerator(seed: seed)
            let bytes = (0..<generator.int(in: 0...64)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = Base64URL.encode(bytes)
            #expect(text.utf8.count == (bytes.count * 4 + 2) / 3, "seed \(seed)")
            #expect(Base64URL.decode(text) == bytes, "seed \(seed)")
            #expect(Base64URL.decode(Substring(text)) == bytes, "seed \(seed)")
        }
    }
}
