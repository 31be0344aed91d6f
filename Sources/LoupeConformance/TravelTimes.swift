import LoupeGeometry

/// The travel times as swift_transitions' parity tools measure a motion: how long the card takes
/// to cover 50 % and 90 % of its change in width (or, for a card that keeps its size, of the
/// box's largest change), from the start of the motion; and the settle, the time until the card
/// stays within the position tolerance of where the expected card rests.
enum TravelTimes {
    static func checks(
        _ frames: [ObservedFrame], table: ExpectedTable, offset: Double, expectedStart: Double, stillStart: Rect,
        tolerances: Tolerances
    ) -> [ConformanceCheck] {
        guard let quantity = travelling(table) else { return [] }
        var checks: [ConformanceCheck] = []
        let first = table.samples[0]
        let from = quantity.value(in: first) ?? 0
        let to = quantity.value(in: table.samples[table.samples.count - 1]) ?? 0
        let observedFrom = quantity.value(in: CardSample(card: stillStart)) ?? 0
        let observedTo = frames.last.flatMap { quantity.value(in: $0.sample) } ?? 0
        for share in [0.5, 0.9] {
            let expected = table.firstTime(where: { abs((quantity.value(in: $0) ?? 0) - from) }, reaches: share * abs(to - from))
                .map { $0 - expectedStart }
            let observed = observedCrossing(frames, quantity: quantity, from: observedFrom, level: share * abs(observedTo - observedFrom))
                .map { $0 - offset - expectedStart }
            checks.append(
                timeCheck("travel\(Int(share * 100))", expected: expected, observed: observed, quantity: quantity, tolerance: tolerances.time))
        }
        let rest = table.samples[table.samples.count - 1].card
        let expectedSettle = table.lastTime(where: { CardSample.edgeDistance($0.card, rest) }, isAbove: tolerances.position) - expectedStart
        let observedSettle = settle(frames, rest: rest, tolerance: tolerances.position).map { $0 - offset - expectedStart }
        checks.append(timeCheck("settle", expected: expectedSettle, observed: observedSettle, quantity: quantity, tolerance: tolerances.settle))
        return checks
    }

    /// The quantity travel is measured on: the width when it changes by at least
    /// `ConformanceJudge.leastTravel`, else the box's quantity that changes most; nil when none
    /// changes that much.
    static func travelling(_ table: ExpectedTable) -> Quantity? {
        let first = table.samples[0]
        let last = table.samples[table.samples.count - 1]
        func change(_ quantity: Quantity) -> Double { abs((quantity.value(in: last) ?? 0) - (quantity.value(in: first) ?? 0)) }
        if change(.cardWidth) >= ConformanceJudge.leastTravel { return .cardWidth }
        let largest = Quantity.box.max { change($0) < change($1) }
        guard let largest, change(largest) >= ConformanceJudge.leastTravel else { return nil }
        return largest
    }

    /// The observed time the quantity first moves `level` from `from`, between frames by a
    /// straight line.
    static func observedCrossing(_ frames: [ObservedFrame], quantity: Quantity, from: Double, level: Double) -> Double? {
        var previous: (time: Double, distance: Double)?
        for frame in frames {
            guard let value = quantity.value(in: frame.sample) else { continue }
            let distance = abs(value - from)
            if distance >= level {
                guard let previous else { return frame.time }
                return Crossing.time(previous.time, previous.distance, frame.time, distance, level: level)
            }
            previous = (frame.time, distance)
        }
        return nil
    }

    /// The observed time after which every frame is within `tolerance` of `rest`, between frames
    /// by a straight line; nil when the last frame is not.
    static func settle(_ frames: [ObservedFrame], rest: Rect, tolerance: Double) -> Double? {
        guard let last = frames.lastIndex(where: { CardSample.edgeDistance($0.sample.card, rest) > tolerance }) else {
            return frames.first?.time
        }
        guard last + 1 < frames.count else { return nil }
        let before = frames[last]
        let after = frames[last + 1]
        return Crossing.time(
            before.time, CardSample.edgeDistance(before.sample.card, rest), after.time, CardSample.edgeDistance(after.sample.card, rest),
            level: tolerance)
    }

    static func timeCheck(_ name: String, expected: Double?, observed: Double?, quantity: Quantity, tolerance: Double) -> ConformanceCheck {
        let conforms = expected.flatMap { e in observed.map { abs($0 - e) <= tolerance } } ?? (expected == nil && observed == nil)
        return ConformanceCheck(
            name: name, conforms: conforms, tolerance: tolerance, figures: .times(expected: expected, observed: observed, quantity: quantity))
    }
}
