import LoupeConformance
import LoupeGeometry
import LoupeTestSupport
import Testing

@Suite("Conformance: a recording judged against the plan")
struct ConformanceJudgeTests {
    func expectation(_ plan: ZoomPlan, callbacks: [ExpectedCallback] = []) -> ExpectedTransition {
        ExpectedTransition(motion: ExpectedMotion(plan: plan), callbacks: callbacks)
    }

    func failing(_ verdict: Verdict) -> Set<String> { Set(verdict.checks.filter { !$0.conforms }.map(\.name)) }

    @Test("Loupe's own plan, recorded at 60 and 120 Hz, shifted in time and with noise under the tolerances, conforms")
    func ownPlan_shiftedAndNoisy_conforms() throws {
        let plan = try Recordings.plan()
        var generator = SeededGenerator(seed: 43)
        for trial in 0..<40 {
            let rate = trial % 2 == 0 ? 60.0 : 120.0
            let shift = generator.double(in: -2...2)
            let phase = generator.double(in: 0...0.999)
            let frames = Recordings.record(
                Recordings.planPose(plan), span: plan.duration, rate: rate, shift: shift, phase: phase, noise: 0.5,
                generator: &generator)
            for method in [AlignmentMethod.firstMotion, .best] {
                let verdict = ConformanceJudge.judge(expectation(plan), Recording(frames: frames), alignment: method)
                #expect(verdict.conforms, "trial \(trial) at \(rate) Hz, shift \(shift), \(method): \(failing(verdict)) \(verdict.checks)")
                #expect(abs(verdict.alignment.offset - shift) < 0.004, "trial \(trial): offset \(verdict.alignment.offset) for \(shift)")
            }
        }
    }

    @Test("First motion aligns to the crossing between frames, not to the first moving frame")
    func firstMotion_findsTheStartBetweenFrames() throws {
        let plan = try Recordings.plan()
        var generator = SeededGenerator(seed: 1)
        // The motion starts 0.9 of a frame before the frame that first shows it.
        let frames = Recordings.record(Recordings.planPose(plan), span: plan.duration, rate: 60, shift: 1, phase: 0.1, generator: &generator)
        let verdict = ConformanceJudge.judge(expectation(plan), Recording(frames: frames), alignment: .firstMotion)
        #expect(abs(verdict.alignment.offset - 1) < 0.0005)
        #expect(verdict.conforms)
        let width = try #require(verdict.checks.first { $0.name == "card.width" })
        guard case .errors(let errors) = width.figures else { Issue.record("card.width has no errors"); return }
        #expect(errors.max < 0.05)
    }

    @Test("Without alignment, a recording 100 ms late does not conform, and its card checks say so")
    func noAlignment_lateRecording_fails() throws {
        let plan = try Recordings.plan()
        var generator = SeededGenerator(seed: 2)
        let frames = Recordings.record(Recordings.planPose(plan), span: plan.duration, rate: 60, shift: 0.1, generator: &generator)
        let verdict = ConformanceJudge.judge(expectation(plan), Recording(frames: frames), alignment: .none)
        #expect(!verdict.conforms)
        #expect(failing(verdict).isSuperset(of: ["card.width", "card.height", "travel50", "travel90"]))
        #expect(verdict.alignment.offset == 0)
    }

    @Test("A slower spring does not conform: the card and the travel times fail, each pointing at a frame")
    func slowerSpring_fails() throws {
        let plan = try Recordings.plan()
        let slower = try Recordings.plan(spring: Spring(response: plan.spring.response * 1.5, dampingRatio: plan.spring.dampingRatio))
        var generator = SeededGenerator(seed: 3)
        let frames = Recordings.record(Recordings.planPose(slower), span: slower.duration, rate: 60, shift: 0, generator: &generator)
        for method in AlignmentMethod.allCases {
            let verdict = ConformanceJudge.judge(expectation(plan), Recording(frames: frames), alignment: method)
            #expect(!verdict.conforms)
            #expect(failing(verdict).isSuperset(of: ["card.width", "travel90"]), "\(method): \(failing(verdict))")
            let width = try #require(verdict.checks.first { $0.name == "card.width" })
            guard case .errors(let errors) = width.figures else { Issue.record("card.width has no errors"); return }
            #expect(errors.max > 2 && errors.frame > 0 && errors.frame < frames.count)
        }
    }

    @Test("CSS ease over 300 ms and Flutter's fastOutSlowIn over 300 ms do not conform, and the travel times name why")
    func otherEasings_fail() throws {
        let plan = try Recordings.plan()
        var generator = SeededGenerator(seed: 4)
        for (name, curve) in [("ease", (0.25, 0.1, 0.25, 1.0)), ("fastOutSlowIn", (0.4, 0.0, 0.2, 1.0))] {
            let pose = Recordings.easedPose(plan, duration: 0.3, curve.0, curve.1, curve.2, curve.3)
            let frames = Recordings.record(pose, span: 0.3, rate: 60, shift: 0.5, generator: &generator)
            for method in AlignmentMethod.allCases where method != .none {
                let verdict = ConformanceJudge.judge(expectation(plan), Recording(frames: frames), alignment: method)
                #expect(!verdict.conforms, "\(name) \(method)")
                #expect(failing(verdict).contains("card.width"), "\(name) \(method): \(failing(verdict))")
                #expect(!failing(verdict).isDisjoint(with: ["travel50", "travel90", "settle"]), "\(name) \(method): \(failing(verdict))")
            }
        }
    }

    @Test("Only what was observed is compared: a recording of the box alone has no opacity checks")
    func onlyObservedQuantities_areChecked() throws {
        let plan = try Recordings.plan()
        var generator = SeededGenerator(seed: 5)
        let frames = Recordings.record(
            { CardSample(card: Recordings.planPose(plan)($0).card) }, span: plan.duration, rate: 60, shift: 0, generator: &generator)
        let verdict = ConformanceJudge.judge(expectation(plan), Recording(frames: frames), alignment: .firstMotion)
        #expect(verdict.checks.map(\.name) == ["card.x", "card.y", "card.width", "card.height", "travel50", "travel90", "settle"])
        #expect(verdict.conforms)
    }

    @Test("A recording that stops before rest fails the settle and says so in a warning")
    func truncatedRecording_failsSettle() throws {
        let plan = try Recordings.plan()
        var generator = SeededGenerator(seed: 6)
        let frames = Recordings.record(Recordings.planPose(plan), span: 0.2, rate: 60, shift: 0, tail: 0, generator: &generator)
        let verdict = ConformanceJudge.judge(expectation(plan), Recording(frames: frames), alignment: .firstMotion)
        #expect(failing(verdict).contains("settle"))
        #expect(verdict.warnings.map(\.code).contains(.recordingEndsEarly))
    }

    @Test("A recording that never moves warns that no motion was found")
    func stillRecording_warns() throws {
        let plan = try Recordings.plan()
        let frames = (0..<30).map { ObservedFrame(time: Double($0) / 60, sample: CardSample(card: Recordings.thumbnail)) }
        let verdict = ConformanceJudge.judge(expectation(plan), Recording(frames: frames), alignment: .firstMotion)
        #expect(verdict.warnings.map(\.code).contains(.noMotionFound))
        #expect(!verdict.conforms)
    }
}
