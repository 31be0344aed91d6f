import LoupeGeometry
import LoupeWarnings

/// The entry point: an expectation (from the engines) and a recording in, a verdict out. Pure and
/// synchronous; its work is linear in the frames (and, for `best`, in the frames times the
/// window's 301 candidate offsets).
///
/// Steps: align the clocks (`Aligner`) → compare every observed quantity with the engine at each
/// frame's exact time → the travel times (50 %, 90 %) and the settle, as swift_transitions'
/// parity tools measure them → the callbacks' order, then their times.
public enum ConformanceJudge {
    /// A quantity whose expected change is under this (points) does not travel: its travel times
    /// are not measured.
    static let leastTravel = 1.0

    public static func judge(
        _ expectation: ExpectedTransition, _ recording: Recording, tolerances: Tolerances = .standard, alignment method: AlignmentMethod
    ) -> Verdict {
        var warnings: [Warning<ConformanceWarningCode>] = []
        var checks: [ConformanceCheck] = []
        var offset = 0.0

        if let motion = expectation.motion, !recording.frames.isEmpty {
            let table = ExpectedTable(motion)
            let aligner = Aligner(frames: recording.frames, table: table, tolerances: tolerances)
            let firstMotion = aligner.firstMotionOffset()
            if firstMotion == nil, method != .none {
                warnings.append(
                    Warning(
                        .noMotionFound,
                        "No frame moved more than the position tolerance from the first one, so the recording's times are taken as the plan's.",
                        subject: .frames))
            }
            switch method {
            case .none: offset = 0
            case .firstMotion: offset = firstMotion ?? 0
            case .best:
                let found = aligner.bestOffset(around: firstMotion ?? 0)
                offset = found.offset
                if found.atEdge {
                    warnings.append(
                        Warning(
                            .alignmentAtWindowEdge,
                            "The least error lies at the edge of the search window (±\(Alignment.bestWindow) s around the first motion): the recording may be further off than that.",
                            subject: .alignment))
                }
            }
            let start = aligner.expectedStart
            let still = aligner.stillStart.box
            if CardSample.edgeDistance(recording.frames[0].sample.card, table.samples[0].card) > tolerances.position,
                recording.frames[0].time - offset > start + 1e-9
            {
                warnings.append(
                    Warning(
                        .recordingStartsInMotion,
                        "The first frame comes after the card began to move: start recording at least one frame before the transition.",
                        subject: .frame(0)))
            }
            if let last = recording.frames.last, last.time - offset < motion.duration {
                warnings.append(
                    Warning(
                        .recordingEndsEarly,
                        "The recording ends before the card comes to rest (\(motion.duration) s on the plan's clock): keep recording until it settles.",
                        subject: .frame(recording.frames.count - 1)))
            }
            checks += frameChecks(recording.frames, motion: motion, offset: offset, tolerances: tolerances)
            checks += TravelTimes.checks(
                recording.frames, table: table, offset: offset, expectedStart: start, stillStart: still, tolerances: tolerances)
        } else if let observed = recording.callbacks {
            offset = CallbackComparison.offset(observed, expectation.callbacks, method: method)
        }

        if let observed = recording.callbacks {
            let departure = CallbackComparison.departure(observed, from: expectation.callbacks)
            checks.append(ConformanceCheck(name: "callbacks", conforms: departure == nil, tolerance: nil, figures: .order(departure)))
            if departure == nil, let timing = CallbackComparison.timing(observed, expectation.callbacks, offset: offset) {
                checks.append(
                    ConformanceCheck(
                        name: "callbacks.time", conforms: timing.max <= tolerances.time, tolerance: tolerances.time,
                        figures: .callbackTimes(timing)))
            }
        }
        return Verdict(alignment: Alignment(method: method, offset: offset), checks: checks, warnings: warnings)
    }

    /// One check per quantity the frames hold: the error against the engine at each frame's
    /// exact time on the expected clock.
    static func frameChecks(_ frames: [ObservedFrame], motion: ExpectedMotion, offset: Double, tolerances: Tolerances)
        -> [ConformanceCheck]
    {
        let expected = frames.map { motion.sample(at: $0.time - offset) }
        var checks: [ConformanceCheck] = []
        for quantity in Quantity.allCases {
            var series: [(time: Double, expected: Double, observed: Double)] = []
            var squares = 0.0
            var worst = (error: -1.0, at: 0.0, frame: 0)
            for (index, frame) in frames.enumerated() {
                guard let observed = quantity.value(in: frame.sample), let wanted = quantity.value(in: expected[index]) else { continue }
                let error = abs(observed - wanted)
                squares += error * error
                if error > worst.error { worst = (error, frame.time, index) }
                series.append((frame.time, wanted, observed))
            }
            guard !series.isEmpty else { continue }
            let tolerance = quantity.tolerance(in: tolerances)
            let errors = FrameErrors(
                quantity: quantity, rms: (squares / Double(series.count)).squareRoot(), max: worst.error, at: worst.at,
                frame: worst.frame, series: series)
            checks.append(
                ConformanceCheck(name: quantity.rawValue, conforms: worst.error <= tolerance, tolerance: tolerance, figures: .errors(errors)))
        }
        return checks
    }
}
