import Glibc

/// A request body read from a file or standard input, under a body limit, with POSIX calls.
///
/// Not `FileManager.contents(atPath:)`: it reads a file whole before anyone can refuse it (a
/// 100 MB file costs 100 MB, /dev/zero never ends), answers nil for /dev/null as if it could not
/// be read, and its nil never says why a file could not be read.
enum RequestInput {
    enum ReadError: Error, Equatable {
        /// The file could not be opened or read; `reason` is strerror's text for errno.
        case unreadable(name: String, reason: String)
        /// The input holds more than `limit` bytes.
        case tooLarge(limit: Int)
    }

    /// Reads `path` ("-": standard input), at most `limit` + 1 bytes: one byte past the limit
    /// proves the body too large, however long the rest of the input is.
    static func read(_ path: String, limit: Int) throws(ReadError) -> [UInt8] {
        let name = path == "-" ? "standard input" : path
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(name: name, reason: lastErrorText()) }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }

        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let received = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if received == 0 { break }
            if received < 0 {
                if errno == EINTR { continue }
                throw .unreadable(name: name, reason: lastErrorText())
            }
            count += received
        }
        guard count <= limit else { throw .tooLarge(limit: limit) }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// strerror(errno), such as "No such file or directory".
    private static func lastErrorText() -> String {
        String(cString: strerror(errno))
    }
}
