import Foundation
import LoupeHTTP
@testable import LoupeService
import LoupePlanner
import LoupeTestClient
import LoupeTestSupport
import Testing

@Suite("Answer cache")
struct AnswerCacheTests {
    static func request(_ index: Int) -> AnswerCache.Request {
        AnswerCache.Request(path: "/v1/plans", format: .json, body: Array("{\"n\":\(index)}".utf8))
    }

    static func entry(_ size: Int, for index: Int = 1, tag: String = "t") -> AnswerCache.Entry {
        AnswerCache.Entry(request: request(index), body: [UInt8](repeating: 7, count: size), tag: EntityTag(bytes: Array(tag.utf8)))
    }

    static func key(_ index: Int) -> Hash128 {
        AnswerCache.key(path: "/v1/plans", format: .json, body: request(index).body)
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
        #expect(cache.lookup(Self.key(1), for: Self.request(1)) == nil)
        cache.store(Self.entry(100), for: Self.key(1))
        #expect(!cache.contains(Self.key(1), for: Self.request(1)), "a one-off answer is not kept")
        let entry = Self.entry(100)
        cache.store(entry, for: Self.key(1))
        #expect(cache.lookup(Self.key(1), for: Self.request(1))?.body.count == 100)
        let statistics = cache.statistics
        #expect(statistics.hits == 1 && statistics.misses == 1 && statistics.entries == 1)
        #expect(statistics.bytes == entry.cost)
        // The body is charged the memory it holds: its array's capacity, at least its count.
        #expect(entry.body.capacity >= 100)
        #expect(entry.cost == entry.body.capacity + Self.request(1).body.count + "/v1/plans".utf8.count + 128)
    }

    @Test("the cache never holds more than its capacity; the oldest answers go first")
    func capacity_isNeverExceeded() {
        let capacity = 16 * 4096
        let cache = AnswerCache(capacity: capacity)
        for index in 0..<2_000 {
            cache.store(Self.entry(500, for: index), for: Self.key(index))
            cache.store(Self.entry(500, for: index), for: Self.key(index))
            #expect(cache.statistics.bytes <= capacity)
        }
        let statistics = cache.statistics
        #expect(statistics.evictions > 0)
        #expect(statistics.entries + statistics.evictions == 2_000)
        // The newest answer of its shard is still there; the very first is long gone.
        #expect(cache.contains(Self.key(1_999), for: Self.request(1_999)))
        #expect(!cache.contains(Self.key(0), for: Self.request(0)))
    }

    @Test("an answer larger than a quarter of a shard is not kept, and 0 turns the cache off")
    func oversizedAnswers_andZeroCapacity_areNotKept() {
        let cache = AnswerCache(capacity: 16 * 4096)
        cache.store(Self.entry(2_000), for: Self.key(1))
        cache.store(Self.entry(2_000), for: Self.key(1))
        #expect(!cache.contains(Self.key(1), for: Self.request(1)))
        let off = AnswerCache(capacity: 0)
        off.store(Self.entry(10, for: 2), for: Self.key(2))
        off.store(Self.entry(10, for: 2), for: Self.key(2))
        #expect(!off.isEnabled && off.lookup(Self.key(2), for: Self.request(2)) == nil && off.statistics.misses == 0)
    }

    @Test("many threads storing and looking up at once keep the counts whole")
    func concurrentUse_keepsCountsWhole() {
        let cache = AnswerCache(capacity: 1 << 20)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<500 {
                let number = thread * 1_000 + index % 50
                let key = Self.key(number)
                if cache.lookup(key, for: Self.request(number)) == nil {
                    cache.store(Self.entry(64, for: number), for: key)
                    cache.store(Self.entry(64, for: number), for: key)
                }
            }
        }
        let statistics = cache.statistics
        #expect(statistics.hits + statistics.misses == 4_000)
        #expect(statistics.entries == 400)
    }
}

extension AnswerCacheTests {
    @Test("regression: a forged MurmurHash3 collision is a miss, never the other request's answer")
    func forgedCollision_isAMiss() throws {
        let victim = Array(#"{"transition":"push","container":{"width":393,"height":852},"source":{"x":16,"y":120}}"#.utf8)
        let forged = try MurmurForgery.collision(with: victim, path: "/v1/plans", format: .json)
        #expect(forged != victim)
        #expect(
            AnswerCache.key(path: "/v1/plans", format: .json, body: forged) == AnswerCache.key(path: "/v1/plans", format: .json, body: victim),
            "the forgery must collide for this test to mean anything")

        let cache = AnswerCache(capacity: 1 << 20)
        let key = AnswerCache.key(path: "/v1/plans", format: .json, body: victim)
        let attacker = AnswerCache.Request(path: "/v1/plans", format: .json, body: forged)
        let honest = AnswerCache.Request(path: "/v1/plans", format: .json, body: victim)
        let planted = AnswerCache.Entry(request: attacker, body: Array("planted".utf8), tag: EntityTag(bytes: forged))
        cache.store(planted, for: key)
        cache.store(planted, for: key)
        #expect(cache.lookup(key, for: attacker)?.body == planted.body)
        #expect(cache.lookup(key, for: honest) == nil)
        #expect(!cache.contains(key, for: honest))
        #expect(cache.statistics.collisions == 1)

        // The honest answer takes the key back where it stands: the bytes stay counted right.
        let own = AnswerCache.Entry(request: honest, body: Array("own answer".utf8), tag: EntityTag(bytes: victim))
        cache.store(own, for: key)
        #expect(cache.lookup(key, for: honest)?.body == own.body)
        #expect(cache.lookup(key, for: attacker) == nil)
        #expect(cache.statistics.entries == 1 && cache.statistics.bytes == own.cost)
    }

    @Test("a request differing only in route or format is never the cached one's, even under one key")
    func sameKey_otherRouteOrFormat_isAMiss() {
        let cache = AnswerCache(capacity: 1 << 20) { _ in Hash128(low: 1, high: 2) }
        let body = Array("{}".utf8)
        let plans = AnswerCache.Request(path: "/v1/plans", format: .json, body: body)
        let entry = AnswerCache.Entry(request: plans, body: [1], tag: EntityTag(bytes: [1]))
        cache.store(entry, for: cache.key(plans))
        cache.store(entry, for: cache.key(plans))
        #expect(cache.lookup(cache.key(plans), for: plans) != nil)
        for other in [
            AnswerCache.Request(path: "/v1/lifecycle", format: .json, body: body),
            AnswerCache.Request(path: "/v1/plans", format: .css, body: body),
            AnswerCache.Request(path: "/v1/plans", format: .json, body: Array("{ }".utf8)),
            AnswerCache.Request(path: "/v1/plans", format: .json, body: [])
        ] {
            #expect(cache.lookup(cache.key(other), for: other) == nil)
        }
    }

    @Test("collisions replacing each other in turn never grow a shard beyond its entry")
    func alternatingCollisions_keepOneEntry() {
        let cache = AnswerCache(capacity: 1 << 20) { _ in Hash128(low: 5, high: 5) }
        for round in 0..<1_000 {
            let request = Self.request(round % 2)
            let entry = AnswerCache.Entry(request: request, body: [UInt8](repeating: 1, count: 10 + round % 2), tag: EntityTag(bytes: [1]))
            cache.store(entry, for: cache.key(request))
            cache.store(entry, for: cache.key(request))
            #expect(cache.lookup(cache.key(request), for: request)?.body == entry.body)
        }
        #expect(cache.statistics.entries == 1)
        // Charged as the entry kept (its body's capacity, which the allocator decides, so the
        // kept entry's own, not another array's of the same count).
        let kept = cache.lookup(cache.key(Self.request(1)), for: Self.request(1))
        #expect(kept?.body.count == 11)
        #expect(cache.statistics.bytes == kept?.cost)
    }
}

/// Forges a MurmurHash3 x64-128 collision the way an attacker would: the block step can be
/// inverted, so after any change to one block of a known request, the next block can be solved
/// to bring the hash state back to the known request's, and the key comes out the same.
enum MurmurForgery {
    struct Failure: Error {}

    private static let c1: UInt64 = 0x87c3_7b91_1142_53d5
    private static let c2: UInt64 = 0x4cf5_ad43_2745_937f

    /// A body other than `victim` whose cache key (release, path, format, body) equals victim's.
    static func collision(with victim: [UInt8], path: String, format: RenderingFormat) throws -> [UInt8] {
        let prefix = Array("\(BuildInfo.version)\n\(path)\n\(format.rawValue)\n".utf8)
        let stream = prefix + victim
        // The first whole block inside the body, and the one after it.
        let first = (prefix.count + 15) / 16
        guard (first + 2) * 16 <= stream.count else { throw Failure() }
        var state = (h1: UInt64(0), h2: UInt64(0))
        for block in 0..<first { state = mix(state, words(stream, block)) }
        let target = mix(mix(state, words(stream, first)), words(stream, first + 1))
        var forged = stream
        forged[first * 16] ^= 0x01  // the attacker's change
        let changed = mix(state, words(forged, first))
        let solved = solve(from: changed, to: target)
        for index in 0..<8 {
            forged[(first + 1) * 16 + index] = UInt8(truncatingIfNeeded: solved.0 >> UInt64(8 * index))
            forged[(first + 1) * 16 + 8 + index] = UInt8(truncatingIfNeeded: solved.1 >> UInt64(8 * index))
        }
        return Array(forged[prefix.count...])
    }

    private static func words(_ bytes: [UInt8], _ block: Int) -> (UInt64, UInt64) {
        var k1: UInt64 = 0, k2: UInt64 = 0
        for index in 0..<8 {
            k1 |= UInt64(bytes[block * 16 + index]) << UInt64(8 * index)
            k2 |= UInt64(bytes[block * 16 + 8 + index]) << UInt64(8 * index)
        }
        return (k1, k2)
    }

    private static func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }
    private static func rotr(_ x: UInt64, _ r: UInt64) -> UInt64 { (x >> r) | (x << (64 - r)) }

    private static func inverse(_ a: UInt64) -> UInt64 {
        var x = a
        for _ in 0..<6 { x = x &* (2 &- a &* x) }
        return x
    }

    private static func mix(_ state: (h1: UInt64, h2: UInt64), _ block: (UInt64, UInt64)) -> (h1: UInt64, h2: UInt64) {
        var h1 = state.h1, h2 = state.h2
        h1 ^= rotl(block.0 &* c1, 31) &* c2
        h1 = (rotl(h1, 27) &+ h2) &* 5 &+ 0x52dc_e729
        h2 ^= rotl(block.1 &* c2, 33) &* c1
        h2 = (rotl(h2, 31) &+ h1) &* 5 &+ 0x3849_5ab5
        return (h1, h2)
    }

    /// The block that takes `state` to `target`.
    private static func solve(from state: (h1: UInt64, h2: UInt64), to target: (h1: UInt64, h2: UInt64)) -> (UInt64, UInt64) {
        let five = inverse(5)
        let scrambled1 = rotr((target.h1 &- 0x52dc_e729) &* five &- state.h2, 27) ^ state.h1
        let k1 = rotr(scrambled1 &* inverse(c2), 31) &* inverse(c1)
        let scrambled2 = rotr((target.h2 &- 0x3849_5ab5) &* five &- target.h1, 31) ^ state.h2
        let k2 = rotr(scrambled2 &* inverse(c1), 33) &* inverse(c2)
        return (k1, k2)
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

    @Test("regression: with every request forced onto one cache key, each client still gets its own answer, by every route")
    func everyRequestOnOneKey_eachGetsItsOwnAnswer() throws {
        let logger = Logger(level: .off, sink: LogSink(fd: open("/dev/null", O_WRONLY)))
        let colliding = LoupeApplication(
            configuration: ServiceConfiguration(), logger: logger, cacheKeying: { _ in Hash128(low: 42, high: 42) })
        let running = try RunningServer(application: colliding)
        defer { running.stop() }
        let reference = try TestService { $0.answerCacheBytes = 0 }
        let requests = [
            ("/v1/plans", "push.json"), ("/v1/plans", "pop.json"), ("/v1/plans", "present.json"),
            ("/v1/lifecycle", "lifecycle-push.json"), ("/v1/timelines", "timeline-pinch-dismiss.json")
        ]
        // Each request twice in a row (so its answer is kept under the shared key), then each
        // again after another has taken the key: every answer is the one computed for it alone.
        for round in 0..<3 {
            for (path, example) in requests {
                let body = try ExampleFiles.bytes(example)
                let expected = try reference.post(path, json: String(decoding: body, as: UTF8.self))
                for _ in 0..<(round == 0 ? 2 : 1) {
                    let answer = try Curl.request("POST", running.baseURL + path, headers: ["Content-Type: application/json"], body: body)
                    #expect(answer.status == 200 && answer.body == expected.body, "\(example), round \(round)")
                    #expect(answer.header("ETag") == expected.header("ETag"))
                }
            }
        }
        let statistics = colliding.state.answerCache.statistics
        #expect(statistics.hits > 0 && statistics.collisions > 0, "the shared key was both used and contested")
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
