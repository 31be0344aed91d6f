import Glibc
import LoupePlanner
import Synchronization

/// Recent /v1 answers, by request, so a repeated request is answered without parsing or
/// computing anything.
///
/// Answers are deterministic (the same route, format, release and body give the same bytes),
/// so nothing here ever goes stale within a process. The key is a 128-bit hash of exactly
/// those four; the entry holds the answer's bytes, its ETag and the request it answers. A hit
/// is a hit only when that request is byte for byte the one being answered: the hash is not
/// cryptographic, and anyone who knows a request's bytes (a published example, a web page's
/// request) can forge a different body with the same hash. The comparison makes a collision,
/// forged or not, a miss: every answer is the asker's own. The cache is split into
/// shards, each behind its own lock, so event loops and workers rarely wait for each other;
/// each shard evicts its oldest entries first (FIFO) when a new one needs room.
///
/// An answer is kept the second time it is computed, not the first (a "doorkeeper", as in
/// TinyLFU): a stream of one-off requests would otherwise churn 16 MiB of answers through the
/// cache and the allocator, costing every request and helping none (measured: 15 µs of CPU
/// per request on the all-different load). Each shard remembers the last 512 keys it was
/// offered, one per slot.
///
/// It is per process on purpose, and holds no state any other replica needs: a plan costs well
/// under a millisecond to recompute. Sharing answers across replicas is the job of the HTTP
/// caches in front of them (a CDN, nginx `proxy_cache`), which GET and QUERY answers allow
/// (`SharedCaching`, docs/operations.md).
final class AnswerCache: Sendable {
    /// What an answer answers: the route, the negotiated format and the raw body. The release
    /// is the process's own, so it need not be kept.
    struct Request: Sendable {
        let path: String
        let format: RenderingFormat
        let body: [UInt8]

        /// Whether `other` is the same request, byte for byte.
        func matches(_ other: Request) -> Bool {
            guard path == other.path, format == other.format, body.count == other.body.count else { return false }
            return body.withUnsafeBytes { mine in
                other.body.withUnsafeBytes { theirs in
                    mine.count == 0 || memcmp(mine.baseAddress!, theirs.baseAddress!, mine.count) == 0
                }
            }
        }
    }

    /// One cached answer and the request it answers.
    struct Entry: Sendable {
        let request: Request
        let body: [UInt8]
        let tag: EntityTag
        /// Its GET address (`AnswerAddress`), when it has one: kept so a hit does not compress
        /// the body again.
        var address: String? = nil

        /// Bytes this entry is charged for: the answer (the memory it was rendered into, which
        /// may be larger than its bytes: `JSONWriter.rendering`), the request kept to check hits,
        /// its address, and a fixed allowance for the rest.
        var cost: Int { body.capacity + request.body.count + request.path.utf8.count + (address?.utf8.count ?? 0) + 128 }
    }

    /// How a request becomes its key: MurmurHash3 in production (`key(path:format:body:version:)`);
    /// tests inject a hasher that collides on purpose.
    typealias Keying = @Sendable (Request) -> Hash128

    /// Counters since start, summed over shards.
    struct Statistics: Sendable, Equatable {
        var hits = 0
        var misses = 0
        var evictions = 0
        /// Look-ups whose key was cached for a different request (a hash collision, forged or
        /// not): answered as misses.
        var collisions = 0
        var bytes = 0
        var entries = 0
    }

    private final class Shard: Sendable {
        struct State {
            var entries: [Hash128: Entry] = [:]
            /// Keys in insertion order from `head` on; evicted from the front.
            var order: [Hash128] = []
            var head = 0
            var bytes = 0
            var statistics = Statistics()
            /// Keys offered once, one per slot: the doorkeeper.
            var offered = [Hash128?](repeating: nil, count: Shard.doorkeeperSlots)
        }

        static let doorkeeperSlots = 512

        let state = Mutex(State())
    }

    static let shardCount = 16
    /// The most bytes all entries may hold together.
    let capacity: Int
    private let shardCapacity: Int
    private let shards: [Shard]
    private let keying: Keying

    /// - Parameters:
    ///   - capacity: bytes for all entries; 0 turns the cache off.
    ///   - keying: how a request becomes its key; nil: MurmurHash3 (`key(path:format:body:version:)`).
    ///     Tests force collisions with it.
    init(capacity: Int, keying: Keying? = nil) {
        self.capacity = max(0, capacity)
        shardCapacity = self.capacity / Self.shardCount
        shards = (0..<Self.shardCount).map { _ in Shard() }
        self.keying = keying ?? { AnswerCache.key(path: $0.path, format: $0.format, body: $0.body) }
    }

    /// The key of `request` in this cache.
    func key(_ request: Request) -> Hash128 { keying(request) }

    var isEnabled: Bool { shardCapacity > 0 }

    /// The key of a request: route, negotiated format, release and the raw body bytes.
    static func key(path: String, format: RenderingFormat, body: [UInt8], version: String = BuildInfo.version) -> Hash128 {
        var hasher = Murmur3Hasher()
        hasher.update(version)
        hasher.update("\n")
        hasher.update(path)
        hasher.update("\n")
        hasher.update(format.rawValue)
        hasher.update("\n")
        hasher.update(body)
        return hasher.finalize()
    }

    /// The answer cached under `key` for exactly `request`, counting a hit or a miss. An entry
    /// under the same key for another request is a collision: a miss, never its answer.
    func lookup(_ key: Hash128, for request: Request) -> Entry? {
        guard isEnabled else { return nil }
        return shard(for: key).state.withLock { state in
            if let entry = state.entries[key] {
                if entry.request.matches(request) {
                    state.statistics.hits += 1
                    return entry
                }
                state.statistics.collisions += 1
            }
            state.statistics.misses += 1
            return nil
        }
    }

    /// Whether the answer to `request` is cached under `key`, without counting a hit or a miss:
    /// for inspecting the cache (tests) without skewing the statistics it reports.
    func contains(_ key: Hash128, for request: Request) -> Bool {
        guard isEnabled else { return false }
        return shard(for: key).state.withLock { $0.entries[key]?.request.matches(request) ?? false }
    }

    /// Offers `entry` for `key`: kept on its second offer (see the doorkeeper above), evicting
    /// the shard's oldest entries to make room. An entry larger than a quarter of a shard is
    /// never kept: one huge answer would empty the shard. An entry for another request under
    /// the same key (a collision) is replaced where it stands, so a forged collision cannot keep
    /// the real request's answer out for good, nor grow the shard's eviction order.
    func store(_ entry: Entry, for key: Hash128) {
        guard isEnabled, entry.cost <= shardCapacity / 4 else { return }
        let limit = shardCapacity
        shard(for: key).state.withLock { state in
            if let existing = state.entries[key] {
                guard !existing.request.matches(entry.request) else { return }
                state.entries[key] = entry
                state.bytes += entry.cost - existing.cost
                Self.evictOldest(from: &state, until: limit)
                return
            }
            let slot = Int(key.high % UInt64(Shard.doorkeeperSlots))
            guard state.offered[slot] == key else {
                state.offered[slot] = key
                return
            }
            state.offered[slot] = nil
            Self.evictOldest(from: &state, until: limit - entry.cost)
            state.entries[key] = entry
            state.order.append(key)
            state.bytes += entry.cost
        }
    }

    /// Evicts a shard's oldest entries until it holds at most `bytes`.
    private static func evictOldest(from state: inout Shard.State, until bytes: Int) {
        while state.bytes > bytes, state.head < state.order.count {
            let oldest = state.order[state.head]
            state.head += 1
            if let evicted = state.entries.removeValue(forKey: oldest) {
                state.bytes -= evicted.cost
                state.statistics.evictions += 1
            }
        }
        if state.head > 64 && state.head * 2 > state.order.count {
            state.order.removeFirst(state.head)
            state.head = 0
        }
    }

    var statistics: Statistics {
        var total = Statistics()
        for shard in shards {
            shard.state.withLock { state in
                total.hits += state.statistics.hits
                total.misses += state.statistics.misses
                total.evictions += state.statistics.evictions
                total.collisions += state.statistics.collisions
                total.bytes += state.bytes
                total.entries += state.entries.count
            }
        }
        return total
    }

    private func shard(for key: Hash128) -> Shard {
        shards[Int(key.low % UInt64(Self.shardCount))]
    }
}
