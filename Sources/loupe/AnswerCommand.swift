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
        var rest = arguments
        var format = RenderingFormat.json
        if let flag = rest.firstIndex(where: { $0 == "--format" || $0.hasPrefix("--format=") }) {
            let inline = rest[flag].hasPrefix("--format=") ? String(rest[flag].dropFirst("--format=".count)) : nil
            let name = inline ?? (flag + 1 < rest.count ? rest[flag + 1] : "")
            rest.removeSubrange(flag...(inline == nil ? min(flag + 1, rest.count - 1) : flag))
            // Case-insensitive, as `?format=` is (issue 34 §6): `--format CSS` answers as `?format=CSS` does.
            guard let chosen = RenderingFormat(rawValue: name.lowercased()), Endpoint.formats.contains(chosen) else {
                let offered = Endpoint.formats.map(\.rawValue).joined(separator: ", ")
                return usageError("--format must be one of \(offered), not '\(name)'")
            }
            format = chosen
        }
        if let unknown = rest.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            return usageError("unknown option \(unknown)")
        }
        guard rest.count <= 1 else { return usageError("expected one request file (or - for standard input)") }
        let body: [UInt8]
        do {
            body = try RequestInput.read(rest.first ?? "-", limit: bodyLimit)
        } catch {
            switch error {
            case .unreadable(let name, let reason): return usageError("cannot read \(name): \(reason)")
            case .tooLarge(let limit): return problem(TransportRefusal.malformed(.bodyTooLarge(limit: limit)).problemDocument())
            }
        }
        do {
            let answer = Endpoint.render(try Endpoint.compute(try RequestDocument.parse(body)), as: format)
            StandardStreams.writeOutput(answer)
            return 0
        } catch {
            return problem(error)
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
    private static func problem(_ document: [UInt8]) -> Int32 {
        StandardStreams.writeError(document + [0x0A])
        return 1
    }

    private static func usageError(_ message: String) -> Int32 {
        StandardStreams.writeError("loupe: \(message)\n")
        return 2
    }
}
