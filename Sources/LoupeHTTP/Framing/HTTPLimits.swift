/// Size limits the parser enforces, each answered with its own status before the
/// oversize input has been read in full.
public struct HTTPLimits: Sendable, Equatable {
    /// Longest request line, in bytes (414 beyond). Default: 8 KiB.
    public var maxRequestLineBytes: Int
    /// Largest header section after the request line, in bytes (431 beyond). Default: 16 KiB.
    public var maxHeaderBytes: Int
    /// Most header fields in one request (431 beyond). Default: 100.
    public var maxHeaderFields: Int
    /// Largest request body after de-chunking, in bytes (413 beyond). Default: 1 MiB.
    public var maxBodyBytes: Int

    public init(maxRequestLineBytes: Int = 8 * 1024, maxHeaderBytes: Int = 16 * 1024, maxHeaderFields: Int = 100, maxBodyBytes: Int = 1024 * 1024) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderFields = maxHeaderFields
        self.maxBodyBytes = maxBodyBytes
    }
}
