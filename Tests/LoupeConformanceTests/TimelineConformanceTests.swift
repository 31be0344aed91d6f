import LoupeConformance
import LoupeGeometry
import LoupeTestSupport
import LoupeTimeline
import Testing

@Suite("Conformance: a recording judged against a timeline")
struct TimelineConformanceTests {
    @Test("A timeline's own motion between its keyframes, recorded at 60 Hz, conforms; the keyframes agree with it")
    func timelineMotion_conformsAndMatchesKeyframes() throws {
        let script = TimelineScript(scene: Recordings.scene(), events: [.push(at: 0.1), .pop(at: 1.2)])
        let (timeline, motion) = try TimelineEngine.runWithMotion(script)
        for keyframe in timeline.keyframes {
            let evaluated = try #require(motion.keyframe(at: keyframe.time))
            #expect(evaluated.mask == keyframe.mask)
        }
        var generator = SeededGenerator(seed: 7)
        let expected = ExpectedMotion(timeline: motion)
        let frames = Recordings.record(
            { expected.sample(at: $0) }, span: timeline.duration, rate: 60, shift: 0.3, phase: 0.37, noise: 0.3, lead: 0,
            generator: &generator)
        let verdict = ConformanceJudge.judge(ExpectedTransition(motion: expected, callbacks: []), Recording(frames: frames), alignment: .none)
        #expect(verdict.conforms == false)
        let aligned = ConformanceJudge.judge(ExpectedTransition(motion: expected, callbacks: []), Recording(frames: frames), alignment: .best)
        #expect(aligned.conforms, "\(aligned.checks.filter { !$0.conforms })")
        #expect(abs(aligned.alignment.offset - 0.3) < 0.004)
    }
}
