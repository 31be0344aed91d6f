import Foundation
import LoupeHTTP
import LoupeJSON
import LoupePlanner
import LoupeService
import LoupeTestClient
import LoupeTestSupport
import Testing

@Suite("Operational routes")
struct OperationalRouteTests {
    @Test("GET /healthz answers 200 with JSON and the standard headers")
    func healthz_answers200() throws {
        let service = try TestService()
        let response = try service.get("/healthz")
        #expect(response.status == 200)
        #expect(response.text == #"{"status":"ok"}"#)
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.header("Content-Length") == "15")
        #expect(response.header("Date") != nil)
        #expect(response.header("X-Request-ID") != nil)
    }

    @Test("HEAD /healthz answers like GET without a body")
    func headHealthz_hasNoBody() throws {
        let service = try TestService()
        let response = try Curl.request("HEAD", service.baseURL + "/healthz")
        #expect(response.status == 200)
        #expect(response.header("Content-Length") == "15")
        #expect(response.body.isEmpty)
    }

    @Test("GET /readyz is 200 until shutdown begins, then 503 problem+json")
    func readyz_turns503WhenDraining() throws {
        let service = try TestService()
        #expect(try service.get("/readyz").status == 200)
        service.application.state.beginDraining()
        let draining = try service.get("/readyz")
        #expect(draining.status == 503)
        #expect(draining.header("Content-Type") == "application/problem+json")
        #expect(draining.text.contains("https://loupe.dev/problems/shutting-down"))
        // Liveness is unaffected: the process is still healthy.
        #expect(try service.get("/healthz").status == 200)
    }

    @Test("GET /metrics is valid Prometheus text and counts requests by route, method and status")
    func metrics_areValidPrometheusText() throws {
        let service = try TestService()
        _ = try service.get("/healthz")
        _ = try service.get("/nowhere")
        _ = try Curl.request("POST", service.baseURL + "/healthz")
        let response = try service.get("/metrics")
        #expect(response.status == 200)
        #expect(response.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
        let samples = try PrometheusText.parse(response.text)
        #expect(samples["loupe_http_requests_total{route=\"/healthz\",method=\"GET\",status=\"200\"}"] == 1)
        #expect(samples["loupe_http_requests_total{route=\"other\",method=\"GET\",status=\"404\"}"] == 1)
        #expect(samples["loupe_http_requests_total{route=\"/healthz\",method=\"POST\",status=\"405\"}"] == 1)
        #expect(samples["loupe_http_request_duration_seconds_count{route=\"/healthz\"}"] == 2)
        #expect((samples["loupe_http_open_connections"] ?? 0) >= 1)
        #expect((samples["loupe_http_received_bytes_total"] ?? 0) > 0)
        #expect((samples["loupe_http_sent_bytes_total"] ?? 0) > 0)
        #expect(samples["loupe_ready"] == 1)
        #expect(response.header("Cache-Control") == "no-store", "no cache may keep an instance's counters")
    }

    @Test("GET /openapi.yaml serves the repository's openapi.yaml byte for byte")
    func openapi_isServedFromTheSameBytes() throws {
        let service = try TestService()
        let response = try service.get("/openapi.yaml")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/yaml")
        #expect(response.body == (try Repository.bytes("openapi.yaml")), "the served contract differs from openapi.yaml")
    }

    @Test("GET /openapi.yaml has a strong ETag, and If-None-Match gets 304 without the 133 KB")
    func openapi_revalidatesWith304() throws {
        let service = try TestService()
        let first = try service.get("/openapi.yaml")
        let tag = try #require(first.header("ETag"))
        #expect(tag.hasPrefix("\"") && !tag.hasPrefix("W/") && tag.count == 34)
        #expect(first.header("Cache-Control") == "public, max-age=300")
        let again = try service.get("/openapi.yaml", headers: ["If-None-Match: \(tag)"])
        #expect(again.status == 304 && again.body.isEmpty && again.header("ETag") == tag)
        #expect(try service.get("/openapi.yaml", headers: ["If-None-Match: \"other\""]).status == 200)
    }

    @Test("GET /version names the release and the API version")
    func version_namesRelease() throws {
        let service = try TestService()
        let body = try JSONReader.parse(try service.get("/version").body)
        #expect(body["name"] == .string("loupe"))
        #expect(body["version"] == .string(BuildInfo.version))
        #expect(body["apiVersion"] == .string(BuildInfo.apiVersion))
    }

    @Test("unknown paths get 404 problem+json")
    func unknownPath_gets404Problem() throws {
        let service = try TestService()
        let response = try service.get("/v1/nothing")
        #expect(response.status == 404)
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(response.header("Cache-Control") == "no-store")
        let problem = try JSONReader.parse(response.body)
        #expect(problem["type"] == .string("https://loupe.dev/problems/not-found"))
        #expect(problem["status"] == .number(404))
        #expect(problem["title"] != nil && problem["detail"] != nil)
    }

    @Test("a wrong method gets 405 with Allow")
    func wrongMethod_gets405WithAllow() throws {
        let service = try TestService()
        let response = try Curl.request("DELETE", service.baseURL + "/metrics")
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, HEAD, OPTIONS")
    }

    @Test("framing errors are answered as problem+json by the service")
    func framingErrors_areProblemDetails() throws {
        let service = try TestService()
        let connection = try RawConnection(port: service.port)
        try connection.send("GET /healthz HTTP/1.1\r\nHost: t\r\nX-Big: " + String(repeating: "x", count: 20_000) + "\r\n\r\n")
        let response = try #require(connection.readResponse())
        #expect(response.status == 431)
        #expect(response.header("Content-Type") == "application/problem+json")
        let problem = try JSONReader.parse(response.body)
        #expect(problem["type"] == .string("https://loupe.dev/problems/header-fields-too-large"))
        #expect(problem["status"] == .number(431))
    }
}

/// A strict reader of the Prometheus text format (0.0.4): every line is a comment
/// (# HELP / # TYPE) or `name{labels} value`; a malformed line fails the test.
enum PrometheusText {
    struct Malformed: Error, CustomStringConvertible {
        var line: String
        var description: String { "malformed exposition line: \(line)" }
    }

    static func parse(_ text: String) throws -> [String: Double] {
        var samples: [String: Double] = [:]
        var typed: Set<String> = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# HELP ") { continue }
            if line.hasPrefix("# TYPE ") {
                let parts = line.split(separator: " ")
                guard parts.count == 4, ["counter", "gauge", "histogram", "summary", "untyped"].contains(parts[3]) else {
                    throw Malformed(line: String(line))
                }
                typed.insert(String(parts[2]))
                continue
            }
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                throw Malformed(line: String(line))
            }
            let series = String(line[..<space])
            let name = series.split(separator: "{").first.map(String.init) ?? series
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" }),
                typed.contains(where: { name == $0 || name.hasPrefix($0 + "_") })
            else {
                throw Malformed(line: String(line))
            }
            if series.contains("{") {
                guard series.hasSuffix("}") else { throw Malformed(line: String(line)) }
            }
            samples[series] = value
        }
        return samples
    }
}

@Suite("Documentation")
struct DocumentationTests {
    @Test("docs/problems.md documents every problem type, with its status")
    func problemsDocument_coversEveryKind() throws {
        let text = String(decoding: try Repository.bytes("docs/problems.md"), as: UTF8.self)
        let types = ProblemKind.allCases.map { ($0.rawValue, $0.status) } + TransportProblem.allCases.map { ($0.rawValue, Int($0.status.code)) }
        #expect(Set(types.map(\.0)).count == types.count, "the API and the transport share a problem type")
        for (type, status) in types {
            #expect(text.contains("## \(type)\n"), "\(type) has no section")
            #expect(text.contains("| [`\(type)`](#\(type)) | \(status) |"), "\(type) row is missing or has the wrong status")
        }
    }

    @Test("every API problem kind's response has its status's reason phrase")
    func problemKinds_haveReasonPhrases() {
        for kind in ProblemKind.allCases {
            let status = Problem(kind, detail: "x").response().status
            #expect(status.code == kind.status && status.reason != "Error", "\(kind.rawValue): \(status.reason)")
        }
    }

    /// One status table: every refusal the transport makes itself is spelled with its own
    /// problem type, whose status it sends, and the document says so.
    @Test("every transport refusal is a documented problem type with the status the transport sends")
    func transportRefusals_mapToDocumentedTypes() throws {
        let parseErrors: [HTTPParseError] = [
            .bareLineFeed, .bareCarriageReturn, .invalidCharacter(where: "target"), .malformedRequestLine, .invalidMethod,
            .invalidTarget, .unsupportedVersion("HTTP/2.0"), .malformedVersion, .requestLineTooLong(limit: 1),
            .headerSectionTooLarge(limit: 1), .tooManyHeaderFields(limit: 1), .obsoleteLineFolding, .whitespaceBeforeColon,
            .invalidHeaderName, .invalidHeaderValue(name: "x"), .missingHost, .multipleHosts, .invalidHost, .multipleContentTypes,
            .invalidContentLength, .conflictingContentLengths, .contentLengthWithTransferEncoding,
            .unsupportedTransferCoding("gzip"), .chunkedNotFinal, .transferEncodingInHTTP10, .invalidChunkSize,
            .invalidChunkExtension, .invalidChunkTerminator, .bodyTooLarge(limit: 1), .unsupportedExpectation("x")
        ]
        let refusals = parseErrors.map(TransportRefusal.malformed) + [.timedOut, .overCapacity, .busy(.computeQueueFull), .busy(.memoryBudget)]
        let text = String(decoding: try Repository.bytes("docs/problems.md"), as: UTF8.self)
        for refusal in refusals {
            let document = try JSONReader.parse(refusal.problemDocument())
            #expect(document["type"] == .string(ProblemKind.typeBase + refusal.problem.rawValue))
            #expect(document["status"] == .number(Double(refusal.status.code)), "\(refusal)")
            #expect(document["title"] == .string(refusal.problem.title))
            #expect(text.contains("| [`\(refusal.problem.rawValue)`](#\(refusal.problem.rawValue)) | \(refusal.status.code) |"), "\(refusal)")
        }
        #expect(Set(refusals.map(\.problem)) == Set(TransportProblem.allCases), "a transport problem type no refusal uses")
    }

    @Test("the README's configuration table lists every setting")
    func readme_listsEverySetting() throws {
        let text = String(decoding: try Repository.bytes("README.md"), as: UTF8.self)
        for setting in Setting.all {
            #expect(text.contains("| `\(setting.flag)` | `\(setting.environment)` |"), "\(setting.flag) missing from README")
        }
    }
}
