import LoupeGeometry
import LoupeJSON
@testable import LoupePlanner
import LoupeRendering
import Testing

/// `format=lottie`: one Lottie frame per plan keyframe, linear keyframes whose last one has no
/// tangents (rlottie draws nothing after frame 0 otherwise), and a `card` that follows the mask.
@Suite("Plan Lottie")
struct PlanLottieTests {
    static func rendering(_ body: [UInt8]) throws -> (plan: ZoomPlan, lottie: JSONValue) {
        let answer = try PlanEndpoint.compute(try RequestDocument.parse(body))
        return (answer.plan, try JSONReader.parse(PlanEndpoint.render(answer, as: .lottie)))
    }

    static func body(_ name: String) throws -> [UInt8] {
        try #require(RenderingFixture.planBodies.first { $0.name == name }?.body)
    }

    @Test(
        "every plan has the container's canvas, the plan's frame rate and one frame per keyframe", arguments: RenderingFixture.planBodies.map(\.name))
    func canvasAndTiming(name: String) throws {
        let body = try Self.body(name)
        let (plan, lottie) = try Self.rendering(body)
        let container = try PlanEndpoint.compute(try RequestDocument.parse(body)).request.scene.container.size
        #expect(lottie["v"] == .string("5.7.0"))
        #expect(lottie["ip"] == .number(0))
        #expect(lottie["op"] == .number(Double(plan.keyframes.count)), "op is the last frame + 1")
        #expect(lottie["w"] == .number(container.width.rounded(.up)))
        #expect(lottie["h"] == .number(container.height.rounded(.up)))
        #expect(abs((lottie["fr"]?.number ?? 0) - plan.frameRate) < 0.001)
        // With the navigation bar its three layers come first, above the card (issue 44 §7).
        let names = (lottie["layers"]?.array ?? []).map(Self.name).filter { !$0.hasPrefix("bar-") }
        #expect(names.first == "card" && names.contains("dimming") && names.contains("shadow") && names.last == "covered")
        #expect(names.contains("source-slot") == (plan.sourceFrame != nil))
        let assets = (lottie["assets"]?.array ?? []).compactMap { asset -> String? in
            guard case .string(let id)? = asset["id"] else { return nil }
            return id
        }
        #expect(Set(assets).isSuperset(of: ["card", "destination", "covered"]))
    }

    @Test("animated properties have a keyframe per frame, linear, the last without tangents", arguments: RenderingFixture.planBodies.map(\.name))
    func keyframes_areLinearWithABareLastOne(name: String) throws {
        let (plan, lottie) = try Self.rendering(try Self.body(name))
        var animated = 0
        Self.visitProperties(lottie) { keyframes in
            animated += 1
            #expect(keyframes.count == plan.keyframes.count)
            for (frame, keyframe) in keyframes.enumerated() {
                #expect(keyframe["t"] == .number(Double(frame)))
                #expect(keyframe["s"]?.array.isEmpty == false)
                if frame == keyframes.count - 1 {
                    #expect(keyframe["i"] == nil && keyframe["o"] == nil, "the last keyframe is only t and s")
                } else {
                    #expect(keyframe["i"] == .object([("x", .number(1)), ("y", .number(1))]))
                    #expect(keyframe["o"] == .object([("x", .number(0)), ("y", .number(0))]))
                }
            }
        }
        #expect(animated > 0 || plan.keyframes.count == 1)
    }

    @Test(
        "the card's rounded rect is the plan's mask at every frame, first to last",
        arguments: ["push.json", "pop.json", "dismiss.json", "present.json", "popover", "cover-vertical"])
    func card_followsTheMask(name: String) throws {
        let (plan, lottie) = try Self.rendering(try Self.body(name))
        let card = try #require(lottie["assets"]?.array.first { $0["id"] == .string("card") })
        let placeholder = try #require(card["layers"]?.array.first { Self.name($0) == "placeholder" })
        let rect = try #require(placeholder["shapes"]?[0]?["it"]?[0])
        #expect(rect["ty"] == .string("rc"))
        for (index, keyframe) in [0, plan.keyframes.count / 2, plan.keyframes.count - 1].map({ ($0, plan.keyframes[$0]) }) {
            let mask = keyframe.mask
            let centre = Self.value(rect["p"], at: index), size = Self.value(rect["s"], at: index), radius = Self.value(rect["r"], at: index)
            #expect(abs(centre[0] - mask.rect.midX) <= 0.001 && abs(centre[1] - mask.rect.midY) <= 0.001, "\(name) frame \(index)")
            #expect(abs(size[0] - mask.rect.width) <= 0.001 && abs(size[1] - mask.rect.height) <= 0.001, "\(name) frame \(index)")
            #expect(abs(radius[0] - mask.cornerRadius) <= 0.001, "\(name) frame \(index)")
        }
    }

    @Test("pop ends where the source rests and push starts there")
    func popAndPush_meetAtTheSource() throws {
        let (pushPlan, push) = try Self.rendering(RenderingFixture.example("push.json"))
        let (popPlan, pop) = try Self.rendering(RenderingFixture.example("pop.json"))
        func placeholderSize(_ lottie: JSONValue, _ frame: Int) -> [Double] {
            let card = lottie["assets"]?.array.first { $0["id"] == .string("card") }
            let layer = card?["layers"]?.array.first { Self.name($0) == "placeholder" }
            return Self.value(layer?["shapes"]?[0]?["it"]?[0]?["s"], at: frame)
        }
        #expect(placeholderSize(pop, popPlan.keyframes.count - 1) == [110, 110])
        #expect(placeholderSize(push, 0) == [110, 110])
        #expect(placeholderSize(pop, 0) == placeholderSize(push, pushPlan.keyframes.count - 1))
    }

    /// Scales and sizes keep three significant digits whatever the precision (issue 35 §2).
    @Test("numbers have options.precision decimals, scales and sizes three significant digits")
    func precision_isHonoured() throws {
        let (_, lottie) = try Self.rendering(try Self.body("bouncy-precision-0"))
        var numbers: [Double] = []
        Self.visitProperties(lottie) { keyframes in
            for keyframe in keyframes { numbers += keyframe["s"]?.array.compactMap(\.number) ?? [] }
        }
        #expect(!numbers.isEmpty)
        func threeDigits(_ value: Double) -> Bool {
            let places = SignificantDigits.places(0, keeping: value) ?? 0
            let scale = (0..<places).reduce(1.0) { value, _ in value * 10 }
            return abs(value * scale - (value * scale).rounded()) < 1e-6
        }
        #expect(numbers.allSatisfy { $0 == $0.rounded() || threeDigits($0) })
        #expect(numbers.contains { $0 != $0.rounded() }, "a scale in percent keeps its digits")
    }

    // MARK: - Reading

    static func name(_ layer: JSONValue) -> String {
        if case .string(let name)? = layer["nm"] { return name }
        return ""
    }

    /// A property's value at `frame`: its static value, or its keyframe's `s`.
    static func value(_ property: JSONValue?, at frame: Int) -> [Double] {
        guard let property else { return [] }
        if property["a"] == .number(0) {
            if let number = property["k"]?.number { return [number] }
            return property["k"]?.array.compactMap(\.number) ?? []
        }
        return property["k"]?[frame]?["s"]?.array.compactMap(\.number) ?? []
    }

    /// Calls `body` with the keyframes of every animated property (`"a": 1`) anywhere in `value`.
    static func visitProperties(_ value: JSONValue, _ body: ([JSONValue]) -> Void) {
        switch value {
        case .object(let members):
            if value["a"] == .number(1), case .array(let keyframes)? = value["k"] {
                body(keyframes)
                return
            }
            for member in members { visitProperties(member.value, body) }
        case .array(let items):
            for item in items { visitProperties(item, body) }
        default: break
        }
    }
}
