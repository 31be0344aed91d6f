import LoupeHTTP
#if canImport(Glibc)
    import Glibc
#endif

/// Writing to standard output and error, and reading the environment, without Foundation (whose
/// import would link ICU's data into the static binary).
enum StandardStreams {
    static func writeOutput(_ bytes: [UInt8]) { FileDescriptor.writeAll(bytes, to: STDOUT_FILENO) }
    static func writeError(_ text: String) { FileDescriptor.writeAll(Array(text.utf8), to: STDERR_FILENO) }
    static func writeError(_ bytes: [UInt8]) { FileDescriptor.writeAll(bytes, to: STDERR_FILENO) }

    /// The process's environment variables.
    static var environment: [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }
}
