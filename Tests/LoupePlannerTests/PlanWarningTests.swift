import LoupeGeometry
@testable import LoupePlanner
import Testing

struct PlanWarningTests {
    /// Every warning subject has its own pointer into the request.
    @Test(
        "geometry warning subject maps to its pointer",
        arguments: [
            (GeometryWarningSubject.transition, "/transition"), (.platform, "/platform/os"), (.platformVersion, "/platform/version"),
            (.frameRate, "/animation/frameRate"), (.spring, "/animation/spring"),
            (.presentationStyle, "/destination/presentationStyle"), (.source, "/source"), (.sources(index: 2), "/sources/2"),
            (.sourceModifiers(index: 1), "/sources/1/modifiers"), (.sourcesList, "/sources"),
            (.destinationFrame, "/destination/frame"), (.destinationAlignmentRect, "/destination/alignmentRect"),
            (.destinationOpaque, "/destination/opaque"), (.destinationSourceID, "/destination/sourceID"),
            (.destinationNamespace, "/destination/namespace"), (.fitMode, "/options/fitMode"),
            (.initialVelocity, "/animation/initialVelocity"), (.backgroundMode, "/options/backgroundMode"), (.motionPath, "/options/motionPath"),
            (.sourceRole(index: nil), "/source/role"), (.sourceRole(index: 3), "/sources/3/role"),
            (.destinationCloseButton, "/destination/closeButton")
        ])
    func geometryWarningSubject_mapsToItsPointer(subject: GeometryWarningSubject, pointer: String) {
        #expect(subject.pointer.description == pointer)
    }

    /// Warnings the engine raises come back as warnings at those pointers, end to end.
    @Test(
        "geometry warning becomes a request warning at its pointer",
        arguments: [
            (#"{"transition":"push","container":{"width":393,"height":852}}"#, "missing-source", "/source"),
            (
                #"{"transition":"push","platform":{"os":"tvOS"},"container":{"width":393,"height":852}}"#, "platform-default-transition",
                "/platform/os"
            ),
            (
                #"{"transition":"push","platform":{"version":"17.4"},"container":{"width":393,"height":852}}"#, "os-version-before-zoom",
                "/platform/version"
            ),
            (
                #"{"transition":"present","container":{"width":820,"height":1180},"destination":{"presentationStyle":"popover"}}"#,
                "popover-ignores-zoom",
                "/destination/presentationStyle"
            ),
            // Issue 44 §3: an iPhone's popover is a form sheet; kept a popover, or in a regular container, it is one.
            (
                #"{"transition":"present","container":{"width":393,"height":852},"destination":{"presentationStyle":"popover"}}"#,
                "popover-adapts-to-sheet",
                "/destination/presentationStyle"
            ),
            (
                #"{"transition":"present","container":{"width":393,"height":852},"destination":{"presentationStyle":"popover","keepsPopoverWhenCompact":true}}"#,
                "popover-ignores-zoom", "/destination/presentationStyle"
            ),
            (
                #"{"transition":"present","container":{"width":393,"height":852,"horizontalSizeClass":"regular"},"destination":{"presentationStyle":"popover"}}"#,
                "popover-ignores-zoom", "/destination/presentationStyle"
            ),
            (
                #"{"transition":"push","container":{"width":393,"height":852},"source":{"frame":{"x":0,"y":0,"width":0,"height":5}}}"#,
                "empty-source-frame", "/source"
            ),
            (
                #"{"transition":"push","container":{"width":393,"height":852},"source":{"frame":{"x":0,"y":100,"width":393,"height":60}}}"#,
                "skinny-source", "/source"
            ),
            (
                #"{"transition":"push","container":{"width":393,"height":852},"source":{"frame":{"x":0,"y":100,"width":100,"height":100}}}"#,
                "aspect-ratio-mismatch", "/destination/alignmentRect"
            ),
            (
                #"{"transition":"push","container":{"width":393,"height":852},"source":{"frame":{"x":-500,"y":100,"width":100,"height":217}}}"#,
                "source-off-screen", "/source"
            ),
            (#"{"transition":"push","container":{"width":393,"height":852},"animation":{"frameRate":24}}"#, "low-frame-rate", "/animation/frameRate"),
            (
                #"{"transition":"push","container":{"width":393,"height":852},"destination":{"opaque":false}}"#, "transparent-destination",
                "/destination/opaque"
            ),
            (
                #"{"transition":"push","platform":{"framework":"SwiftUI"},"container":{"width":393,"height":852},"destination":{"sourceID":"a","namespace":"grid"}}"#,
                "missing-source", "/sources"
            ),
            (
                #"{"transition":"push","platform":{"framework":"SwiftUI"},"container":{"width":393,"height":852}}"#, "zoom-not-declared",
                "/destination/sourceID"
            ),
            (
                #"{"transition":"push","platform":{"framework":"SwiftUI"},"container":{"width":393,"height":852},"sources":[{"id":"a","namespace":"n","frame":{"x":0,"y":0,"width":100,"height":217}}],"destination":{"sourceID":"a","namespace":"m"}}"#,
                "missing-source", "/destination/namespace"
            ),
            (
                #"{"transition":"push","platform":{"framework":"SwiftUI"},"container":{"width":393,"height":852},"sources":[{"id":"a","namespace":"n","frame":{"x":0,"y":0,"width":100,"height":217}},{"id":"a","namespace":"n","frame":{"x":0,"y":0,"width":100,"height":217}}],"destination":{"sourceID":"a","namespace":"n"}}"#,
                "duplicate-source-id", "/sources/1"
            ),
            (
                #"{"transition":"push","platform":{"framework":"SwiftUI"},"container":{"width":393,"height":852},"sources":[{"id":"a","namespace":"n","frame":{"x":0,"y":0,"width":100,"height":217},"modifiers":["offset"]}],"destination":{"sourceID":"a","namespace":"n"}}"#,
                "geometry-read-artifacts", "/sources/0/modifiers"
            ),
            // Issue 23 §5: the number 2 and the string "2" are different ids, and a fractional id is valid.
            (
                #"{"transition":"push","platform":{"framework":"SwiftUI"},"container":{"width":393,"height":852},"sources":[{"id":"2","namespace":"n","frame":{"x":0,"y":0,"width":100,"height":217}}],"destination":{"sourceID":2,"namespace":"n"}}"#,
                "missing-source", "/destination/sourceID"
            ),
            (
                #"{"transition":"push","platform":{"framework":"SwiftUI"},"container":{"width":393,"height":852},"sources":[{"id":2.5,"namespace":"n","frame":{"x":0,"y":0,"width":100,"height":217}}],"destination":{"sourceID":"2.5","namespace":"n"}}"#,
                "missing-source", "/destination/sourceID"
            ),
            // Issue 23 §4: Mac Catalyst runs the default transition (Apple's fluid-transitions article).
            (
                #"{"transition":"push","platform":{"os":"macCatalyst"},"container":{"width":393,"height":852}}"#, "platform-default-transition",
                "/platform/os"
            ),
            (
                #"{"transition":"present","container":{"width":393,"height":852},"destination":{"presentationStyle":"pageSheet"}}"#,
                "sheet-treated-as-full-screen", "/destination/presentationStyle"
            ),
            (#"{"transition":"push","container":{"width":393,"height":852},"animation":{"spring":"bouncy"}}"#, "spring-not-ios", "/animation/spring"),
            (
                #"{"transition":"pop","container":{"width":393,"height":852},"animation":{"initialVelocity":-3}}"#, "initial-velocity-not-ios",
                "/animation/initialVelocity"
            ),
            (
                #"{"transition":"push","container":{"width":393,"height":852},"options":{"backgroundMode":"crossfade"}}"#, "crossfade-not-ios",
                "/options/backgroundMode"
            ),
            (
                #"{"transition":"push","container":{"width":393,"height":852},"options":{"motionPath":"arc"}}"#, "arc-path-not-ios",
                "/options/motionPath"
            ),
            (
                #"{"transition":"push","container":{"width":393,"height":852},"destination":{"frame":{"x":0,"y":100,"width":393,"height":752}}}"#,
                "inset-destination-not-ios", "/destination/frame"
            ),
            (
                #"{"transition":"push","container":{"width":393,"height":852},"source":{"frame":{"x":20,"y":780,"width":60,"height":40},"role":"tab"}}"#,
                "unsuitable-source", "/source/role"
            ),
            (
                #"{"transition":"push","platform":{"framework":"SwiftUI"},"container":{"width":393,"height":852},"sources":[{"id":"a","namespace":"n","frame":{"x":0,"y":0,"width":100,"height":217},"role":"widget"}],"destination":{"sourceID":"a","namespace":"n"}}"#,
                "unsuitable-source", "/sources/0/role"
            ),
            (
                #"{"transition":"present","container":{"width":393,"height":852},"destination":{"closeButton":false}}"#, "no-close-button",
                "/destination/closeButton"
            )
        ])
    func geometryWarning_becomesARequestWarningAtItsPointer(json: String, code: String, pointer: String) throws {
        let warnings = Fixture.warnings(try Fixture.plan(json))
        #expect(warnings.contains { $0.code == code && $0.pointer == pointer }, "\(warnings)")
    }

    @Test("unknown fields are warnings with pointers") func unknownFields_areWarningsWithPointers() throws {
        let answer = try Fixture.plan(Fixture.adding(#""colour":"red","options":{"dimming":{"alpha":1}}"#))
        let warnings = Fixture.warnings(answer)
        #expect(warnings.map(\.code) == ["unknown-field", "unknown-field"])
        #expect(warnings.map(\.pointer) == ["/colour", "/options/dimming/alpha"])
    }

    /// Issue 45 §7: `sourceView` got a 200 with a bare unknown-field warning and no hint.
    @Test("issue 45 §7: an unknown field close to a field the object takes says \"did you mean …?\"; one close to none says to check its spelling")
    func unknownFields_suggestTheFieldMeant() throws {
        let answer = try Fixture.plan(
            #"{"transition":"push","container":{"width":393,"height":852},"sourceView":{"frame":{"x":1,"y":2,"width":3,"height":4}},"animaton":{},"colour":"red"}"#
        )
        var messages: [String: String] = [:]
        if case .array(let items)? = answer["warnings"] {
            for item in items {
                if case .string(let pointer)? = item["pointer"], case .string(let message)? = item["message"] { messages[pointer] = message }
            }
        }
        #expect(messages["/sourceView"]?.hasSuffix(#"did you mean "source"?"#) == true, "\(messages)")
        #expect(messages["/animaton"]?.hasSuffix(#"did you mean "animation"?"#) == true, "\(messages)")
        #expect(messages["/colour"]?.hasSuffix("check its spelling.") == true, "\(messages)")
    }

    @Test("the edit distance counts insertions, deletions, substitutions and swaps")
    func editDistance_countsEdits() {
        func distance(_ a: String, _ b: String) -> Int { UnknownField.editDistance(Array(a.utf8), Array(b.utf8)) }
        #expect(distance("cornerRadious", "cornerRadius") == 1)
        #expect(distance("tansition", "transition") == 1)
        #expect(distance("trasnition", "transition") == 1)
        #expect(distance("colour", "color") == 1)
        #expect(distance("", "abc") == 3 && distance("abc", "abc") == 0)
        #expect(UnknownField.likelyMeant("sourceView", among: ["destination", "source"]) == "source")
        #expect(UnknownField.likelyMeant("zzz", among: ["source"]) == nil)
    }

    /// Strict mode: every warning, warning or unknown field, becomes an error of one 422.
    @Test("strict mode turns every warning into a 422") func strictMode_turnsEveryWarningIntoA422() {
        let problem = Fixture.problem(#"{"transition":"push","container":{"width":393,"height":852},"options":{"strict":true},"extra":1}"#)
        #expect(problem?.kind == .strictWarnings)
        #expect(problem?.status == 422)
        #expect(Fixture.pointers(problem) == ["/source", "/extra"])
        #expect(problem?.errors.map(\.code) == ["missing-source", "unknown-field"])
    }

    @Test("strict mode without warnings answers") func strictMode_withoutWarnings_answers() throws {
        let answer = try Fixture.plan(Fixture.adding(#""options":{"strict":true}"#))
        #expect(answer["warnings"] == .array([]))
    }

    // MARK: - Engine errors

    @Test("macOS is unsupported platform at the OS", arguments: ["UIKit", "SwiftUI"])
    func macOS_isUnsupportedPlatformAtTheOS(framework: String) {
        let problem = Fixture.problem(
            #"{"transition":"push","platform":{"os":"macOS","framework":"\#(framework)"},"container":{"width":393,"height":852}}"#)
        #expect(problem?.kind == .unsupportedPlatform)
        #expect(problem?.status == 422)
        #expect(Fixture.pointers(problem) == ["/platform/os"])
    }

    @Test("too many keyframes points at frame rate and spring") func tooManyKeyframes_pointsAtFrameRateAndSpring() {
        let problem = Fixture.problem(
            #"{"transition":"push","container":{"width":393,"height":852},"animation":{"frameRate":240,"spring":{"response":10,"dampingRatio":0.05}}}"#
        )
        #expect(problem?.kind == .invalidRequest)
        #expect(Fixture.pointers(problem) == ["/animation/frameRate", "/animation/spring"])
    }

    @Test(
        "geometry error maps to a 422 at its pointer",
        arguments: [
            (GeometryError.springNeverSettles, ["/animation/spring"]), (.invalidSpring(.responseNotPositive), ["/animation/spring"]),
            (.invalidFrameRate, ["/animation/frameRate"]), (.emptyDestination, ["/destination/frame"]),
            (.emptyContainer, ["/container"]), (.nonFiniteGeometry, [""])
        ])
    func geometryError_mapsToA422AtItsPointer(error: GeometryError, pointers: [String]) {
        #expect(error.problem.kind == .invalidRequest)
        #expect(Fixture.pointers(error.problem) == pointers)
    }
}
