import LoupeGeometry
import LoupeLifecycle
import Synchronization

/// The last callback trace built for each kind of single transition, so that plans which differ
/// only in geometry (the usual case: a grid of sources, one spring) share one trace instead of
/// running the lifecycle simulator again.
///
/// A plan's trace depends on the transition kind, whether it zooms, whether the page covers its
/// presenter, the callback order and the duration; nothing else. There are 4 × 2 × 2 × 2 = 32
/// such kinds, each with one slot holding the duration it was last built for, so the memo never
/// holds more than 32 traces (a few KB) and a lookup is an index and one comparison, with no
/// hashing. A different duration replaces the slot's trace. The lock is held for the lookup or
/// the store only, never while the simulator runs.
final class CallbackTraceMemo: Sendable {
    /// One kind's last trace, for the duration (as bits, so -0 and NaN cannot alias) it was
    /// built for.
    struct Slot: Sendable {
        var durationBits: UInt64
        var trace: [TraceEntry]
    }

    private let slots = Mutex<[Slot?]>(Array(repeating: nil, count: CallbackTraceMemo.slotCount))

    static let slotCount = TransitionKind.allCases.count * 2 * 2 * CallbackOrder.allCases.count

    /// The memo every plan shares.
    static let shared = CallbackTraceMemo()

    /// The trace for `key`, built by `build` only when the slot holds no trace for this duration.
    func trace(for key: Key, duration: Double, build: () throws(Problem) -> [TraceEntry]) throws(Problem) -> [TraceEntry] {
        let bits = duration.bitPattern
        let index = key.index
        let cached = slots.withLock { slots in slots[index].flatMap { $0.durationBits == bits ? $0.trace : nil } }
        if let cached { return cached }
        let trace = try build()
        slots.withLock { slots in slots[index] = Slot(durationBits: bits, trace: trace) }
        return trace
    }

    /// Everything a single transition's trace depends on except its duration.
    struct Key: Hashable, Sendable {
        var kind: TransitionKind
        var zooms: Bool
        var coversPresenter: Bool
        var order: CallbackOrder

        /// A distinct slot in 0..<slotCount for every key.
        var index: Int {
            let kindIndex = TransitionKind.allCases.firstIndex(of: kind) ?? 0
            let orderIndex = CallbackOrder.allCases.firstIndex(of: order) ?? 0
            return ((kindIndex * 2 + (zooms ? 1 : 0)) * 2 + (coversPresenter ? 1 : 0)) * CallbackOrder.allCases.count + orderIndex
        }
    }
}
