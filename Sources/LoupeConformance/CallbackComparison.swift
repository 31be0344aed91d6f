/// The observed callbacks against the expected ones: the first place the order departs, and,
/// where the order holds and times were logged, how far each is from its expected time.
enum CallbackComparison {
    /// The first departure of `observed` from `expected`, nil when they are the same list (by
    /// view controller and name).
    static func departure(_ observed: [ObservedCallback], from expected: [ExpectedCallback]) -> CallbackDeparture? {
        func same(_ o: ObservedCallback, _ e: ExpectedCallback) -> Bool { o.name == e.name && o.viewController == e.viewController }
        let count = min(observed.count, expected.count)
        guard let index = (0..<count).first(where: { !same(observed[$0], expected[$0]) }) else {
            if observed.count > expected.count {
                return CallbackDeparture(kind: .extra, observedIndex: count, expected: nil, observed: observed[count])
            }
            if expected.count > observed.count {
                return CallbackDeparture(kind: .missing, observedIndex: count, expected: expected[count], observed: nil)
            }
            return nil
        }
        let o = observed[index]
        let e = expected[index]
        let kind: CallbackDeparture.Kind
        if index + 1 < observed.count, index + 1 < expected.count, same(observed[index + 1], e), same(o, expected[index + 1]) {
            kind = .swapped
        } else if o.name == e.name {
            kind = .misattributed
        } else if index + 1 < expected.count, same(o, expected[index + 1]) {
            kind = .missing
        } else if index + 1 < observed.count, same(observed[index + 1], e) {
            kind = .extra
        } else {
            kind = .different
        }
        return CallbackDeparture(kind: kind, observedIndex: index, expected: e, observed: o)
    }

    /// The timed observed callbacks' errors (observed − offset − expected), for lists in the same
    /// order; nil when none was timed.
    static func timing(_ observed: [ObservedCallback], _ expected: [ExpectedCallback], offset: Double) -> CallbackTiming? {
        var worst: CallbackTiming?
        var squares = 0.0
        var timed = 0
        for (index, callback) in zip(observed.indices, observed) where index < expected.count {
            guard let time = callback.time else { continue }
            let onExpectedClock = time - offset
            let error = abs(onExpectedClock - expected[index].time)
            squares += error * error
            timed += 1
            if worst == nil || error > worst!.max {
                worst = CallbackTiming(observedIndex: index, expected: expected[index].time, observed: onExpectedClock, rms: 0, max: error)
            }
        }
        guard var result = worst else { return nil }
        result.rms = (squares / Double(timed)).squareRoot()
        return result
    }

    /// The offset that lays timed callbacks on the expected clock when there are no frames:
    /// `firstMotion` on the first timed callback, `best` at the median difference (the offset
    /// that most callbacks agree on), `none` 0.
    static func offset(_ observed: [ObservedCallback], _ expected: [ExpectedCallback], method: AlignmentMethod) -> Double {
        let differences = zip(observed, expected).compactMap { pair in pair.0.time.map { $0 - pair.1.time } }
        guard !differences.isEmpty else { return 0 }
        switch method {
        case .none: return 0
        case .firstMotion: return differences[0]
        case .best:
            let sorted = differences.sorted()
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
    }
}
