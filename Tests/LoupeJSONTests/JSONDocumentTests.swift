import LoupeJSON
import LoupeTestSupport
import Testing

@Suite("JSONDocument")
struct JSONDocumentTests {
    /// A random tree and, beside it, the pointer of every value in document order.
    private static func randomValue(_ generator: inout SeededGenerator, depth: Int, at pointer: JSONPointer, pointers: inout [String]) -> JSONValue {
        pointers.append(pointer.description)
        switch generator.int(in: depth > 3 ? 0...3 : 0...5) {
        case 0: return .null
        case 1: return .bool(generator.chance(0.5))
        case 2: return .number(generator.chance(0.3) ? Double(generator.int(in: -9...99)) : generator.double(in: -1e6...1e6))
        case 3:
            let pieces = ["a", "é", "\n", "🙂", "\"", "/", "~", "K"]
            return .string((0..<generator.int(in: 0...12)).map { _ in generator.element(of: pieces) }.joined())
        case 4:
            let count = generator.int(in: 0...5)
            return .array((0..<count).map { randomValue(&generator, depth: depth + 1, at: pointer.appending($0), pointers: &pointers) })
        default:
            let names = ["a", "b/c", "d~e", "", "ünï", "frame", "x"]
            let keys = Array(Set((0..<generator.int(in: 0...5)).map { _ in generator.element(of: names) })).sorted()
            return .object(keys.map { key in (key, randomValue(&generator, depth: depth + 1, at: pointer.appending(key), pointers: &pointers)) })
        }
    }

    @Test("reads back every tree written out, with each value's pointer and every member found by name")
    func roundTripsRandomTrees() throws {
        var generator = SeededGenerator(seed: 0x7A9E)
        for _ in 0..<300 {
            var pointers: [String] = []
            let tree = Self.randomValue(&generator, depth: 0, at: .root, pointers: &pointers)
            var writer = JSONWriter()
            writer.value(tree)
            let document = try JSONReader.document(writer.bytes)
            #expect(document.root.json == tree)
            // Values, not keys, in document order carry the generator's pointers.
            var found: [String] = []
            var kinds: [JSONDocument.Kind] = []
            document.forEachToken { kinds.append($0.kind) }
            for index in 0..<document.nodeCount where kinds[index] != .name {
                found.append(document.value(at: index).pointer.description)
            }
            #expect(found == pointers)
            try Self.checkMembers(document.root, tree)
        }
    }

    private static func checkMembers(_ value: JSONDocument.Value, _ tree: JSONValue) throws {
        switch tree {
        case .object(let members):
            #expect(value.count == members.count)
            for (position, member) in members.enumerated() {
                let lookedUp = try #require(value.member(member.key))
                #expect(lookedUp.position == position)
                #expect(lookedUp.value.json == member.value)
                #expect(value.name(at: position) == member.key)
                try checkMembers(lookedUp.value, member.value)
            }
            #expect(value.member("absent") == nil)
        case .array(let elements):
            #expect(value.elements.count == elements.count)
            for (element, expected) in zip(value.elements, elements) { try checkMembers(element, expected) }
        default:
            #expect(value.json == tree)
        }
    }

    @Test("finds members as Swift compares strings: escaped names, and the Kelvin sign for K")
    func comparesKeysAsStrings() throws {
        let document = try JSONReader.document(Array(#"{"\u0070ush": 1, "\u212A": 2, "plain": 3}"#.utf8))
        #expect(document.root.member("push")?.value.number == 1)
        #expect(document.root.member("K")?.value.number == 2)
        let plainK = try JSONReader.document(Array(#"{"K": 3}"#.utf8))
        #expect(plainK.root.member("\u{212A}")?.value.number == 3, "a name that is not ASCII is compared as a String too")
        #expect(document.root.member("plain")?.position == 2)
        #expect(document.root.member("plai") == nil)
        #expect(throws: JSONReader.SyntaxError.self) { try JSONReader.document(Array(#"{"K": 1, "\u212A": 2}"#.utf8)) }
        #expect(throws: JSONReader.SyntaxError.self) { try JSONReader.document(Array(#"{"push": 1, "\u0070ush": 2}"#.utf8)) }
    }

    @Test("hands over every node once, in document order, keys before their values")
    func tokensFollowDocumentOrder() throws {
        let document = try JSONReader.document(Array(#"{"a": [1, "s", null], "b": {"c": true}}"#.utf8))
        var seen: [String] = []
        document.forEachToken { token in
            switch token.kind {
            case .object: seen.append("{\(token.count)")
            case .array: seen.append("[\(token.count)")
            case .name: seen.append("k:" + String(decoding: token.utf8, as: UTF8.self))
            case .string: seen.append("s:" + String(decoding: token.utf8, as: UTF8.self))
            case .number: seen.append("n:\(token.number)")
            case .bool: seen.append("b:\(token.flag)")
            case .null: seen.append("null")
            }
        }
        #expect(seen == ["{2", "k:a", "[3", "n:1.0", "s:s", "null", "k:b", "{1", "k:c", "b:true"])
    }
}
