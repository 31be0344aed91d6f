/// An RFC 6901 JSON pointer, the address of a field in a request body ("/source/frame/width"),
/// so an error can name exactly what to fix.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    public private(set) var tokens: [String]

    public init(_ tokens: [String] = []) {
        self.tokens = tokens
    }

    public static let root = JSONPointer()

    public func appending(_ key: String) -> JSONPointer {
        var longer = tokens
        longer.reserveCapacity(tokens.count + 1)
        longer.append(key)
        return JSONPointer(longer)
    }

    public func appending(_ index: Int) -> JSONPointer {
        appending(String(index))
    }

    /// "" for the whole document, else "/" before each token with "~" and "/" escaped
    /// ("~0", "~1"). Built as bytes: warnings name a pointer in most answers, and the
    /// character-by-character way cost more than the rest of a warning.
    public var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(tokens.reduce(0) { $0 + $1.utf8.count + 1 })
        for token in tokens {
            bytes.append(UInt8(ascii: "/"))
            for byte in token.utf8 {
                switch byte {
                case UInt8(ascii: "~"): bytes.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "0")])
                case UInt8(ascii: "/"): bytes.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "1")])
                default: bytes.append(byte)
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
