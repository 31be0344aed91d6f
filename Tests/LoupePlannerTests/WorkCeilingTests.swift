import Foundation
import LoupeJSON
import LoupeTestSupport
import Testing
@testable import LoupePlanner

/// Issue 34 §4: every accepted request stays within 60 ms of CPU, and what would cost more is
/// refused before the work is done, from an estimate (docs/problems.md, work-limit-exceeded).
@Suite("Work ceiling")
struct WorkCeilingTests {
    static func answer<Endpoint: RenderedEndpoint>(_ endpoint: Endpoint.Type, _ body: String, as format: RenderingFormat) -> Problem? {
        do {
            _ = try Endpoint.answer(try RequestDocument.parse(Array(body.utf8)), as: format, limits: .standard)
            return nil
        } catch {
            return error
        }
    }

    static func pinch(samples: Int, over span: Double, frameRate: Int) -> String {
        var events = [#"{"time":0,"type":"touchesBegan","gesture":"pinch","touches":[{"x":86,"y":426},{"x":306,"y":426}]}"#]
        for index in 1...samples {
            let squeeze = 40 * Double(index % 50) / 50
            events.append(
                #"{"time":\#(span * Double(index) / Double(samples + 1)),"type":"touchesMoved","touches":[{"x":\#(86 + squeeze),"y":426},{"x":\#(306 - squeeze),"y":426}]}"#
            )
        }
        events.append(#"{"time":\#(span),"type":"touchesEnded"}"#)
        return
            #"{"container":{"width":393,"height":852,"cornerRadius":55},"source":{"frame":{"x":16,"y":120,"width":110,"height":110}},"destination":{"presentationStyle":"fullScreen"},"initial":"presented","animation":{"frameRate":\#(frameRate)},"events":["#
            + events.joined(separator: ",") + "]}"
    }

    static func pushes(_ count: Int) -> String {
        let events = (0..<count).map { #"{"time":\#(Double($0) / 1000),"type":"push","viewController":"v\#($0)"}"# }
        return #"{"stack":["root"],"events":["# + events.joined(separator: ",") + "]}"
    }

    @Test("regression (issue 34 §4): 9,998 pinch samples over 58 s at 24 fps (87-149 ms of CPU) are refused before simulating, at /events")
    func longPinch_isRefusedBeforeSimulating() throws {
        let body = Self.pinch(samples: 9_998, over: 58, frameRate: 24)
        let problem = try #require(Self.answer(TimelineEndpoint.self, body, as: .json))
        #expect(problem.kind == .workLimitExceeded)
        #expect(problem.errors.map(\.pointer) == ["/events"])
        #expect(problem.detail.contains("ms of CPU"))
        // The same pinch with 1,000 samples is accepted.
        #expect(Self.answer(TimelineEndpoint.self, Self.pinch(samples: 1_000, over: 58, frameRate: 24), as: .json) == nil)
    }

    @Test("regression (issue 34 §4): a lifecycle trace of 682 pushes as SVG (63-94 ms) is refused before rendering; as JSON it is answered")
    func largeSwimlane_isRefusedBeforeRendering() throws {
        let problem = try #require(Self.answer(LifecycleEndpoint.self, Self.pushes(682), as: .svg))
        #expect(problem.kind == .workLimitExceeded)
        #expect(problem.detail.hasPrefix("The svg answer would cost about"))
        #expect(Self.answer(LifecycleEndpoint.self, Self.pushes(682), as: .json) == nil)
        #expect(Self.answer(LifecycleEndpoint.self, Self.pushes(300), as: .svg) == nil)
    }

    @Test(
        "regression (issue 34 §4): waapi of a ζ 20 spring at 120 fps with a 1e-4 tolerance, crossfade, blur and arc (93-138 ms) is refused; the same in json is answered"
    )
    func heavyFittedPlan_isRefused() throws {
        let body = """
            {"transition":"present","container":{"width":393,"height":852,"cornerRadius":55},\
            "source":{"frame":{"x":16,"y":120,"width":110,"height":110},"cornerRadius":8},\
            "destination":{"frame":{"x":0,"y":0,"width":393,"height":852},"presentationStyle":"fullScreen"},\
            "animation":{"frameRate":120,"spring":{"response":0.4,"dampingRatio":20}},\
            "options":{"easingTolerance":0.0001,"backgroundMode":"crossfade","dimmingVisualEffect":"systemMaterial","motionPath":"arc"}}
            """
        let problem = try #require(Self.answer(PlanEndpoint.self, body, as: .waapi))
        #expect(problem.kind == .workLimitExceeded)
        #expect(Self.answer(PlanEndpoint.self, body, as: .json) == nil)
    }

    @Test("every example of every route is accepted in every format: the ceiling refuses only the heavy")
    func examples_areAccepted() throws {
        for name in RenderingFixture.planExamples {
            let body = String(decoding: RenderingFixture.example(name), as: UTF8.self)
            for format in PlanEndpoint.formats {
                let problem = Self.answer(PlanEndpoint.self, body, as: format)
                #expect(problem?.kind != .workLimitExceeded, "\(name) as \(format): \(problem?.detail ?? "")")
            }
        }
        for name in RenderingFixture.lifecycleExamples {
            let body = String(decoding: RenderingFixture.example(name), as: UTF8.self)
            for format in LifecycleEndpoint.formats {
                #expect(Self.answer(LifecycleEndpoint.self, body, as: format) == nil, "\(name) as \(format)")
            }
        }
    }

    @Test("the timeline estimate grows with every part of a script: its clock, its keyframes, its samples and its source changes")
    func timelineEstimate_growsWithTheScript() throws {
        func estimate(_ body: String) throws -> Double {
            let document = try RequestDocument.parse(Array(body.utf8))
            let request = try TimelineRequestDecoder.decode(document)
            return TimelineEndpoint.estimatedSimulationWork(of: request.script).microseconds
        }
        let short = try estimate(Self.pinch(samples: 100, over: 5, frameRate: 60))
        #expect(try estimate(Self.pinch(samples: 100, over: 50, frameRate: 60)) > short)
        #expect(try estimate(Self.pinch(samples: 100, over: 5, frameRate: 240)) > short)
        #expect(try estimate(Self.pinch(samples: 1_000, over: 5, frameRate: 60)) > short)
    }
}

/// Issue 42 §2: work known before it is paid for. A timeline's estimate is read off the tape
/// before anything is decoded, and a lifecycle simulation stops as soon as its trace is too
/// long for any answer within the limit; neither changes which requests are refused.
@Suite("Work known before decoding")
struct EarlyWorkTests {
    static func document(_ body: String) throws -> JSONDocument {
        try RequestDocument.parse(Array(body.utf8))
    }

    @Test("a timeline's estimate read off the tape is the estimate of its decoded script, for every example and 300 seeded pinches")
    func screenedEstimate_isTheDecodedEstimate() throws {
        var bodies: [String] = []
        for name in [
            "timeline-pinch-dismiss", "timeline-content-back-swipe", "timeline-gallery-source-changed", "timeline-interrupted-push",
            "timeline-spread-to-open", "timeline-swipe-down-cancel", "timeline-edge-swipe-rtl", "timeline-interrupted-slide"
        ] {
            let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../examples")
            bodies.append(try String(contentsOf: examples.appendingPathComponent("\(name).json"), encoding: .utf8))
        }
        var generator = SeededGenerator(seed: 4_202)
        for _ in 0..<300 {
            let samples = Int.random(in: 1...400, using: &generator)
            let rate = [24, 30, 60, 120, 240].randomElement(using: &generator)!
            bodies.append(WorkCeilingTests.pinch(samples: samples, over: Double.random(in: 0.1...58, using: &generator), frameRate: rate))
        }
        for body in bodies {
            let document = try Self.document(body)
            let request = try TimelineEndpoint.decode(document)
            let counts = try #require(TimelineEndpoint.workCounts(of: document))
            #expect(
                TimelineEndpoint.estimatedSimulationWork(of: counts) == TimelineEndpoint.estimatedSimulationWork(of: request.script),
                "\(body.prefix(120))")
        }
    }

    @Test("regression: 9,400 pinch samples at 24 and 240 fps (12-20 ms to decode) are refused before decoding, at /events")
    func longPinch_isRefusedBeforeDecoding() throws {
        for rate in [24, 240] {
            let document = try Self.document(WorkCeilingTests.pinch(samples: 9_400, over: 47, frameRate: rate))
            do {
                try TimelineEndpoint.screen(document, as: .json, limits: .standard)
                Issue.record("\(rate) fps: not refused before decoding")
            } catch {
                #expect(error.kind == .workLimitExceeded && error.errors.map(\.pointer) == ["/events"])
            }
        }
        // What the screen cannot judge (a type it does not know) is left to the decoder's 422.
        let odd = try Self.document(#"{"events":[{"time":0,"type":"wave"}]}"#)
        #expect(TimelineEndpoint.workCounts(of: odd) == nil)
    }

    @Test("a lifecycle script stopped at its trace limit is refused exactly when the whole script's answer would be, for 200 seeded scripts")
    func stoppedSimulation_refusesExactlyWhatTheWholeOneWould() throws {
        var generator = SeededGenerator(seed: 4_203)
        var stoppedEarly = 0
        for _ in 0..<200 {
            let pairs = Int.random(in: 1...400, using: &generator)
            var events: [String] = []
            for index in 0..<pairs {
                events.append(#"{"time":\#(Double(index) * 1.2),"type":"push","viewController":"v\#(index)"}"#)
                events.append(#"{"time":\#(Double(index) * 1.2 + 0.6),"type":"pop"}"#)
            }
            let body = #"{"stack":["root"],"events":["# + events.joined(separator: ",") + "]}"
            let request = try LifecycleEndpoint.decode(try Self.document(body))
            let limits = WorkLimits(maxAnswerBytes: Int.random(in: 20_000...400_000, using: &generator))
            for format in [RenderingFormat.json, .svg] {
                // The reference: the whole script played, then the checks as they were.
                let whole = try LifecycleEndpoint.compute(request)
                let estimate = LifecycleEndpoint.estimatedBytes(of: whole, as: format)
                let refusedWhole =
                    estimate > limits.maxAnswerBytes || WorkEstimate.rendering(bytes: estimate, as: format) > .requestCeiling
                    || LifecycleEndpoint.render(whole, as: format).count > limits.maxAnswerBytes
                var refused: Problem?
                do {
                    _ = try LifecycleEndpoint.answer(request, as: format, limits: limits)
                } catch {
                    refused = error
                }
                #expect((refused != nil) == refusedWhole, "\(pairs) pairs as \(format) within \(limits.maxAnswerBytes)")
                #expect(refused == nil || refused?.kind == .workLimitExceeded)
                if refused?.detail.contains("would be more than") == true { stoppedEarly += 1 }
            }
        }
        #expect(stoppedEarly > 20, "only \(stoppedEarly) refusals came from the stopped simulation")
    }
}
