import Foundation
import LoupeJSON
import LoupePlanner
import LoupeTestClient
import LoupeTestSupport
import Testing

/// openapi.yaml and examples/ describe the same requests, and the CLI answers what the route does.
@Suite("Contract examples")
struct ContractExampleTests {
    @Test("every examples/*.json is a one-line request example in openapi.yaml")
    func everyExampleFile_isInOpenAPI() throws {
        let inSpec = Set(try ExampleFiles.openAPIRequestExamples())
        for name in try ExampleFiles.names() {
            let line = ExampleFiles.minified(try ExampleFiles.bytes(name))
            #expect(inSpec.contains(line), "examples/\(name) is not in openapi.yaml as: value: \(line)")
        }
    }

    @Test("every one-line request example in openapi.yaml is a file in examples/")
    func everyOpenAPIExample_isAFile() throws {
        let files = Set(try ExampleFiles.names().map { ExampleFiles.minified(try ExampleFiles.bytes($0)) })
        let examples = try ExampleFiles.openAPIRequestExamples()
        #expect(examples.count >= 13)
        for example in examples {
            #expect(files.contains(example), "openapi.yaml example has no file in examples/: \(example)")
        }
    }

    @Test("loupe plan examples/push.json prints the bytes the route answers")
    func cliPlan_printsTheRoutesBytes() throws {
        let file = ExampleFiles.root.appendingPathComponent("examples/push.json").path
        let result = try LoupeExecutable.run(["plan", file])
        #expect(result.status == 0)
        let service = try TestService()
        let response = try service.post("/v1/plans", json: String(decoding: try ExampleFiles.bytes("push.json"), as: UTF8.self))
        #expect(response.status == 200)
        #expect(Array(result.stdout) == response.body)
    }

    /// Issue 34 §6: `--format CSS` was refused while `?format=CSS` was answered.
    @Test(
        "issue 34 §6: loupe plan --format takes a format name in any case, as ?format= does, and prints the same bytes",
        arguments: [["--format", "CSS"], ["--format=View-Transition"], ["--format", "Lottie"]])
    func cliFormat_isCaseInsensitiveLikeTheQuery(option: [String]) throws {
        let file = ExampleFiles.root.appendingPathComponent("examples/push.json").path
        let result = try LoupeExecutable.run(["plan"] + option + [file])
        #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
        let name = option.count == 2 ? option[1] : String(option[0].dropFirst("--format=".count))
        let service = try TestService()
        let response = try service.post("/v1/plans?format=\(name)", json: String(decoding: try ExampleFiles.bytes("push.json"), as: UTF8.self))
        #expect(response.status == 200)
        #expect(Array(result.stdout) == response.body)
        #expect(try LoupeExecutable.run(["lifecycle", "--format", "CSS", "-"], stdin: Data()).status == 2, "a format the route lacks stays refused")
    }

    /// Issue 45 §6: the CLI covers every route; `timeline` was missing from it and from --help.
    @Test("issue 45 §6: loupe timeline prints the bytes POST /v1/timelines answers, and --help lists it")
    func cliTimeline_printsTheRoutesBytes() throws {
        let file = ExampleFiles.root.appendingPathComponent("examples/timeline-pinch-dismiss.json").path
        let result = try LoupeExecutable.run(["timeline", file])
        #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
        let service = try TestService()
        let response = try service.post("/v1/timelines", json: String(decoding: try ExampleFiles.bytes("timeline-pinch-dismiss.json"), as: UTF8.self))
        #expect(response.status == 200)
        #expect(Array(result.stdout) == response.body)
        let help = String(decoding: try LoupeExecutable.run(["--help"]).stdout, as: UTF8.self)
        for command in ["loupe plan", "loupe lifecycle", "loupe timeline"] { #expect(help.contains(command), "\(command) missing from --help") }
    }

    /// Issue 43 §4 and issue 45 §6: the conformance check without a server, for CI.
    @Test("issue 43 §4: loupe check exits 0 when the recording conforms, 1 when not, 2 for a bad request; json and junit are the route's bytes")
    func cliCheck_exitsByTheVerdict() throws {
        let conforming = ExampleFiles.root.appendingPathComponent("examples/conformance-push.json").path
        let failing = ExampleFiles.root.appendingPathComponent("examples/conformance-fast-out-slow-in.json").path
        let passed = try LoupeExecutable.run(["check", conforming])
        #expect(passed.status == 0)
        #expect(String(decoding: passed.stdout, as: UTF8.self) == "conforms: 12 checks pass (alignment firstMotion 0.25 s)\n")
        let refused = try LoupeExecutable.run(["check", failing])
        #expect(refused.status == 1)
        let line = String(decoding: refused.stdout, as: UTF8.self)
        #expect(line.hasPrefix("does not conform: ") && line.contains("travel90") && line.filter { $0 == "\n" }.count == 1)
        let service = try TestService()
        for format in ["json", "junit"] {
            let result = try LoupeExecutable.run(["check", "--format", format, failing])
            let response = try Curl.request(
                "POST", service.baseURL + "/v1/conformance?format=" + format, headers: ["Content-Type: application/json"],
                body: try ExampleFiles.bytes("conformance-fast-out-slow-in.json"))
            #expect(result.status == 1 && Array(result.stdout) == response.body, "\(format)")
        }
        let bad = try LoupeExecutable.run(["check", "-"], stdin: Data(#"{"expected":{},"observed":{}}"#.utf8))
        #expect(bad.status == 2 && bad.stdout.isEmpty)
        let problem = try JSONReader.parse(Array(bad.stderr.filter { $0 != 0x0A }))
        #expect(problem["status"] == .number(422))
        #expect(try LoupeExecutable.run(["check", "--format", "svg", conforming]).status == 2, "svg is the route's, not the command's")
        let help = String(decoding: try LoupeExecutable.run(["--help"]).stdout, as: UTF8.self)
        #expect(help.contains("loupe check"))
    }

    @Test("loupe lifecycle reads standard input; a problem goes to stderr with exit status 1")
    func cliLifecycle_readsStdinAndReportsProblems() throws {
        let body = try ExampleFiles.bytes("lifecycle-push.json")
        let success = try LoupeExecutable.run(["lifecycle", "-"], stdin: Data(body))
        #expect(success.status == 0)
        #expect(Array(success.stdout) == (try LifecycleEndpoint.answer(body: body)))
        let failure = try LoupeExecutable.run(["plan", "-"], stdin: Data(#"{"transition":"up"}"#.utf8))
        #expect(failure.status == 1)
        #expect(failure.stdout.isEmpty)
        let problem = try JSONReader.parse(Array(failure.stderr.filter { $0 != 0x0A }))
        #expect(problem["type"] == .string("https://loupe.dev/problems/invalid-request"))
    }
}
