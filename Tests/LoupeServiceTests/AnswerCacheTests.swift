import Foundation
import LoupeHTTP
@testable import LoupeService
import LoupePlanner
import LoupeTestClient
import Testing

@Suite("Answer cache")
struct AnswerCacheTests {
    static func entry(_ size: Int, tag: String = "t") -> AnswerCache.Entry {
        AnswerCache.Entry(body: [UInt8](repeating: 7, count: size), tag: EntityTag(bytes: Array(tag.utf8)))
    }

    static func key(_ index: Int) -> Hash128 {
        AnswerCache.key(path: "/v1/plans", format: .json, body: Array("{\"n\":\(index)}".utf8))
    }

    @Test("the key changes with the route, the format, the release and every body byte")
    func key_coversEveryPart() {
        let body = Array("{\"transition\":\"push\"}".utf8)
        let base = AnswerCache.key(path: "/v1/plans", format: .json, body: body)
        #expect(base == AnswerCache.key(path: "/v1/plans", format: .json, body: body))
        #expect(base != AnswerCache.key(path: "/v1/lifecycle", format: .json, body: body))
        #expect(base != AnswerCache.key(path: "/v1/plans", format: .css, body: body))
        #expect(base != AnswerCache.key(path: "/v1/plans", format: .json, body: body, version: "9.9.9"))
        #expect(base != AnswerCache.key(path: "/v1/plans", format: .json, body: body + [0x20]))
    }

    @Test("an answer is kept when it is offered a second time, then found; hits and misses are counted")
    func storedAnswer_isFound() {
        let cache = AnswerCache(capacity: 1 << 20)
        #expect(cache.lookup(Self.key(1)) == nil)
        cache.store(Self.entry(100), for: Self.key(1))
        #expect(!cache.contains(Self.key(1)), "a one-off answer is not kept")
        cache.store(Self.entry(100), for: Self.key(1))
        #expect(cache.lookup(Self.key(1))?.body.count == 100)
        let statistics = cache.statistics
        #expect(statistics.hits == 1 && statistics.misses == 1 && statistics.entries == 1)
        #expect(statistics.bytes == Self.entry(100).cost)
    }

    @Test("the cache never holds more than its capacity; the oldest answers go first")
    func capacity_isNeverExceeded() {
        let capacity = 16 * 4096
        let cache = AnswerCache(capacity: capacity)
        for index in 0..<2_000 {
            cache.store(Self.entry(500), for: Self.key(index))
            cache.store(Self.entry(500), for: Self.key(index))
            #expect(cache.statistics.bytes <= capacity)
        }
        let statistics = cache.statistics
        #expect(statistics.evictions > 0)
        #expect(statistics.entries + statistics.evictions == 2_000)
        // The newest answer of its shard is still there; the very first is long gone.
        #expect(cache.contains(Self.key(1_999)))
        #expect(!cache.contains(Self.key(0)))
    }

    @Test("an answer larger than a quarter of a shard is not kept, and 0 turns the cache off")
    func oversizedAnswers_andZeroCapacity_areNotKept() {
        let cache = AnswerCache(capacity: 16 * 4096)
        cache.store(Self.entry(2_000), for: Self.key(1))
        cache.store(Self.entry(2_000), for: Self.key(1))
        #expect(!cache.contains(Self.key(1)))
        let off = AnswerCache(capacity: 0)
        off.store(Self.entry(10), for: Self.key(2))
        off.store(Self.entry(10), for: Self.key(2))
        #expect(!off.isEnabled && off.lookup(Self.key(2)) == nil && off.statistics.misses == 0)
    }

    @Test("many threads storing and looking up at once keep the counts whole")
    func concurrentUse_keepsCountsWhole() {
        let cache = AnswerCache(capacity: 1 << 20)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<500 {
                let key = Self.key(thread * 1_000 + index % 50)
                if cache.lookup(key) == nil {
                    cache.store(Self.entry(64), for: key)
                    cache.store(Self.entry(64), for: key)
                }
            }
        }
        let statistics = cache.statistics
        #expect(statistics.hits + statistics.misses == 4_000)
        #expect(statistics.entries == 400)
    }
}

@Suite("Answer cache over HTTP")
struct AnswerCacheRouteTests {
    static func counter(_ name: String, in metrics: String) -> Int? {
        metrics.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Int($0.split(separator: " ")[1]) }
    }

    @Test("a request seen twice is cached: the third is a hit with the same bytes and ETag, and If-None-Match gets 304 from the cache")
    func repeatedRequest_isAHit() throws {
        let service = try TestService()
        let body = String(decoding: try ExampleFiles.bytes("push.json"), as: UTF8.self)
        let answers = try (0..<3).map { _ in try service.post("/v1/plans", json: body) }
        #expect(answers.allSatisfy { $0.status == 200 && $0.body == answers[0].body })
        let tag = try #require(answers[0].header("ETag"))
        #expect(answers.allSatisfy { $0.header("ETag") == tag })
        let revalidated = try service.post("/v1/plans", json: body, headers: ["Content-Type: application/json", "If-None-Match: \(tag)"])
        #expect(revalidated.status == 304)
        #expect(revalidated.header("ETag") == tag)
        let metrics = try service.get("/metrics").text
        #expect(Self.counter("loupe_answer_cache_hits_total", in: metrics) == 2)
        #expect(Self.counter("loupe_answer_cache_misses_total", in: metrics) == 2)
        #expect(Self.counter("loupe_answer_cache_entries", in: metrics) == 1)
    }

    @Test("each format is its own entry, and the Vary header still follows the negotiation")
    func formats_areSeparateEntries() throws {
        let service = try TestService()
        let body = String(decoding: try ExampleFiles.bytes("push.json"), as: UTF8.self)
        let json = try service.post("/v1/plans", json: body, headers: ["Content-Type: application/json", "Accept: application/json"])
        let css = try service.post("/v1/plans", json: body, headers: ["Content-Type: application/json", "Accept: text/css"])
        _ = try service.post("/v1/plans", json: body, headers: ["Content-Type: application/json", "Accept: text/css"])
        let cssAgain = try service.post("/v1/plans", json: body, headers: ["Content-Type: application/json", "Accept: text/css"])
        #expect(json.header("Content-Type") == "application/json")
        #expect(cssAgain.header("Content-Type") == "text/css; charset=utf-8" || cssAgain.header("Content-Type") == css.header("Content-Type"))
        #expect(cssAgain.body == css.body && css.body != json.body)
        #expect(cssAgain.header("Vary") == "Accept")
        #expect(css.header("ETag") != json.header("ETag"))
    }

    @Test("problems are not cached, and --answer-cache-bytes 0 turns the cache off")
    func problems_andDisabledCache_areNotCached() throws {
        let service = try TestService()
        for _ in 0..<2 { #expect(try service.post("/v1/plans", json: "{}").status == 422) }
        var metrics = try service.get("/metrics").text
        #expect(Self.counter("loupe_answer_cache_entries", in: metrics) == 0)
        #expect(Self.counter("loupe_answer_cache_hits_total", in: metrics) == 0)

        let off = try TestService { $0.answerCacheBytes = 0 }
        let body = String(decoding: try ExampleFiles.bytes("push.json"), as: UTF8.self)
        for _ in 0..<2 { #expect(try off.post("/v1/plans", json: body).status == 200) }
        metrics = try off.get("/metrics").text
        #expect(Self.counter("loupe_answer_cache_hits_total", in: metrics) == 0)
        #expect(Self.counter("loupe_answer_cache_misses_total", in: metrics) == 0)
    }
}
