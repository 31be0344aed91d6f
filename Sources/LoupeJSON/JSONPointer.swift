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

    /// "" for the whole document, else "/" before each token with "~" and "/" escaped.
    public var description: String {
        tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
    }
}

private extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
