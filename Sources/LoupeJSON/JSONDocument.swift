/// A JSON document as `JSONReader` read it: one flat list of nodes in document order (a tape),
/// not a tree of values.
///
/// Why: a request body is read once, field by field, and then dropped. A tree costs an
/// allocation for every object, array and long string, and a release of each afterwards; the
/// tape is one array, its strings stay in the body's bytes until a decoder asks for one, and
/// its document order is the order the ETag's canonical form and the error report want. A
/// field's JSON pointer is found from the node when an error needs it, never before.
///
/// Layout: a container's node comes first, then its contents; an object's members are a key
/// node followed by the value's nodes. Every node records its parent, its position in the parent
/// and the index after its own subtree, so a reader can step over a member without reading it.
public final class JSONDocument: Sendable {
    /// What a node holds. Member names are nodes of their own (`name`), each just before its value.
    public enum Kind: UInt8, Sendable {
        case null, bool, number, string, array, object, name
    }

    @usableFromInline
    struct Node: Sendable {
        /// The kind in the low 8 bits, the position in the parent (member or element index) above.
        @usableFromInline var tag: UInt32
        /// Members of an object, elements of an array, UTF-8 bytes of a string or key.
        @usableFromInline var count: UInt32
        /// The index just after this node's subtree.
        var end: UInt32
        /// The index of the container holding this node (`noParent` for the root).
        var parent: UInt32
        /// A number's bit pattern, a bool's 0 or 1, or where a string's bytes start (see the flags).
        @usableFromInline var payload: UInt64

        @inlinable var kind: Kind { Kind(rawValue: UInt8(truncatingIfNeeded: tag)) ?? .null }
        var position: Int { Int(tag >> 8) }

        /// A string's or key's bytes are in `unescaped` (it had escapes), not in the body.
        var isUnescaped: Bool { payload & JSONDocument.unescapedFlag != 0 }
        /// A string's or key's bytes are all ASCII.
        var isASCII: Bool { payload & JSONDocument.nonASCIIFlag == 0 }
        /// Where a string's or key's bytes are, in the body or in `unescaped` (`isUnescaped`).
        var textRange: Range<Int> {
            let start = Int(payload & JSONDocument.offsetMask)
            return start..<start + Int(count)
        }

        /// A string's or key's text, from the body it was read from or the unescaped strings.
        func text<Body: RandomAccessCollection<UInt8>>(body: Body, unescaped: [UInt8]) -> String where Body.Index == Int {
            isUnescaped
                ? String(decoding: unescaped[textRange], as: UTF8.self) : String(decoding: body[textRange], as: UTF8.self)
        }

        init(kind: Kind, position: Int, parent: UInt32, payload: UInt64 = 0, count: UInt32 = 0, end: UInt32 = 0) {
            self.tag = UInt32(kind.rawValue) | UInt32(truncatingIfNeeded: position) << 8
            self.count = count
            self.end = end
            self.parent = parent
            self.payload = payload
        }
    }

    static let noParent = UInt32.max
    /// In a string's payload: its bytes are in `unescaped` (it had escapes), not in the body.
    static let unescapedFlag: UInt64 = 1 << 63
    /// In a string's payload: its bytes are not all ASCII.
    static let nonASCIIFlag: UInt64 = 1 << 62
    static let offsetMask: UInt64 = (1 << 32) - 1

    @usableFromInline let nodes: [Node]
    /// The bytes read; strings without escapes are ranges of them.
    let bytes: [UInt8]
    /// The text of strings that had escapes, after unescaping.
    let unescaped: [UInt8]

    init(nodes: [Node], body: [UInt8], unescaped: [UInt8]) {
        self.nodes = nodes
        self.bytes = body
        self.unescaped = unescaped
    }

    /// The document's top-level value.
    public var root: Value { Value(document: self, index: 0) }

    /// Nodes in the document, keys included.
    public var nodeCount: Int { nodes.count }

    /// The node at `index` (document order, keys included).
    public func value(at index: Int) -> Value {
        precondition(nodes.indices.contains(index), "no node \(index) in a document of \(nodes.count)")
        return Value(document: self, index: index)
    }

    /// One node as `forEachToken` hands it over.
    public struct Token {
        public var kind: Kind
        /// Members of an object, elements of an array; 0 otherwise.
        public var count: Int
        /// A number's value (0 for anything else).
        public var number: Double
        /// A bool's value (false for anything else).
        public var flag: Bool
        /// A string's or key's UTF-8, valid only during the call (empty for anything else).
        public var utf8: UnsafeRawBufferPointer
    }

    /// Calls `body` with every node in document order: the order of a depth-first walk, without
    /// one, in one pass over raw memory (the ETag's canonical form is built from it).
    public func forEachToken(_ body: (Token) -> Void) {
        nodes.withUnsafeBufferPointer { nodes in
            bytes.withUnsafeBytes { text in
                unescaped.withUnsafeBytes { unescaped in
                    for node in nodes {
                        var token = Token(kind: node.kind, count: 0, number: 0, flag: false, utf8: UnsafeRawBufferPointer(start: nil, count: 0))
                        switch token.kind {
                        case .null: break
                        case .bool: token.flag = node.payload != 0
                        case .number: token.number = Double(bitPattern: node.payload)
                        case .array, .object: token.count = Int(node.count)
                        case .string, .name:
                            token.utf8 = UnsafeRawBufferPointer(rebasing: (node.isUnescaped ? unescaped : text)[node.textRange])
                        }
                        body(token)
                    }
                }
            }
        }
    }

    /// The position and value index of member `key` of the object at `object` (nil when absent),
    /// keys compared as Swift compares strings. The decoders look up every field they know, most
    /// of them absent, so this is one pass over raw memory: two ASCII strings are equal only byte
    /// for byte (no other text is canonically equivalent to ASCII text), and only where either
    /// side has other characters are they compared as `String`s. The decoders' own keys are ASCII.
    func member(of object: Int, named key: String) -> (position: Int, value: Int)? {
        var utf8 = key
        return utf8.withUTF8 { wanted in
            guard wanted.allSatisfy({ $0 < 0x80 }) else { return memberComparingStrings(of: object, named: key) }
            return nodes.withUnsafeBufferPointer { nodes in
                bytes.withUnsafeBytes { body in
                    unescaped.withUnsafeBytes { unescaped in
                        let count = Int(nodes[object].count)
                        var keyIndex = object &+ 1
                        for position in 0..<count {
                            let node = nodes[keyIndex]
                            if !node.isASCII {
                                if string(at: keyIndex) == key { return (position, keyIndex &+ 1) }
                            } else if Int(node.count) == wanted.count {
                                let start = (node.isUnescaped ? unescaped : body).baseAddress! + node.textRange.lowerBound
                                if wanted.isEmpty || memoryEqual(start, wanted.baseAddress!, wanted.count) {
                                    return (position, keyIndex &+ 1)
                                }
                            }
                            keyIndex = Int(nodes[keyIndex &+ 1].end)
                        }
                        return nil
                    }
                }
            }
        }
    }

    /// `member(of:named:)` for a name that is not ASCII: every key compared as a `String`.
    private func memberComparingStrings(of object: Int, named key: String) -> (position: Int, value: Int)? {
        var keyIndex = object + 1
        for position in 0..<Int(nodes[object].count) {
            if string(at: keyIndex) == key { return (position, keyIndex + 1) }
            keyIndex = Int(nodes[keyIndex + 1].end)
        }
        return nil
    }

    func string(at index: Int) -> String {
        nodes[index].text(body: bytes, unescaped: unescaped)
    }

    /// The JSON pointer of the node at `index`, found by walking up to the root.
    func pointer(to index: Int) -> JSONPointer {
        var tokens: [String] = []
        var current = index
        while nodes[current].parent != Self.noParent {
            let parent = Int(nodes[current].parent)
            if nodes[parent].kind == .object {
                tokens.append(string(at: current - 1))  // the member's key is the node before its value
            } else {
                tokens.append(String(nodes[current].position))
            }
            current = parent
        }
        return JSONPointer(tokens.reversed())
    }
}

/// `count` bytes at `a` and `b` are equal (a short loop: keys are a few bytes long, and a call to
/// memcmp would cost more than comparing them).
@inline(__always)
func memoryEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    var offset = 0
    while offset &+ 8 <= count {
        if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
        offset &+= 8
    }
    while offset < count {
        if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) { return false }
        offset &+= 1
    }
    return true
}
