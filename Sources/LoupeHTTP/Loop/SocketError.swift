#if canImport(Glibc)
    import Glibc
#endif

/// A failed system call, with the call's name and `errno`, so an operator reading
/// "bind failed: Address already in use (98)" knows exactly what to fix.
public struct SocketError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The system call that failed, such as "bind".
    public var call: String
    /// The `errno` it left.
    public var code: Int32

    public init(call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    public var description: String {
        "\(call) failed: \(String(decoding: Array(UnsafeBufferPointer(start: strerror(code), count: strlen(strerror(code)))).map { UInt8(bitPattern: $0) }, as: UTF8.self)) (\(code))"
    }
}
