import LoupePlanner
import LoupeTestSupport
import Testing

/// The work limit is checked against an estimate before rendering; these pin the estimate to
/// the real rendering: never below it (so the rendering's cost stays within the limit's), and
/// never far above it (so a request well under the limit is not refused).
@Suite("Answer size estimates")
struct AnswerSizeTests {
    static func ratio<Endpoint: RenderedEndpoint>(_ endpoint: Endpoint.Type, _ body: [UInt8], _ format: RenderingFormat) throws -> Double {
        let answer = try Endpoint.compute(try RequestDocument.parse(body))
        let estimate = Endpoint.estimatedBytes(of: answer, as: format)
        let actual = Endpoint.render(answer, as: format).count
        return Double(estimate) / Double(actual)
    }

    /// - Parameter most: how far above the answer the estimate may be (3 for the examples and the
    ///   chosen cases; random requests reach 4.2 with `options.precision` 0, whose numbers are far
    ///   shorter than the 17 digits an estimate must allow for).
    static func check<Endpoint: RenderedEndpoint>(
        _ endpoint: Endpoint.Type, _ body: [UInt8], _ label: String,
        formats: [RenderingFormat] = Endpoint.formats, most: Double = 3
    ) throws {
        for format in formats {
            let ratio = try ratio(endpoint, body, format)
            #expect(ratio >= 1, "\(label) as \(format.rawValue): the estimate is \(ratio) of the answer")
            #expect(ratio <= most, "\(label) as \(format.rawValue): the estimate is \(ratio) times the answer")
        }
    }

    @Test("every example's estimate is at least its answer's size and at most three times it")
    func examples_areEstimatedWithinBounds() throws {
        for name in try ExampleFiles.names() {
            let body = try ExampleFiles.bytes(name)
            switch ExampleFiles.route(for: name) {
            case "/v1/lifecycle": try Self.check(LifecycleEndpoint.self, body, name)
            case "/v1/timelines": try Self.check(TimelineEndpoint.self, body, name)
            case "/v1/conformance": try Self.check(ConformanceEndpoint.self, body, name)
            default: try Self.check(PlanEndpoint.self, body, name)
            }
        }
    }

    /// The route renders a plan told its estimate, and its JSON is written into an array of that
    /// size (issue 47 §2): the bytes are those of a rendering that sizes its own output, and the
    /// array holds little more than they need.
    @Test("a plan rendered into an array of its estimated size is the same bytes, in an array not much larger than they are")
    func plansRenderedIntoTheirEstimate_areTheSameBytes() throws {
        for name in try ExampleFiles.names() where ExampleFiles.route(for: name) == "/v1/plans" {
            let answer = try PlanEndpoint.compute(try RequestDocument.parse(try ExampleFiles.bytes(name)))
            let estimate = PlanEndpoint.estimatedBytes(of: answer, as: .json)
            let rendered = PlanEndpoint.render(answer, as: .json, estimatedBytes: estimate)
            #expect(rendered == PlanEndpoint.render(answer, as: .json), "\(name)")
            #expect(rendered == PlanEndpoint.render(answer, as: .json, estimatedBytes: 0), "\(name): a rendering that outgrows its array")
            #expect(Double(rendered.capacity) <= 1.25 * Double(rendered.count) + 64, "\(name): \(rendered.capacity) for \(rendered.count)")
        }
    }

    @Test("long scripts, long names and long timelines are estimated within bounds")
    func heavyRequests_areEstimatedWithinBounds() throws {
        try Self.check(LifecycleEndpoint.self, Array(HeavyRequests.lifecycle(pushes: 300).utf8), "300 pushes")
        try Self.check(LifecycleEndpoint.self, Array(HeavyRequests.lifecycle(pushes: 100, nameLength: 256).utf8), "256-character names")
        try Self.check(TimelineEndpoint.self, Array(HeavyRequests.pinchHold(seconds: 5).utf8), "5 s pinch hold")
    }

    /// Review finding: crossfade keyframes carry a second layer and the blur its own numbers,
    /// which the examples do not reach; a crossfade plan came out at 1.27 times its estimate.
    @Test(
        "crossfade, blur, arc and full precision, short and long, are estimated within bounds in every format",
        arguments: [
            #""options":{"backgroundMode":"crossfade","motionPath":"arc","dimmingVisualEffect":"systemMaterial"}"#,
            #""options":{"backgroundMode":"crossfade","precision":6}"#,
            #""animation":{"frameRate":240,"spring":{"response":2,"dampingRatio":0.3}},"options":{"backgroundMode":"crossfade","dimmingVisualEffect":"dark"}"#
        ])
    func crossfadeAndBlur_areEstimatedWithinBounds(members: String) throws {
        let body =
            #"{"transition":"push","container":{"width":393,"height":852},"source":{"frame":{"x":16,"y":120,"width":110,"height":110},"cornerRadius":8},"destination":{"alignmentRect":{"x":0,"y":0,"width":393,"height":393}},"#
            + members + "}"
        try Self.check(PlanEndpoint.self, Array(body.utf8), body)
    }

    /// Issue 44 §7: a SwiftUI source's background adds a layer to css, waapi and Lottie and a
    /// declaration to the view transition's every keyframe, and fills in the SVG; its shadow adds
    /// an offset and a colour to every shadow, in every format.
    @Test(
        "a SwiftUI source's background and shadow, pushed and popped, at 60 and 240 fps and six decimals, are estimated within bounds in every format",
        arguments: [
            ##""background":"#FF000080""##, ##""shadow":{"color":"#12345678","radius":6.123457,"x":-3.123457,"y":5.123457}"##,
            ##""background":"#FF000080","shadow":{"radius":6.123457}"##
        ], ["push,\"frameRate\":60", "pop,\"frameRate\":240},\"options\":{\"precision\":6"])
    func sourceConfiguration_isEstimatedWithinBounds(configuration: String, run: String) throws {
        let transition = run.prefix { $0 != "," }, animation = run.drop { $0 != "," }.dropFirst()
        let body =
            #"{"transition":""# + transition
            + ##"","platform":{"os":"iOS","version":"18.0","framework":"SwiftUI"},"container":{"width":393.123457,"height":852.987654,"cornerRadius":55},"sources":[{"id":"a","namespace":"n","frame":{"x":16.3333333,"y":120.777777,"width":176.1111,"height":176.2222},"cornerRadius":12.3456,"##
            + configuration + ##"}],"destination":{"sourceID":"a","namespace":"n"},"animation":{"## + animation + "}}"
        try Self.check(PlanEndpoint.self, Array(body.utf8), body)
    }

    /// Issue 44 §7: the navigation bar adds three layers to css, waapi, the view transition and
    /// Lottie, three opacities to every JSON keyframe, and drawings to the SVG's panels.
    @Test(
        "a plan and a timeline with the navigation bar, at 60 and 240 fps and six decimals, are estimated within bounds",
        arguments: ["push", "pop"],
        [
            #""frameRate":60"#,
            #""frameRate":240},"options":{"precision":6,"navigationBar":{"frame":{"x":0.123457,"y":62.123457,"width":393.1,"height":54.1}}"#
        ])
    func navigationBar_isEstimatedWithinBounds(transition: String, animation: String) throws {
        let options = animation.contains("options") ? "" : #","options":{"navigationBar":{}}"#
        let body =
            #"{"transition":""# + transition
            + #"","container":{"width":393.123457,"height":852.987654,"cornerRadius":55},"source":{"frame":{"x":16.3333333,"y":120.777777,"width":176.1111,"height":176.2222},"cornerRadius":12.3456},"animation":{"#
            + animation + "}" + options + "}"
        try Self.check(PlanEndpoint.self, Array(body.utf8), body)
        let timeline =
            #"{"container":{"width":393,"height":852},"source":{"frame":{"x":16,"y":120,"width":176,"height":176}},"animation":{"#
            + animation + "}" + options + #","initial":"source","events":[{"time":0,"type":"push"},{"time":0.6,"type":"pop"}]}"#
        try Self.check(TimelineEndpoint.self, Array(timeline.utf8), timeline)
    }

    /// Lottie's per-keyframe cost depends on which layers animate, so it is checked on long plans
    /// too (the other plan formats' estimates are pinned by the examples only).
    @Test(
        "long Lottie plans at 240 fps, six decimals or none, with and without a source, are estimated within bounds",
        arguments: [
            #""source":{"frame":{"x":16,"y":120,"width":110,"height":110}},"animation":{"frameRate":240,"spring":{"response":2,"dampingRatio":0.3}},"options":{"precision":6}"#,
            #""animation":{"frameRate":240,"spring":{"response":2,"dampingRatio":0.3}},"options":{"precision":0}"#,
            #""platform":{"os":"tvOS"},"animation":{"frameRate":240,"spring":{"response":2,"dampingRatio":1}}"#
        ])
    func longPlans_areEstimatedWithinBounds(members: String) throws {
        let body = #"{"transition":"push","container":{"width":1920.5,"height":1080},"# + members + "}"
        try Self.check(PlanEndpoint.self, Array(body.utf8), body, formats: [.lottie])
    }

    // MARK: - Random requests (issue 24 §4: estimates that cannot silently drift)

    /// A random accepted plan request: transition, platform, container, source (or none),
    /// destination style, spring, frame rate and the options that change an answer's size.
    static func randomPlan(_ random: inout SeededGenerator) -> String {
        let transition = random.element(of: ["push", "pop", "present", "dismiss"])
        let width = random.double(in: 120...2000), height = random.double(in: 120...2000)
        var members = [
            #""transition":"\#(transition)""#,
            #""container":{"width":\#(width),"height":\#(height),"cornerRadius":\#(random.double(in: 0...60))}"#,
            #""animation":{"frameRate":\#(random.element(of: [24, 30, 60, 90, 120, 240])),"spring":{"response":\#(random.double(in: 0.1...2.5)),"dampingRatio":\#(random.double(in: 0.2...1.5))}}"#
        ]
        if random.chance(0.85) {
            let side = random.double(in: 10...min(width, height) / 2)
            members.append(
                #""source":{"frame":{"x":\#(random.double(in: 0...(width - side))),"y":\#(random.double(in: 0...(height - side))),"width":\#(side),"height":\#(side)},"cornerRadius":\#(random.double(in: 0...20))}"#
            )
        }
        if transition == "present" || transition == "dismiss" {
            members.append(#""destination":{"presentationStyle":"\#(random.element(of: ["fullScreen", "overFullScreen", "pageSheet", "popover"]))"}"#)
        }
        if random.chance(0.2) { members.append(#""platform":{"os":"\#(random.element(of: ["iOS", "iPadOS", "tvOS", "visionOS"]))"}"#) }
        var options: [String] = []
        if random.chance(0.4) { options.append(#""backgroundMode":"\#(random.element(of: ["crossfade", "dim"]))""#) }
        if random.chance(0.3) { options.append(#""motionPath":"arc""#) }
        if random.chance(0.3) { options.append(#""dimmingVisualEffect":"\#(random.element(of: ["systemMaterial", "dark", "light"]))""#) }
        if random.chance(0.4) { options.append(#""precision":\#(random.int(in: 0...6))"#) }
        if random.chance(0.3) { options.append(#""easingTolerance":\#(random.double(in: 0.0001...0.002))"#) }
        if random.chance(0.3) {
            options.append(#""viewTransitionClass":"card","viewTransitionNavigation":"cross-document","viewTransitionGroup":"contain""#)
        }
        if !options.isEmpty { members.append(#""options":{"# + options.joined(separator: ",") + "}") }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A random lifecycle script: pushes, pops, presents and dismisses that are always legal.
    static func randomLifecycle(_ random: inout SeededGenerator) -> String {
        var events: [String] = []
        var depth = 0
        var presented = false
        var time = 0.0
        for index in 0..<random.int(in: 1...120) {
            time += random.double(in: 0.001...0.5)
            if presented {
                time += 1  // a dismissal waits for the presentation to finish
                events.append(#"{"time":\#(time),"type":"dismiss"}"#)
                presented = false
            } else if depth > 0 && random.chance(0.4) {
                events.append(#"{"time":\#(time),"type":"pop"}"#)
                depth -= 1
            } else if random.chance(0.15) {
                time += 1  // and a presentation for what came before
                events.append(#"{"time":\#(time),"type":"present","viewController":"sheet\#(index)"}"#)
                presented = true
            } else {
                let name = String(repeating: "v", count: random.int(in: 1...40)) + String(index)
                events.append(#"{"time":\#(time),"type":"push","viewController":"\#(name)"}"#)
                depth += 1
            }
        }
        return #"{"stack":["root"],"events":["# + events.joined(separator: ",") + "]}"
    }

    @Test("random plan requests (seeded): every format's estimate bounds its answer")
    func randomPlans_areEstimatedWithinBounds() throws {
        var random = SeededGenerator(seed: 0x5EED_2024)
        var checked = 0
        for _ in 0..<120 {
            let body = Self.randomPlan(&random)
            // Refusals (an unplannable scene, too many keyframes) have no answer to measure.
            guard (try? PlanEndpoint.compute(try RequestDocument.parse(Array(body.utf8)))) != nil else { continue }
            try Self.check(PlanEndpoint.self, Array(body.utf8), body, most: 5)
            checked += 1
        }
        #expect(checked >= 80, "only \(checked) of the random requests were accepted")
    }

    @Test("random lifecycle scripts (seeded): every format's estimate bounds its answer")
    func randomLifecycles_areEstimatedWithinBounds() throws {
        var random = SeededGenerator(seed: 0x11FE_C7C1)
        for _ in 0..<60 {
            let body = Self.randomLifecycle(&random)
            try Self.check(LifecycleEndpoint.self, Array(body.utf8), body)
        }
    }
}
