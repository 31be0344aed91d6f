import LoupeLifecycle
import LoupeRendering
import LoupeWarnings

/// Where everything of a lifecycle swimlane goes, computed before anything is drawn.
///
/// Every entry that is not a state change gets a tick, in trace order, a fixed step apart.
/// Labels go to the right of their tick in one of `labelRows` rows of the lane; a tick's line
/// runs from its row down to the band, so it may only use a row when that row and every row
/// below it are clear at its position, and it moves right until one is. So labels never
/// overlap or get crossed, while lanes interleave closely. Consecutive entries of one run-loop
/// cycle share a shaded cycle wide enough for their labels; state changes start a new band
/// where they occur.
struct SwimlaneLayout {
    struct Tick {
        var x: Double
        var row: Int
        var kind: TraceKind
        var label: String
        /// The full name when the label is shortened (delegate selectors), else nil.
        var tooltip: String?
    }

    struct Band {
        var state: LifecycleState
        var left: Double
        var right: Double
    }

    struct NoteMarker {
        var x: Double
        var number: Int
    }

    struct Lane {
        var name: String
        var ticks: [Tick] = []
        var bands: [Band] = []
        var notes: [NoteMarker] = []
        /// Where each label row is clear from.
        var rowEnds = [Double](repeating: -.infinity, count: SwimlaneLayout.labelRows)

        /// The name, shortened to fit the lane header.
        var displayName: String {
            name.count > 20 ? String(name.prefix(19)) + "…" : name
        }
    }

    struct Cycle {
        var runLoop: Int
        var time: Double
        var left: Double
        var right: Double
    }

    static let labelRows = 3
    /// Lane headers take this much room before the first cycle.
    static let laneHeaderWidth = 150.0
    static let labelSize = 11.0
    /// Between consecutive ticks.
    static let step = 22.0
    static let cycleGap = 14.0
    /// Inside a cycle, before its first tick and after its last label.
    static let cyclePadding = 10.0

    private(set) var lanes: [Lane] = []
    private(set) var cycles: [Cycle] = []
    /// Where the last cycle ends.
    private(set) var right = 0.0

    init(trace: [TraceEntry], notes: [Warning<LifecycleWarningCode>], left: Double) {
        var laneIndex: [String: Int] = [:]
        let start = left + Self.laneHeaderWidth
        var x = start
        /// The state each lane is in and where that band started.
        var open: [Int: (state: LifecycleState, left: Double)] = [:]

        for entry in trace {
            let lane: Int
            if let index = laneIndex[entry.viewController] {
                lane = index
            } else {
                lane = lanes.count
                laneIndex[entry.viewController] = lane
                lanes.append(Lane(name: entry.viewController))
            }
            if cycles.last?.runLoop != entry.runLoop {
                if !cycles.isEmpty { x = closeCycle(at: x) + Self.cycleGap }
                cycles.append(Cycle(runLoop: entry.runLoop, time: entry.time, left: x, right: x))
                x += Self.cyclePadding
            }
            if case .state(let state) = entry.event {
                let previous = open[lane] ?? (Self.previous(of: state), start)
                lanes[lane].bands.append(Band(state: previous.state, left: previous.left, right: x))
                open[lane] = (state, x)
                continue
            }
            let (label, tooltip) = Self.label(for: entry)
            var row = lanes[lane].firstClearRow(at: x)
            while row == nil {
                x = lanes[lane].rowEnds.last ?? x
                row = lanes[lane].firstClearRow(at: x)
            }
            let clear = row ?? 0
            lanes[lane].ticks.append(Tick(x: x, row: clear, kind: entry.kind, label: label, tooltip: tooltip))
            lanes[lane].rowEnds[clear] = x + 4 + SVGWriter.width(of: label, size: Self.labelSize) + 8
            x += Self.step
        }
        right = cycles.isEmpty ? x : closeCycle(at: x)
        for (lane, band) in open {
            lanes[lane].bands.append(Band(state: band.state, left: band.left, right: right))
        }
        for (number, note) in notes.enumerated() {
            guard let lane = laneIndex[note.viewController], let cycle = cycles.first(where: { $0.runLoop == note.runLoop }) else { continue }
            lanes[lane].notes.append(NoteMarker(x: cycle.right - 12, number: number + 1))
        }
    }

    /// Ends the current cycle after its last tick and every label in it; returns its right edge.
    private mutating func closeCycle(at x: Double) -> Double {
        let labelsEnd = lanes.flatMap(\.rowEnds).max() ?? x
        let edge = max(x, labelsEnd) + Self.cyclePadding - Self.step
        cycles[cycles.count - 1].right = max(edge, cycles[cycles.count - 1].left + 90)
        return cycles[cycles.count - 1].right
    }

    /// The state a view controller was in before its first recorded change (the ordinary cycle
    /// of Apple's state diagram).
    static func previous(of state: LifecycleState) -> LifecycleState {
        switch state {
        case .appearing: .disappeared
        case .appeared: .appearing
        case .disappearing: .appeared
        case .disappeared: .disappearing
        }
    }

    /// Delegate selectors are long: the label names the call, the tooltip has the selector.
    static func label(for entry: TraceEntry) -> (String, String?) {
        switch entry.event {
        case .delegate(let call): (call == .willShow ? "delegate willShow" : "delegate didShow", call.rawValue)
        default: (entry.name, nil)
        }
    }
}

extension SwimlaneLayout.Lane {
    /// The topmost row that is clear at `x` together with every row below it (a tick's line
    /// crosses the rows below its label), or nil.
    func firstClearRow(at x: Double) -> Int? {
        var row: Int?
        for index in rowEnds.indices.reversed() {
            guard rowEnds[index] <= x else { break }
            row = index
        }
        return row
    }
}
