import LoupePlanner
import Synchronization

/// Recent /v1 answers, by request, so a repeated request is answered without parsing or
/// computing anything.
///
/// Answers are deterministic (the same route, format, release and body give the same bytes),
/// so nothing here ever goes stale within a process. The key is a 128-bit hash of exactly
/// those four; the entry holds the answer's bytes and its ETag. The cache is split into
/// shards, each behind its own lock, so event loops and workers rarely wait for each other;
/// each shard evicts its oldest entries first (FIFO) when a new one needs room.
///
/// An answer is kept the second time it is computed, not the first (a "doorkeeper", as in
/// TinyLFU): a stream of one-off requests would otherwise churn 16 MiB of answers through the
/// cache and the allocator, costing every request and helping none (measured: 15 µs of CPU
/// per request on the all-different load). Each shard remembers the last 512 keys it was
/// offered, one per slot.
///
/// It is per process on purpose: a plan costs well under a millisecond to recompute, so a
/// shared cache in front of many replicas would save little and cost a network hop.
final class AnswerCache: Sendable {
    /// One cached answer.
    struct Entry: Sendable {
        let body: [UInt8]
        let tag: EntityTag

        /// Bytes this entry is charged for: the answer and a fixed allowance for the rest.
        var cost: Int { body.count + 128 }
    }

    /// Counters since start, summed over shards.
    struct Statistics: Sendable, Equatable {
        var hits = 0
        var misses = 0
        var evictions = 0
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

    /// - Parameter capacity: bytes for all entries; 0 turns the cache off.
    init(capacity: Int) {
        self.capacity = max(0, capacity)
        shardCapacity = self.capacity / Self.shardCount
        shards = (0..<Self.shardCount).map { _ in Shard() }
    }

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

    /// The cached answer for `key`, counting a hit or a miss.
    func lookup(_ key: Hash128) -> Entry? {
        guard isEnabled else { return nil }
        return shard(for: key).state.withLock { state in
            if let entry = state.entries[key] {
                state.statistics.hits += 1
                return entry
            }
            state.statistics.misses += 1
            return nil
        }
    }

    /// Whether `key` is cached, without counting anything (the event loop asks where to
    /// answer a request).
    func contains(_ key: Hash128) -> Bool {
        guard isEnabled else { return false }
        return shard(for: key).state.withLock { $0.entries[key] != nil }
    }

    /// Offers `entry` for `key`: kept on its second offer (see the doorkeeper above), evicting
    /// the shard's oldest entries to make room. An entry larger than a quarter of a shard is
    /// never kept: one huge answer would empty the shard.
    func store(_ entry: Entry, for key: Hash128) {
        guard isEnabled, entry.cost <= shardCapacity / 4 else { return }
        let limit = shardCapacity
        shard(for: key).state.withLock { state in
            guard state.entries[key] == nil else { return }
            let slot = Int(key.high % UInt64(Shard.doorkeeperSlots))
            guard state.offered[slot] == key else {
                state.offered[slot] = key
                return
            }
            state.offered[slot] = nil
            while state.bytes + entry.cost > limit, state.head < state.order.count {
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
            state.entries[key] = entry
            state.order.append(key)
            state.bytes += entry.cost
        }
    }

    var statistics: Statistics {
        var total = Statistics()
        for shard in shards {
            shard.state.withLock { state in
                total.hits += state.statistics.hits
                total.misses += state.statistics.misses
                total.evictions += state.statistics.evictions
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
