@testable import LoupeHTTP

/// Output written as bytes in tests: a literal, and an answer's bytes appended with `+`.
extension OutgoingBytes: ExpressibleByArrayLiteral {
    /// Bytes copied in, as one owned piece.
    init(_ bytes: [UInt8]) {
        self.init()
        append(copying: bytes)
    }

    public init(arrayLiteral bytes: UInt8...) {
        self.init(bytes)
    }

    static func + (output: OutgoingBytes, more: [UInt8]) -> OutgoingBytes {
        var output = output
        output.append(copying: more)
        return output
    }
}
