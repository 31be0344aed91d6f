import LoupePlanner

/// `loupe check FILE.json [--format text|json|junit]`: a conformance request judged without a
/// server, for CI. The verdict goes to stdout (by default one line of text; json and junit are
/// the route's bytes), and the exit status says it: 0 when the recording conforms, 1 when it does
/// not, 2 for a request the route would refuse (its problem JSON on stderr) or a usage error.
enum CheckCommand {
    static let formats = ["text", "json", "junit"]

    static func run(arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(Usage.text)
            return 0
        }
        let parsed: (format: String?, file: String)
        switch AnswerCommand.options(arguments) {
        case .success(let found): parsed = found
        case .failure(let error): return AnswerCommand.usageError(error.message)
        }
        let format = (parsed.format ?? "text").lowercased()
        guard formats.contains(format) else {
            return AnswerCommand.usageError("--format must be one of \(formats.joined(separator: ", ")), not '\(parsed.format ?? "")'")
        }
        let body: [UInt8]
        switch AnswerCommand.readBody(parsed.file) {
        case .success(let bytes): body = bytes
        case .failure(.usage(let message)): return AnswerCommand.usageError(message)
        case .failure(.problem(let document)):
            _ = AnswerCommand.problem(document)
            return 2
        }
        let answer: ConformanceAnswer
        do {
            answer = try ConformanceEndpoint.compute(try RequestDocument.parse(body))
        } catch {
            _ = AnswerCommand.problem(error.bytes())
            return 2
        }
        switch format {
        case "json": StandardStreams.writeOutput(ConformanceEndpoint.render(answer, as: .json))
        case "junit": StandardStreams.writeOutput(ConformanceEndpoint.render(answer, as: .junit))
        default: StandardStreams.writeOutput(Array((ConformanceEndpoint.summary(answer) + "\n").utf8))
        }
        return answer.verdict.conforms ? 0 : 1
    }
}
