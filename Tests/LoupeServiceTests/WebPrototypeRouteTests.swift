import Foundation
import LoupeHTTP
import LoupeService
import LoupeTestClient
import LoupeTestSupport
import Testing

/// GET / and /prototype/*: the web prototype's files, embedded in the binary. Its behaviour in a
/// browser is Tests/browser's (scripts/browser-test).
@Suite("Web prototype routes")
struct WebPrototypeRouteTests {
    /// Every file of the page in Sources/LoupeWeb (not its Swift, nor the linked contract), with
    /// the path and type it is served at.
    static let assets: [(file: String, path: String, contentType: String)] = {
        let folder = Repository.root.appendingPathComponent("Sources/LoupeWeb")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            !$0.hasSuffix(".swift") && !$0.hasPrefix("openapi")
        }
        return names.sorted().map { name in
            let type =
                switch (name as NSString).pathExtension {
                case "html": "text/html; charset=utf-8"
                case "js": "text/javascript; charset=utf-8"
                case "css": "text/css; charset=utf-8"
                default: "image/svg+xml"
                }
            return ("Sources/LoupeWeb/" + name, name == "index.html" ? "/" : "/prototype/" + name, type)
        }
    }()

    @Test("GET / serves the page with a strict CSP, nosniff, a Cache-Control and an ETag")
    func root_servesThePage() throws {
        let service = try TestService()
        let response = try service.get("/")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        let policy = try #require(response.header("Content-Security-Policy"))
        #expect(policy.hasPrefix("default-src 'self';"))
        #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"))
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("Cache-Control") == "no-cache")
        let tag = try #require(response.header("ETag"))
        #expect(tag.wholeMatch(of: /"[0-9a-f]{32}"/) != nil)
    }

    @Test("every file of the prototype is served from the repository's bytes", arguments: assets.map(\.path))
    func asset_isServedFromTheSameBytes(path: String) throws {
        let asset = try #require(Self.assets.first { $0.path == path })
        let service = try TestService()
        let response = try service.get(path)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == asset.contentType)
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.body == (try Repository.bytes(asset.file)), "the served \(asset.file) differs from the repository's")
    }

    @Test("the page and its modules only reference files the server has")
    func references_resolve() throws {
        let served = Set(Self.assets.map(\.path))
        var references = 0
        for asset in Self.assets where !asset.file.hasSuffix(".svg") {
            let text = String(decoding: try Repository.bytes(asset.file), as: UTF8.self)
            // <script src>, <link href> and `from "./x.js"` imports.
            for match in text.matches(of: /(?:src|href)="(\/[^"]*)"|from "\.\/([^"]+)"/) {
                let path = match.output.1.map(String.init) ?? "/prototype/" + String(match.output.2 ?? "")
                // A plan's GET address (demo-address.html): `addressDemo_linksCanonicalAddresses`.
                if path.hasPrefix("/v1/") { continue }
                #expect(served.contains(path), "\(asset.file) refers to \(path), which is not served")
                references += 1
            }
            #expect(!text.contains("<script>") && !text.contains("style=\""), "\(asset.file): inline script or style breaks the CSP")
        }
        #expect(references >= served.count - 1, "every file but the page is referenced somewhere")
    }

    @Test("issue 36 §6: the address demo links a plan's stylesheet and picture at the addresses Loupe gives its request, and both answer")
    func addressDemo_linksCanonicalAddresses() throws {
        let service = try TestService()
        let page = String(decoding: try Repository.bytes("Sources/LoupeWeb/demo-address.html"), as: UTF8.self)
        let links = page.matches(of: /(?:src|href)="(\/v1\/plans\/[^"]*)"/).map { String($0.output.1) }
        #expect(links.count == 2)
        for format in ["view-transition", "svg"] {
            let asked = try service.post("/v1/plans?format=" + format, json: Self.addressDemoRequest)
            let address = try #require(asked.header("Content-Location"))
            #expect(links.contains(address), "demo-address.html should link \(address); update it")
            let fetched = try service.get(address)
            #expect(fetched.status == 200 && fetched.body == asked.body)
        }
    }

    /// The request demo-address.html's addresses hold: a push from its 110 × 110 thumbnail at
    /// (16, 120) into a 393 × 852 page (the browser test's phone viewport).
    static let addressDemoRequest =
        #"{"transition":"push","container":{"width":393,"height":852,"cornerRadius":0},"source":{"frame":{"x":16,"y":120,"width":110,"height":110},"cornerRadius":8},"destination":{"frame":{"x":0,"y":0,"width":393,"height":852}}}"#

    @Test("openapi.yaml lists every prototype file and states the page's CSP")
    func contract_listsTheFiles() throws {
        let contract = String(decoding: try Repository.bytes("openapi.yaml"), as: UTF8.self)
        let names = Self.assets.filter { $0.path != "/" }.map { String($0.path.dropFirst("/prototype/".count)) }
        #expect(contract.contains("enum: [\(names.joined(separator: ", "))]"), "update /prototype/{asset} in openapi.yaml")
        let policy = try #require(try TestService().get("/").header("Content-Security-Policy"))
        #expect(contract.contains("const: \"\(policy)\""))
    }

    @Test("If-None-Match with the ETag (or *) gets 304 without a body; HEAD gets the headers")
    func conditionalAndHead() throws {
        let service = try TestService()
        let tag = try #require(try service.get("/prototype/main.js").header("ETag"))
        let revalidated = try service.get("/prototype/main.js", headers: ["If-None-Match: W/\"other\", \(tag)"])
        #expect(revalidated.status == 304)
        #expect(revalidated.body.isEmpty)
        #expect(revalidated.header("ETag") == tag)
        #expect(try service.get("/", headers: ["If-None-Match: *"]).status == 304)
        #expect(try service.get("/", headers: ["If-None-Match: \(tag)"]).status == 200)
        let head = try Curl.request("HEAD", service.baseURL + "/")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.header("Content-Length") == String(try Repository.bytes("Sources/LoupeWeb/index.html").count))
    }

    @Test("the page never needs the API key; unknown prototype files are 404")
    func open_evenWithAPIKeys() throws {
        let service = try TestService { $0.apiKeys = ["secret"] }
        #expect(try service.get("/").status == 200)
        #expect(try service.get("/prototype/main.js").status == 200)
        #expect(try service.get("/prototype/missing.js").status == 404)
        let post = try Curl.request("POST", service.baseURL + "/")
        #expect(post.status == 405)
        #expect(post.header("Allow") == "GET, HEAD, OPTIONS")
    }
}
