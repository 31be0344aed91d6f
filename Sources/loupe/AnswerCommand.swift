import Foundation
import LoupePlanner

/// `loupe plan [--format F] [FILE|-]` and `loupe lifecycle [--format F] [FILE|-]`: the API's
/// answer for a request file (or standard input), without a server. The bytes are exactly what
/// the route answers with `?format=F`, because both call the same endpoint and renderer.
enum AnswerCommand {
    /// Prints the answer to stdout and returns 0; prints the problem JSON to stderr and returns 1;
    /// returns 2 for a usage error (including a format the route does not offer) or an
    /// unreadable file.
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
            guard let chosen = RenderingFormat(rawValue: name), Endpoint.formats.contains(chosen) else {
                let offered = Endpoint.formats.map(\.rawValue).joined(separator: ", ")
                return usageError("--format must be one of \(offered), not '\(name)'")
            }
            format = chosen
        }
        guard rest.count <= 1 else { return usageError("expected one request file (or - for standard input)") }
        let path = rest.first ?? "-"
        let body: [UInt8]
        if path == "-" {
            body = Array(FileHandle.standardInput.readDataToEndOfFile())
        } else {
            guard let data = FileManager.default.contents(atPath: path) else { return usageError("cannot read \(path)") }
            body = Array(data)
        }
        do {
            let answer = Endpoint.render(try Endpoint.compute(try RequestDocument.parse(body)), as: format)
            FileHandle.standardOutput.write(Data(answer))
            return 0
        } catch {
            FileHandle.standardError.write(Data(error.encoded() + [0x0A]))
            return 1
        }
    }

    private static func usageError(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("loupe: \(message)\n".utf8))
        return 2
    }
}
