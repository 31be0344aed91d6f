#if canImport(Glibc)
    import Glibc
#endif

/// Blocking writes to a descriptor that may take a buffer in pieces: the log writer's stdout,
/// the command line's stdout and stderr.
public enum FileDescriptor {
    /// Writes every byte, retrying partial writes and interruptions.
    /// - Returns: false when a write failed (EPIPE, ENOSPC, ...); the rest is not written.
    @discardableResult
    public static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }
}
