import LoupeGeometry
import LoupeJSON
import LoupePlanner
import Testing

struct PlanAnswerTests {
    /// The issue's "done when": the first mask is the source frame, the last keyframe is the
    /// identity transform at the destination frame.
    @Test("push starts at the source and ends at the identity on the destination") func push_startsAtTheSourceAndEndsAtTheIdentityOnTheDestination()
        throws
    {
        let answer = try Fixture.plan(Fixture.push)
        let keyframes = answer["keyframes"]?.array ?? []
        let first = try #require(keyframes.first)
        let last = try #require(keyframes.last)
        #expect(first["mask"] == mask(x: 16, y: 120, width: 110, height: 110, radius: 8))
        #expect(first["time"] == .number(0))
        #expect(last["transform"] == .array([1, 0, 0, 1, 0, 0].map(JSONValue.number)))
        #expect(last["mask"] == mask(x: 0, y: 0, width: 393, height: 852, radius: 55))
        #expect(last["progress"] == .number(1))
        #expect(last["time"] == answer["duration"])
        #expect(answer["effect"] == .string("zoom"))
        #expect(answer["frameRate"] == .number(60))
        #expect(answer["dimmingColor"] == .string("#000000"))
        #expect(answer["warnings"] == .array([]))
    }

    /// Keys come in the documented order, so clients and ETags can rely on the bytes.
    @Test("answer keeps the fixed key order") func answer_keepsTheFixedKeyOrder() throws {
        let answer = try Fixture.plan(Fixture.push)
        guard case .object(let members) = answer else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["effect", "duration", "frameRate", "keyframes", "dimmingColor", "callbacks", "warnings"])
        guard case .object(let keyframe)? = answer["keyframes"]?[0] else { Issue.record("no keyframe"); return }
        #expect(keyframe.map(\.key) == ["time", "progress", "transform", "mask", "opacity", "shadow", "covered"])
    }

    @Test("same request twice gives identical bytes") func sameRequestTwice_givesIdenticalBytes() throws {
        let body = Array(Fixture.adding(#""options":{"backgroundMode":"crossfade","motionPath":"arc"}"#).utf8)
        let first = try PlanEndpoint.answer(body: body)
        let second = try PlanEndpoint.answer(body: body)
        #expect(first == second)
        #expect(first.count > 1000)
    }

    /// Crossfade keyframes carry the two layers.
    @Test("crossfade keyframes carry layers") func crossfade_keyframesCarryLayers() throws {
        let answer = try Fixture.plan(Fixture.adding(#""options":{"backgroundMode":"crossfade"}"#))
        let layers = try #require(answer["keyframes"]?[1]?["layers"])
        #expect(layers["content"]?["opacity"] != nil)
        #expect(layers["background"]?["mask"]?["cornerRadius"] != nil)
    }

    /// Callbacks: the push's trace, named "source" and "destination", from 0 to the plan's duration.
    @Test("callbacks are the push trace on the keyframes clock") func callbacks_areThePushTraceOnTheKeyframesClock() throws {
        let answer = try Fixture.plan(Fixture.push)
        let duration = try #require(answer["duration"]?.number)
        let callbacks = answer["callbacks"]?.array ?? []
        #expect(callbacks.count == 13)
        #expect(callbacks.allSatisfy { ($0["time"]?.number).map { (0...duration).contains($0) } ?? false })
        #expect(callbacks.first?["name"] == .string("navigationController(_:willShow:animated:)"))
        #expect(callbacks.first?["viewController"] == .string("destination"))
        #expect(callbacks.last?["name"] == .string("navigationController(_:didShow:animated:)"))
        #expect(callbacks.last?["time"] == .number(duration))
        let appeared = callbacks.first { $0["name"] == .string("viewDidAppear") }
        #expect(appeared?["viewController"] == .string("destination"))
        #expect(appeared?["runLoop"] == .number(1))
    }

    /// A pop goes from the destination page back to the source's view controller.
    @Test("pop callbacks reveal the source") func popCallbacks_revealTheSource() throws {
        let answer = try Fixture.plan(Fixture.push.replacingFirst("\"push\"", with: "\"pop\""))
        let callbacks = answer["callbacks"]?.array ?? []
        let didAppear = callbacks.first { $0["name"] == .string("viewDidAppear") }
        #expect(didAppear?["viewController"] == .string("source"))
        #expect(callbacks.contains { $0["viewController"] == .string("destination") && $0["name"] == .string("viewDidDisappear") })
    }

    /// overFullScreen keeps the presenter on screen: no appearance callbacks for "source".
    @Test("over full screen present gives the source no callbacks") func overFullScreenPresent_givesTheSourceNoCallbacks() throws {
        let answer = try Fixture.plan(
            #"{"transition":"present","container":{"width":393,"height":852},"destination":{"presentationStyle":"overFullScreen"}}"#)
        let callbacks = answer["callbacks"]?.array ?? []
        #expect(!callbacks.isEmpty)
        #expect(!callbacks.contains { $0["viewController"] == .string("source") })
    }

    /// Every number but the clock (exact, issue 35 §2) and the sizes (three significant digits)
    /// is rounded to `options.precision`.
    @Test("precision rounds every number but times and sizes", arguments: [0, 2, 6])
    func precision_roundsEveryNumberButTimesAndSizes(places: Int) throws {
        let answer = try Fixture.plan(Fixture.adding(#""options":{"precision":\#(places)}"#))
        var numbers: [Double] = []
        collectNumbers(answer, into: &numbers, skipping: ["time", "duration", "frameRate", "transform", "covered", "width", "height"])
        #expect(numbers.count > 100)
        let scale = Double(places == 0 ? 1 : Int(pow10(places)))
        #expect(numbers.allSatisfy { abs($0 * scale - ($0 * scale).rounded()) < 1e-6 })
        let exact = try Fixture.plan(Fixture.push)
        #expect(answer["duration"] == exact["duration"] && answer["frameRate"] == exact["frameRate"])
        #expect(answer["keyframes"]?.array.map { $0["time"] } == exact["keyframes"]?.array.map { $0["time"] })
        #expect(answer["callbacks"]?.array.map { $0["time"] } == exact["callbacks"]?.array.map { $0["time"] })
    }

    @Test("precision shortens the answer") func precision_shortensTheAnswer() throws {
        let plain = try PlanEndpoint.answer(body: Array(Fixture.push.utf8))
        let rounded = try PlanEndpoint.answer(body: Array(Fixture.adding(#""options":{"precision":2}"#).utf8))
        #expect(rounded.count < plain.count * 3 / 4)
    }

    // MARK: - Helpers

    private func mask(x: Double, y: Double, width: Double, height: Double, radius: Double) -> JSONValue {
        .object([("x", .number(x)), ("y", .number(y)), ("width", .number(width)), ("height", .number(height)), ("cornerRadius", .number(radius))])
    }

    private func pow10(_ places: Int) -> Double {
        (0..<places).reduce(1.0) { value, _ in value * 10 }
    }

    private func collectNumbers(_ value: JSONValue, into numbers: inout [Double], skipping skipped: Set<String> = []) {
        switch value {
        case .number(let number): numbers.append(number)
        case .array(let values): values.forEach { collectNumbers($0, into: &numbers, skipping: skipped) }
        case .object(let members):
            for member in members where !skipped.contains(member.key) { collectNumbers(member.value, into: &numbers, skipping: skipped) }
        default: break
        }
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
