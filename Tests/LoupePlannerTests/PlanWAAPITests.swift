import LoupeJSON
import LoupePlanner
import Testing

/// `format=waapi`: `{keyframes: {layer: [...]}, timing: {...}, styles: {...}}` for `Element.animate()`.
@Suite("Plan WAAPI")
struct PlanWAAPITests {
    @Test("every plan renders keyframes per layer with offsets from 0 to 1 and linear timing", arguments: RenderingFixture.planBodies.map(\.name))
    func waapi_hasKeyframesAndTiming(name: String) throws {
        let body = try #require(RenderingFixture.planBodies.first { $0.name == name }?.body)
        let answer = try JSONReader.parse(try RenderingFixture.plan(body, as: .waapi))
        guard case .object(let members) = answer, case .object(let layers)? = answer["keyframes"] else {
            Issue.record("not {keyframes: {...}}")
            return
        }
        #expect(members.map(\.key) == ["keyframes", "timing", "easing", "easingAccuracy", "styles"])
        #expect(layers.map(\.key).contains("destination"))
        for (layer, frames) in layers {
            let offsets = frames.array.compactMap { $0["offset"]?.number }
            #expect(offsets.count == frames.array.count, "\(layer): every keyframe has an offset")
            #expect(offsets.first == 0 && offsets.last == 1, "\(layer)")
            #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 }, "\(layer)")
            #expect(answer["styles"]?[layer] != nil, "\(layer) has a style")
            for frame in frames.array {
                if case .object(let values) = frame {
                    for (key, value) in values where key != "offset" {
                        #expect(CSSChecker.check(Self.cssName(key), Self.text(value)) == nil, "\(layer).\(key)")
                    }
                }
            }
        }
        let timing = try #require(answer["timing"])
        #expect(timing["iterations"] == .number(1))
        #expect(timing["fill"] == .string("both"))
        #expect(timing["easing"] == .string("linear"))
        let duration = try PlanEndpoint.compute(try RequestDocument.parse(body)).plan.duration
        #expect(abs((timing["duration"]?.number ?? -1) - duration * 1000) <= 0.5)
    }

    @Test("layers come bottom to top, the same as the CSS rules")
    func layers_matchTheCSS() throws {
        let body = RenderingFixture.example("push.json")
        let answer = try JSONReader.parse(try RenderingFixture.plan(body, as: .waapi))
        guard case .object(let layers)? = answer["keyframes"] else { Issue.record("no keyframes"); return }
        let css = CSSChecker(String(decoding: try RenderingFixture.plan(body, as: .css), as: UTF8.self))
        #expect(css.keyframes.map(\.name) == layers.map { "loupe-" + $0.key })
        #expect(layers.map(\.key) == ["covered", "source", "dimming", "shadow", "background", "destination", "snapshot"])
    }

    static func cssName(_ scriptName: String) -> String {
        scriptName.reduce(into: "") { $0 += $1.isUppercase ? "-" + $1.lowercased() : String($1) }
    }

    static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .number(let number): return number == number.rounded() ? String(Int(number)) : String(number)
        default: return ""
        }
    }
}
