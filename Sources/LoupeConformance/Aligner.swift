import LoupeGeometry

/// Finds the offset between a recording's clock and the expected one (`Alignment`).
struct Aligner {
    let frames: [ObservedFrame]
    let table: ExpectedTable
    let tolerances: Tolerances

    /// The frames' still start: the mean box of the frames before the first one that moved more
    /// than the position tolerance from the first frame, and that frame's index (nil when none
    /// moved).
    var stillStart: (box: Rect, firstMoving: Int?) {
        let first = frames[0].sample.card
        let moving = frames.firstIndex { CardSample.edgeDistance($0.sample.card, first) > tolerances.position }
        let still = frames[..<(moving ?? frames.count)]
        var x = 0.0
        var y = 0.0
        var width = 0.0
        var height = 0.0
        for frame in still {
            x += frame.sample.card.x
            y += frame.sample.card.y
            width += frame.sample.card.width
            height += frame.sample.card.height
        }
        let count = Double(still.count)
        return (Rect(x: x / count, y: y / count, width: width / count, height: height / count), moving)
    }

    /// When the expected card starts to move (a thousandth of a point from its first pose).
    var expectedStart: Double {
        let start = table.samples[0].card
        return table.firstTime(where: { CardSample.edgeDistance($0.card, start) }, reaches: 1e-3) ?? 0
    }

    /// `firstMotion`: each of the first moving frames (up to three, while under half the
    /// expected journey, where distance still grows with time) is placed on the expected curve at
    /// the distance it has moved from the still start; the offset is their mean. So a recording
    /// whose first moving frame came 10 ms after the motion began is aligned to that, not to its
    /// frame. Nil when no frame moved.
    func firstMotionOffset() -> Double? {
        let (still, firstMoving) = stillStart
        guard let firstMoving else { return nil }
        let start = table.samples[0].card
        let distanceFromStart = { (sample: CardSample) in CardSample.edgeDistance(sample.card, start) }
        let peak = table.samples.map(distanceFromStart).max() ?? 0
        var estimates: [Double] = []
        for index in firstMoving..<min(firstMoving + 3, frames.count) {
            let moved = CardSample.edgeDistance(frames[index].sample.card, still)
            guard index == firstMoving || moved <= peak / 2 else { break }
            guard let time = table.exactFirstTime(where: distanceFromStart, reaches: moved) else { break }
            estimates.append(frames[index].time - time)
        }
        let start0 = expectedStart
        guard !estimates.isEmpty else { return frames[firstMoving].time - start0 }
        let offset = estimates.reduce(0, +) / Double(estimates.count)
        // The motion began before the first frame that shows it.
        return min(offset, frames[firstMoving].time - start0)
    }

    /// `best`: the offset within `Alignment.bestWindow` of `center` whose frames' error, each
    /// quantity in units of its tolerance, is least: a millisecond grid, then a golden-section
    /// search within a step of the grid's best. Also whether the best lay at the window's edge.
    ///
    /// The grid is searched on at most `gridFrames` frames, evenly spread (a 240 Hz recording's
    /// every eighth), so its cost does not grow with the frame rate; the refinement uses them all.
    func bestOffset(around center: Double) -> (offset: Double, atEdge: Bool) {
        let window = Alignment.bestWindow
        let gridStep = 0.001
        let steps = Int((2 * window / gridStep).rounded())
        let stride = max(1, (frames.count + Self.gridFrames - 1) / Self.gridFrames)
        let spread = Swift.stride(from: 0, to: frames.count, by: stride).map { frames[$0] }
        var bestIndex = 0
        var bestCost = Double.infinity
        for index in 0...steps {
            let cost = cost(at: center - window + Double(index) * gridStep, of: spread)
            if cost < bestCost {
                bestCost = cost
                bestIndex = index
            }
        }
        var low = center - window + Double(max(0, bestIndex - 1)) * gridStep
        var high = center - window + Double(min(steps, bestIndex + 1)) * gridStep
        let ratio = (5.0.squareRoot() - 1) / 2
        for _ in 0..<24 {
            let left = high - ratio * (high - low)
            let right = low + ratio * (high - low)
            if cost(at: left, of: frames) <= cost(at: right, of: frames) { high = right } else { low = left }
        }
        return ((low + high) / 2, bestIndex == 0 || bestIndex == steps)
    }

    /// Most frames the grid of `bestOffset` compares at each candidate.
    static let gridFrames = 300
    /// Candidates `bestOffset` tries: the grid's, then the golden-section search's two per step.
    static let bestCandidates = (grid: 301, refinement: 48)

    /// The squared error of `frames` at `offset`, each quantity divided by its tolerance.
    func cost(at offset: Double, of frames: [ObservedFrame]) -> Double {
        var total = 0.0
        for frame in frames {
            let time = frame.time - offset
            for quantity in Quantity.allCases {
                guard let observed = quantity.value(in: frame.sample) else { continue }
                let error = (observed - table.value(quantity, at: time)) / max(quantity.tolerance(in: tolerances), 1e-9)
                total += error * error
            }
        }
        return total
    }
}
