import LoupeJSON
import LoupePlanner
import Testing

/// Issue 34 §1: where a plan's work runs is decided by an estimate of the whole work, made
/// before any of it, not by the body's or the answer's size.
@Suite("Work estimate")
struct WorkEstimateTests {
    static func document(_ text: String) throws -> JSONDocument {
        try RequestDocument.parse(Array(text.utf8))
    }

    /// Issue 34 item 1's request: 431 bytes, a popover at 24 fps on a 10 s spring with a
    /// 0.0001 tolerance, as css; 15-27 ms of CPU, which the old rule built on the event loop.
    static func slowPopover(_ variant: Int = 0) -> String {
        """
        {"transition":"present","container":{"width":393,"height":852},\
        "source":{"frame":{"x":\(16 + variant % 300),"y":120,"width":110,"height":110},"cornerRadius":8},\
        "destination":{"frame":{"x":40,"y":200,"width":300,"height":400},"presentationStyle":"popover"},\
        "animation":{"frameRate":24,"spring":{"response":10,"dampingRatio":1}},"options":{"easingTolerance":0.0001}}
        """
    }

    @Test("issue 37 §3: a request decoded once is estimated and answered as its document is, in every format")
    func decodedOnce_estimatedAndAnsweredAsItsDocument() throws {
        for text in [Self.slowPopover(), Self.slowPopover(7)] {
            let document = try Self.document(text)
            let request = try PlanEndpoint.decode(document)
            for format in PlanEndpoint.formats {
                let bytes = text.utf8.count
                #expect(
                    PlanEndpoint.estimatedWork(of: request, bodyBytes: bytes, as: format)
                        == PlanEndpoint.estimatedWork(of: document, bodyBytes: bytes, as: format))
                if format == .json {
                    #expect(
                        try PlanEndpoint.answer(request, as: format, limits: .standard)
                            == PlanEndpoint.answer(document, as: format, limits: .standard))
                }
            }
        }
        // One that does not decode has no request: unbounded, so its 422 is written on the pool.
        let invalid = try Self.document(#"{"transition":"push"}"#)
        #expect((try? PlanEndpoint.decode(invalid)) == nil)
        #expect(PlanEndpoint.estimatedWork(of: invalid, bodyBytes: 20, as: .json) == .unbounded)
    }

    @Test("css and waapi, whose linear() fit has no cheap bound, are never estimated within the ceiling")
    func fittedFormats_areUnbounded() throws {
        let text = String(decoding: RenderingFixture.example("push.json"), as: UTF8.self)
        for format in [RenderingFormat.css, .waapi] {
            #expect(PlanEndpoint.estimatedWork(of: try Self.document(text), bodyBytes: text.utf8.count, as: format) == .unbounded)
        }
    }

    @Test("the estimate of a json plan grows by keyframe from a fixed part, never below the measured unit costs")
    func estimate_growsWithTheKeyframes() throws {
        let push = String(decoding: RenderingFixture.example("push.json"), as: UTF8.self)
        let document = try Self.document(push)
        let keyframes = try #require(PlanEndpoint.estimatedKeyframes(of: document))
        #expect(keyframes == 31)
        let estimate = PlanEndpoint.estimatedWork(of: document, bodyBytes: push.utf8.count, as: .json)
        // 70 µs fixed, 1.6 µs a keyframe, 0.01 µs a byte of body.
        #expect(abs(estimate.microseconds - (70 + 1.6 * 31 + 0.01 * Double(push.utf8.count))) < 1e-9)
    }

    @Test("a request that does not decode has no estimate: its 422 is written on the pool")
    func invalidRequest_isUnbounded() throws {
        let text = #"{"transition":"zoom"}"#
        #expect(PlanEndpoint.estimatedWork(of: try Self.document(text), bodyBytes: text.utf8.count, as: .json) == .unbounded)
    }

    @Test("issue 47 §3: the estimate and the answer share the decode's one resolution, and a scene changed after it is resolved anew")
    func resolution_isSharedAndNeverStale() throws {
        let push = String(decoding: RenderingFixture.example("push.json"), as: UTF8.self)
        let decoded = try PlanEndpoint.decode(try Self.document(push))
        // The same answer as a request that resolved nothing (made by its initializer).
        let fresh = PlanRequest(scene: decoded.scene)
        #expect(try PlanEndpoint.answer(decoded, as: .json, limits: .standard) == PlanEndpoint.answer(fresh, as: .json, limits: .standard))
        #expect(decoded == fresh, "the resolution is not part of the request's identity")
        // A scene changed after decoding is planned as changed, not from the kept resolution.
        var changed = decoded
        changed.scene.animation.frameRate = 120
        let planned = try PlanEndpoint.compute(changed)
        #expect(planned.plan.frameRate == 120)
        #expect(planned.plan.keyframes.count == PlanEndpoint.estimatedKeyframes(of: changed))
        #expect(planned.plan.keyframes.count > (try PlanEndpoint.compute(decoded)).plan.keyframes.count)
    }
}
