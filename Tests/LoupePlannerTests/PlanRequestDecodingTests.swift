import LoupeGeometry
import LoupeLifecycle
import LoupePlanner
import Testing

struct PlanRequestDecodingTests {
    /// Every field of the contract lands in the scene where the engine expects it.
    @Test("every field is decoded into the scene") func everyField_isDecodedIntoTheScene() throws {
        let request = try Fixture.decode(
            """
            {"transition":"present",
             "platform":{"os":"visionOS","version":"2.1","framework":"UIKit","iPadApp":true},
             "container":{"width":393,"height":852,"cornerRadius":47,"layoutDirection":"rightToLeft"},
             "source":{"frame":{"x":16,"y":120,"width":110,"height":90},"cornerRadius":8},
             "destination":{"frame":{"x":0,"y":10,"width":393,"height":800},"alignmentRect":{"x":1,"y":2,"width":300,"height":200},
                            "cornerRadius":12,"opaque":false,"presentationStyle":"overFullScreen"},
             "animation":{"spring":{"response":0.4,"dampingRatio":0.8},"frameRate":120,"initialVelocity":-2},
             "options":{"fitMode":"fit","motionPath":"arc","backgroundMode":"crossfade",
                        "dimming":{"color":"#FF000080","opacity":0.3},"strict":false,"precision":4},
             "callbackOrder":"classic"}
            """)
        let scene = request.scene
        #expect(scene.transition == .present)
        #expect(scene.platform == Platform(os: .visionOS, version: OSVersion(major: 2, minor: 1), framework: .uiKit, isIPadApp: true))
        #expect(scene.container == Container(width: 393, height: 852, displayCornerRadius: 47, layoutDirection: .rightToLeft))
        #expect(scene.source == .view(SourceView(frame: Rect(x: 16, y: 120, width: 110, height: 90), cornerRadius: 8)))
        #expect(
            scene.destination
                == Destination(
                    frame: Rect(x: 0, y: 10, width: 393, height: 800), alignmentRect: Rect(x: 1, y: 2, width: 300, height: 200),
                    cornerRadius: 12, isOpaque: false, presentationStyle: .overFullScreen))
        #expect(scene.animation == AnimationSettings(spring: Spring(response: 0.4, dampingRatio: 0.8), frameRate: 120, initialVelocity: -2))
        let dimming = Dimming(color: RGBAColor(red: 1, green: 0, blue: 0, alpha: 128.0 / 255), strength: 0.3)
        #expect(scene.options == ZoomOptions(fitMode: .fit, motionPath: .arc, backgroundMode: .crossfade, dimming: dimming))
        #expect(request.precision == 4)
        #expect(request.strict == false)
        #expect(request.callbackOrder == .classic)
        #expect(request.unknownFields.isEmpty)
    }

    /// Only transition and container are required; everything else has the documented default.
    @Test("minimal request gets the defaults") func minimalRequest_getsTheDefaults() throws {
        let request = try Fixture.decode(Fixture.minimal)
        let scene = request.scene
        #expect(scene.platform == .iOS)
        #expect(scene.container == Container(width: 393, height: 852))
        #expect(scene.source == .missing)
        #expect(scene.destination == Destination(frame: Rect(x: 0, y: 0, width: 393, height: 852)))
        #expect(scene.animation == AnimationSettings())
        #expect(scene.options == ZoomOptions())
        #expect(request.precision == nil && !request.strict && request.callbackOrder == .article)
    }

    @Test("null source is a missing source") func nullSource_isAMissingSource() throws {
        #expect(try Fixture.decode(Fixture.adding(#""source":null"#, to: Fixture.minimal)).scene.source == .missing)
    }

    /// Issue 23 §5: any JSON number is a valid id (a fractional one used to be a 422), and it
    /// matches the same number however it is spelled (2.5 and 25e-1), never its text.
    @Test("SwiftUI ids any number is valid and matches by type and value") func swiftUIIds_anyNumberIsValid_andMatchesByTypeAndValue() throws {
        let request = try Fixture.decode(
            """
            {"transition":"push","platform":{"framework":"SwiftUI"},"container":{"width":393,"height":852},
             "sources":[{"id":"2.5","namespace":"n","frame":{"x":1,"y":2,"width":30,"height":40}},
                        {"id":2.5,"namespace":"n","frame":{"x":50,"y":60,"width":70,"height":80}}],
             "destination":{"sourceID":25e-1,"namespace":"n"}}
            """)
        #expect(request.scene.destination.sourceID == .number(2.5))
        let plan = try GeometryEngine.plan(request.scene)
        #expect(plan.sourceFrame == Rect(x: 50, y: 60, width: 70, height: 80), "matched the number, not the text")
        #expect(!plan.warnings.contains { $0.code == .missingSource })
    }

    /// SwiftUI: sources with string or number ids, modifiers, and the destination's id and namespace.
    /// Issue 23 §5: a number id stays a number (it used to become its decimal text).
    @Test("SwiftUI sources are decoded for matching") func swiftUISources_areDecodedForMatching() throws {
        let request = try Fixture.decode(
            """
            {"transition":"push","platform":{"framework":"SwiftUI"},"container":{"width":393,"height":852},
             "sources":[{"id":"a","namespace":"n","frame":{"x":1,"y":2,"width":3,"height":4},"modifiers":["scaleEffect"]},
                        {"id":7,"namespace":"n","frame":{"x":5,"y":6,"width":7,"height":8},"cornerRadius":2}],
             "destination":{"sourceID":7,"namespace":"n"}}
            """)
        #expect(
            request.scene.source
                == .matched([
                    MatchedSource(id: "a", namespace: "n", frame: Rect(x: 1, y: 2, width: 3, height: 4), modifiers: ["scaleEffect"]),
                    MatchedSource(id: 7, namespace: "n", frame: Rect(x: 5, y: 6, width: 7, height: 8), cornerRadius: 2)
                ]))
        #expect(request.scene.destination.sourceID == .number(7))
        #expect(request.scene.destination.namespace == "n")
        #expect(request.scene.destination.frame == Rect(x: 0, y: 0, width: 393, height: 852))
    }

    /// The three spellings of a spring and the presets.
    @Test(
        "spring spellings are decoded",
        arguments: [
            (#""zoom""#, Spring.zoom), (#""smooth""#, Spring.smooth), (#""snappy""#, Spring.snappy), (#""bouncy""#, Spring.bouncy),
            (#"{"response":0.5,"dampingRatio":0.9}"#, Spring(response: 0.5, dampingRatio: 0.9)),
            (#"{"duration":0.5,"bounce":0.3}"#, Spring(duration: 0.5, bounce: 0.3)),
            (#"{"bounce":-0.5}"#, Spring(duration: 0.5, bounce: -0.5)),
            (#"{}"#, Spring(duration: 0.5, bounce: 0))
        ])
    func springSpellings_areDecoded(json: String, expected: Spring) throws {
        let request = try Fixture.decode(Fixture.adding(#""animation":{"spring":\#(json)}"#, to: Fixture.minimal))
        #expect(request.scene.animation.spring == expected)
    }

    @Test("dimming colours accept both hex forms", arguments: ["#00ff7f", "#00FF7FFF"])
    func dimmingColours_acceptBothHexForms(hex: String) throws {
        let request = try Fixture.decode(Fixture.adding(#""options":{"dimming":{"color":"\#(hex)"}}"#, to: Fixture.minimal))
        #expect(request.scene.options.dimming.color == RGBAColor(red: 0, green: 1, blue: 127.0 / 255, alpha: 1))
        #expect(request.scene.options.dimming.strength == 0.15)
    }

    /// Members nobody reads are collected with their pointers, nested ones included.
    @Test("unknown fields are collected with pointers") func unknownFields_areCollectedWithPointers() throws {
        let request = try Fixture.decode(
            """
            {"transition":"push","container":{"width":393,"height":852,"depth":1},"colour":"red",
             "source":{"frame":{"x":0,"y":0,"width":10,"height":10,"z":0}},"options":{"dimming":{"alpha":1}}}
            """)
        #expect(request.unknownFields.map(\.description) == ["/colour", "/container/depth", "/source/frame/z", "/options/dimming/alpha"])
    }
}
