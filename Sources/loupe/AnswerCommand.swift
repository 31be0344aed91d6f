#if canImport(Glibc)
    import Glibc
#endif
import LoupeHTTP
import LoupePlanner
import LoupeService

/// `loupe plan [--format F] [FILE|-]`, `loupe lifecycle [--format F] [FILE|-]` and
/// `loupe timeline [FILE|-]`: the API's
/// answer for a request file (or standard input), without a server. The bytes are exactly what
/// the route answers with `?format=F`, because both call the same endpoint and renderer.
enum AnswerCommand {
    /// Prints the answer to stdout and returns 0; prints the problem JSON to stderr and returns 1
    /// (an empty, oversize or invalid request); returns 2 for a usage error (an unknown option,
    /// a format the route does not offer) or an unreadable file.
    static func run<Endpoint: RenderedEndpoint>(arguments: [String], endpoint: Endpoint.Type) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(Usage.text)
            return 0
        }
        let parsed: (format: String?, file: String)
        switch options(arguments) {
        case .success(let found): parsed = found
        case .failure(let error): return usageError(error.message)
        }
        var format = RenderingFormat.json
        if let name = parsed.format {
            // Case-insensitive, as `?format=` is (issue 34 §6): `--format CSS` answers as `?format=CSS` does.
            guard let chosen = RenderingFormat(rawValue: name.lowercased()), Endpoint.formats.contains(chosen) else {
                let offered = Endpoint.formats.map(\.rawValue).joined(separator: ", ")
                return usageError("--format must be one of \(offered), not '\(name)'")
            }
            format = chosen
        }
        let body: [UInt8]
        switch readBody(parsed.file) {
        case .success(let bytes): body = bytes
        case .failure(.usage(let message)): return usageError(message)
        case .failure(.problem(let document)): return problem(document)
        }
        do {
            let answer = Endpoint.render(try Endpoint.compute(try RequestDocument.parse(body)), as: format)
            StandardStreams.writeOutput(answer)
            return 0
        } catch {
            return problem(error)
        }
    }

    /// A command line's mistake, said in one line.
    struct UsageError: Error {
        var message: String
    }

    /// `--format F` (or `--format=F`) and at most one file (default `-`, standard input).
    static func options(_ arguments: [String]) -> Result<(format: String?, file: String), UsageError> {
        var rest = arguments
        var format: String?
        if let flag = rest.firstIndex(where: { $0 == "--format" || $0.hasPrefix("--format=") }) {
            let inline = rest[flag].hasPrefix("--format=") ? String(rest[flag].dropFirst("--format=".count)) : nil
            format = inline ?? (flag + 1 < rest.count ? rest[flag + 1] : "")
            rest.removeSubrange(flag...(inline == nil ? min(flag + 1, rest.count - 1) : flag))
        }
        if let unknown = rest.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            return .failure(UsageError(message: "unknown option \(unknown)"))
        }
        guard rest.count <= 1 else { return .failure(UsageError(message: "expected one request file (or - for standard input)")) }
        return .success((format, rest.first ?? "-"))
    }

    /// Why a request could not be read: a usage error (an unreadable file), or the service's
    /// 413 problem document for one over the body limit.
    enum ReadFailure: Error {
        case usage(String)
        case problem([UInt8])
    }

    /// The request file's bytes, read up to the service's body limit.
    static func readBody(_ file: String) -> Result<[UInt8], ReadFailure> {
        do {
            return .success(try RequestInput.read(file, limit: bodyLimit))
        } catch {
            switch error {
            case .unreadable(let name, let reason): return .failure(.usage("cannot read \(name): \(reason)"))
            case .tooLarge(let limit): return .failure(.problem(TransportRefusal.malformed(.bodyTooLarge(limit: limit)).problemDocument()))
            }
        }
    }

    /// The service's default body limit (`--max-body-bytes`), so that a file the command
    /// answers is one the service with its defaults answers too, and the same file is refused
    /// with the same 413 problem.
    static let bodyLimit = HTTPLimits().maxBodyBytes

    /// Prints the problem JSON, the body the service would answer with, and returns 1.
    private static func problem(_ problem: Problem) -> Int32 {
        self.problem(problem.bytes())
    }

    /// Prints a problem+json document on its own line to stderr; exit status 1.
    static func problem(_ document: [UInt8]) -> Int32 {
        StandardStreams.writeError(document + [0x0A])
        return 1
    }

    static func usageError(_ message: String) -> Int32 {
        StandardStreams.writeError("loupe: \(message)\n")
        return 2
    }
}
