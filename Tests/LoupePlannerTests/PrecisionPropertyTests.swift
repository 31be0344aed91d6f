import Foundation
import LoupeGeometry
import LoupeJSON
@testable import LoupePlanner
import LoupeRendering
import LoupeTestSupport
import Testing

/// Issue 35 §2: `options.precision` never breaks a plan. Precision 0 wrote every time of
/// examples/push.json as 0 and its first scale as 0; precision 2 repeated the last time of 22 in
/// 60 random springs at 60 fps. Now times (and durations, frame rates) are exact and scales and
/// mask sizes keep three significant digits, in every format.
@Suite("Precision never breaks a plan (issue 35 §2)")
struct PrecisionPropertyTests {
    static let seed: UInt64 = 0x35_02

    /// A random plan request: spring, frame rate, precision, transition and source all drawn.
    static func randomBody(_ generator: inout SeededGenerator) -> (body: [UInt8], precision: Int) {
        let transition = ["push", "pop", "present", "dismiss"][generator.int(in: 0...3)]
        let frameRate = [24.0, 30, 59.94, 60, 90, 120, 144, 240][generator.int(in: 0...7)]
        let precision = generator.int(in: 0...6)
        let response = generator.double(in: 0.12...1.2), damping = generator.double(in: 0.3...1.6)
        let side = generator.double(in: 4...200)
        let x = generator.double(in: 0...(393 - side)), y = generator.double(in: 0...(852 - side))
        let body = """
            {"transition":"\(transition)","platform":{"os":"iOS","version":"18.0"},"container":{"width":393,"height":852},
             "source":{"frame":{"x":\(x),"y":\(y),"width":\(side),"height":\(side)},"cornerRadius":8},
             "animation":{"frameRate":\(frameRate),"spring":{"response":\(response),"dampingRatio":\(damping)}},
             "options":{"precision":\(precision)}}
            """
        return (Array(body.utf8), precision)
    }

    @Test("every format keeps times increasing, the plan's duration and nonzero sizes, over 60 random plans")
    func randomPlans_stayWholeInEveryFormat() throws {
        var generator = SeededGenerator(seed: Self.seed)
        for trial in 0..<60 {
            let (body, precision) = Self.randomBody(&generator)
            let answer = try PlanEndpoint.compute(try RequestDocument.parse(body))
            let context = "trial \(trial), precision \(precision), seed \(Self.seed)"
            try Self.checkJSON(answer, context)
            for format in [RenderingFormat.css, .viewTransition] {
                Self.checkCSS(String(decoding: PlanEndpoint.render(answer, as: format), as: UTF8.self), answer, "\(format.rawValue), \(context)")
            }
            try Self.checkWAAPI(answer, context)
            Self.checkSVG(answer, context)
            try Self.checkLottie(answer, context)
        }
    }

    /// The issue's report: examples/push.json at precision 0.
    @Test("precision 0 on examples/push.json keeps 31 distinct times, the duration and the first scale")
    func precisionZero_keepsThePushWhole() throws {
        let body = Array(
            Fixture.adding(#""options":{"precision":0}"#, to: String(decoding: RenderingFixture.example("push.json"), as: UTF8.self)).utf8)
        let json = try JSONReader.parse(PlanEndpoint.answer(body: body))
        let times = json["keyframes"]?.array.compactMap { $0["time"]?.number } ?? []
        #expect(times.count == 31)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        #expect(json["duration"]?.number == times.last && (times.last ?? 0) > 0.4)
        let first = json["keyframes"]?.array.first?["transform"]?.array.compactMap(\.number) ?? []
        #expect(first.count == 6 && first[0] == 0.28 && first[3] == 0.28, "110 / 393 = 0.2799 keeps three digits")
    }

    /// Timelines write their keyframes with the same writer: at every precision their times stay
    /// exact (so increasing) and their duration and segments are the exact run's.
    @Test("timelines keep exact times, duration and segments at every precision", arguments: 0...6)
    func timelines_keepTheirClock(precision: Int) throws {
        let text = String(decoding: RenderingFixture.example("timeline-pinch-dismiss.json"), as: UTF8.self)
        let exact = try JSONReader.parse(try TimelineEndpoint.answer(body: Array(text.utf8)))
        let rounded = try JSONReader.parse(
            try TimelineEndpoint.answer(body: Array(Fixture.adding(#""options":{"precision":\#(precision)}"#, to: text).utf8)))
        let times = rounded["keyframes"]?.array.compactMap { $0["time"]?.number } ?? []
        #expect(times.count > 30 && zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        #expect(rounded["duration"] == exact["duration"] && rounded["segments"] == exact["segments"])
        #expect(rounded["keyframes"]?.array.allSatisfy { ($0["mask"]?["width"]?.number ?? 0) > 0 } == true)
    }

    @Test("three significant digits: places grow for small values and never shrink below the precision")
    func significantDigits_places() {
        #expect(SignificantDigits.places(0, keeping: 0.2799) == 3)
        #expect(SignificantDigits.places(0, keeping: 0.0042) == 5)
        #expect(SignificantDigits.places(2, keeping: 852) == 2)
        #expect(SignificantDigits.places(4, keeping: 0.5) == 4)
        #expect(SignificantDigits.places(0, keeping: 0) == 0)
        #expect(SignificantDigits.places(nil, keeping: 0.1) == nil)
        #expect(SignificantDigits.places(0, keeping: 1e-20) == nil, "beyond the writer's places: exact")
    }

    // MARK: - Per format

    static func checkJSON(_ answer: PlanAnswer, _ context: String) throws {
        let json = try JSONReader.parse(PlanEndpoint.render(answer, as: .json))
        let plan = answer.plan
        let keyframes = json["keyframes"]?.array ?? []
        #expect(keyframes.count == plan.keyframes.count, "\(context)")
        #expect(json["duration"]?.number == plan.duration, "\(context)")
        #expect(json["frameRate"]?.number == plan.frameRate, "\(context)")
        for (written, keyframe) in zip(keyframes, plan.keyframes) {
            #expect(written["time"]?.number == keyframe.time, "\(context)")
            let transform = written["transform"]?.array.compactMap(\.number) ?? []
            #expect(transform.count == 6 && (transform[0] != 0 || keyframe.transform.a == 0), "\(context): scale 0")
            #expect(transform.count == 6 && (transform[3] != 0 || keyframe.transform.d == 0), "\(context): scale 0")
            let width = written["mask"]?["width"]?.number, height = written["mask"]?["height"]?.number
            #expect(width != 0 || keyframe.mask.rect.width == 0, "\(context): mask width 0")
            #expect(height != 0 || keyframe.mask.rect.height == 0, "\(context): mask height 0")
        }
        let times = keyframes.compactMap { $0["time"]?.number }
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(context)")
    }

    static func checkCSS(_ css: String, _ answer: PlanAnswer, _ context: String) {
        // Every @keyframes rule's offsets strictly increase.
        for block in css.components(separatedBy: "@keyframes ").dropFirst() {
            let body = block.components(separatedBy: "\n}\n").first ?? block
            let offsets = numbers(in: body, matching: #"(?m)^\s*(-?[0-9.]+)%\s*\{"#)
            #expect(offsets.count >= 1, "\(context)")
            #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 }, "\(context): offsets \(offsets)")
        }
        let durations = numbers(in: css, matching: #"animation: [a-z-]+ ([0-9.]+)ms"#)
        #expect(!durations.isEmpty, "\(context)")
        for duration in durations { #expect(abs(duration - answer.plan.duration * 1000) <= 0.0005 + 1e-9, "\(context)") }
        checkMatrices(css, context)
    }

    static func checkWAAPI(_ answer: PlanAnswer, _ context: String) throws {
        let json = try JSONReader.parse(PlanEndpoint.render(answer, as: .waapi))
        guard case .object(let layers)? = json["keyframes"] else {
            Issue.record("\(context): no keyframes")
            return
        }
        for (_, frames) in layers {
            let offsets = frames.array.compactMap { $0["offset"]?.number }
            #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 }, "\(context)")
            for frame in frames.array {
                if case .string(let transform)? = frame["transform"] { checkMatrices(transform, context) }
            }
        }
        let duration = try #require(json["timing"]?["duration"]?.number)
        #expect(abs(duration - answer.plan.duration * 1000) <= 0.0005 + 1e-9, "\(context)")
    }

    static func checkSVG(_ answer: PlanAnswer, _ context: String) {
        let svg = String(decoding: PlanEndpoint.render(answer, as: .svg), as: UTF8.self)
        let times = numbers(in: svg, matching: #"t = ([0-9.]+) s"#)
        #expect(times.count >= 2, "\(context)")
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(context): filmstrip times \(times)")
    }

    static func checkLottie(_ answer: PlanAnswer, _ context: String) throws {
        let lottie = try JSONReader.parse(PlanEndpoint.render(answer, as: .lottie))
        #expect(lottie["fr"]?.number == answer.plan.frameRate, "\(context)")
        #expect(lottie["op"]?.number == Double(answer.plan.keyframes.count), "\(context)")
        var sizes = 0
        visit(lottie) { object in
            var properties: [JSONValue] = []
            if let s = object["ks"]?["s"] { properties.append(s) }
            if object["ty"] == .string("rc"), let s = object["s"] { properties.append(s) }
            for property in properties {
                sizes += 1
                let values: [[Double]]
                if property["a"] == .number(1) {
                    let frames = property["k"]?.array ?? []
                    let t = frames.compactMap { $0["t"]?.number }
                    #expect(zip(t, t.dropFirst()).allSatisfy { $0 < $1 }, "\(context)")
                    values = frames.map { $0["s"]?.array.compactMap(\.number) ?? [] }
                } else {
                    values = [property["k"]?.array.compactMap(\.number) ?? []]
                }
                for value in values { #expect(value.prefix(2).allSatisfy { $0 != 0 }, "\(context): a Lottie scale or size of 0") }
            }
        }
        #expect(sizes > 0, "\(context)")
    }

    // MARK: - Reading

    /// Every matrix(...) in `text` has nonzero scale entries (the engine's cards are never 0).
    static func checkMatrices(_ text: String, _ context: String) {
        let pattern = try! NSRegularExpression(pattern: #"matrix\(([^)]*)\)"#)
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range(at: 1), in: text) else { continue }
            let entries = text[range].split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) ?? .nan }
            #expect(entries.count == 6 && entries[0] != 0 && entries[3] != 0, "\(context): matrix(\(text[range]))")
        }
    }

    static func numbers(in text: String, matching pattern: String) -> [Double] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).flatMap { Double(text[$0]) }
        }
    }

    static func visit(_ value: JSONValue, _ body: (JSONValue) -> Void) {
        switch value {
        case .object(let members):
            body(value)
            for (_, member) in members { visit(member, body) }
        case .array(let elements): for element in elements { visit(element, body) }
        default: break
        }
    }
}
