extension JSONDocument {
    /// One value of a document (or one key): where it is, and accessors that read it from the
    /// tape when asked.
    public struct Value: Sendable {
        public let document: JSONDocument
        /// The node's index in document order.
        public let index: Int

        @usableFromInline
        init(document: JSONDocument, index: Int) {
            self.document = document
            self.index = index
        }

        @inlinable var node: Node { document.nodes[index] }

        @inlinable public var kind: Kind { node.kind }
        @inlinable public var isNull: Bool { node.kind == .null }

        @inlinable public var number: Double? {
            let node = node
            return node.kind == .number ? Double(bitPattern: node.payload) : nil
        }

        @inlinable public var bool: Bool? {
            let node = node
            return node.kind == .bool ? node.payload != 0 : nil
        }

        /// The text of a string (or a key); nil for anything else.
        public var string: String? {
            let kind = node.kind
            guard kind == .string || kind == .name else { return nil }
            return document.string(at: index)
        }

        /// Members of an object, elements of an array, UTF-8 bytes of a string or key; 0 otherwise.
        @inlinable public var count: Int { Int(node.count) }

        /// An array's elements in order (empty for anything else).
        public var elements: [Value] {
            let node = node
            guard node.kind == .array else { return [] }
            var elements: [Value] = []
            elements.reserveCapacity(Int(node.count))
            var next = index + 1
            for _ in 0..<node.count {
                elements.append(Value(document: document, index: next))
                next = Int(document.nodes[next].end)
            }
            return elements
        }

        /// An object's members in order (empty for anything else).
        public var members: [(key: String, value: Value)] {
            var members: [(key: String, value: Value)] = []
            forEachMember { _, key, value in members.append((document.string(at: key), value)) }
            return members
        }

        /// The member named `key` of an object and its position; nil when absent or not an object.
        public func member(_ key: String) -> (position: Int, value: Value)? {
            guard node.kind == .object, let found = document.member(of: index, named: key) else { return nil }
            return (found.position, Value(document: document, index: found.value))
        }

        /// Calls `body` with each member's position, key node index and value, in order.
        func forEachMember(_ body: (Int, Int, Value) -> Void) {
            let node = node
            guard node.kind == .object else { return }
            var keyIndex = index + 1
            for position in 0..<Int(node.count) {
                body(position, keyIndex, Value(document: document, index: keyIndex + 1))
                keyIndex = Int(document.nodes[keyIndex + 1].end)
            }
        }

        /// The name of the member at `position` of an object.
        public func name(at position: Int) -> String {
            var found = ""
            forEachMember { memberPosition, key, _ in
                if memberPosition == position { found = document.string(at: key) }
            }
            return found
        }

        /// Where the value is in its document, for an error that names it.
        public var pointer: JSONPointer { document.pointer(to: index) }

        /// The JSON type name used in error messages ("a number", "an object", ...).
        public var typeDescription: String { JSONValue.typeDescription(of: node.kind) }

        /// The value as a tree (for tests and tools; the request path never builds one).
        public var json: JSONValue {
            switch node.kind {
            case .null: .null
            case .bool: .bool(node.payload != 0)
            case .number: .number(Double(bitPattern: node.payload))
            case .string, .name: .string(document.string(at: index))
            case .array: .array(elements.map(\.json))
            case .object: .object(members.map { ($0.key, $0.value.json) })
            }
        }
    }
}
