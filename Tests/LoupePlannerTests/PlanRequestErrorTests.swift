import LoupePlanner
import Testing

struct PlanRequestErrorTests {
    /// One bad field at a time: the exact pointer the 422 names.
    @Test(
        "invalid field is reported at its pointer",
        arguments: [
            (#"{"container":{"width":393,"height":852}}"#, "/transition"),
            (#"{"transition":"slide","container":{"width":393,"height":852}}"#, "/transition"),
            (#"{"transition":"push"}"#, "/container"),
            (#"{"transition":"push","container":{"width":0,"height":852}}"#, "/container/width"),
            (#"{"transition":"push","container":{"width":393,"height":100001}}"#, "/container/height"),
            (#"{"transition":"push","container":{"width":393,"height":852,"cornerRadius":-1}}"#, "/container/cornerRadius"),
            (#"{"transition":"push","container":{"width":393,"height":852,"layoutDirection":"up"}}"#, "/container/layoutDirection"),
            (#"{"transition":"push","container":[393,852]}"#, "/container"),
            (#"{"transition":"push","container":{"width":393,"height":852},"platform":{"os":"Android"}}"#, "/platform/os"),
            (#"{"transition":"push","container":{"width":393,"height":852},"platform":{"version":"eighteen"}}"#, "/platform/version"),
            (#"{"transition":"push","container":{"width":393,"height":852},"platform":{"framework":"AppKit"}}"#, "/platform/framework"),
            (#"{"transition":"push","container":{"width":393,"height":852},"platform":{"os":"visionOS","iPadApp":"yes"}}"#, "/platform/iPadApp"),
            (#"{"transition":"push","container":{"width":393,"height":852},"source":{"cornerRadius":3}}"#, "/source/frame"),
            (
                #"{"transition":"push","container":{"width":393,"height":852},"source":{"frame":{"x":-1000001,"y":0,"width":1,"height":1}}}"#,
                "/source/frame/x"
            ),
            (
                #"{"transition":"push","container":{"width":393,"height":852},"source":{"frame":{"x":0,"y":0,"width":-1,"height":1}}}"#,
                "/source/frame/width"
            ),
            (
                #"{"transition":"push","container":{"width":393,"height":852},"source":{"frame":{"x":0,"y":0,"width":1,"height":1},"cornerRadius":10001}}"#,
                "/source/cornerRadius"
            ),
            (#"{"transition":"push","container":{"width":393,"height":852},"sources":[]}"#, "/sources"),
            (
                #"{"transition":"push","container":{"width":393,"height":852},"destination":{"frame":{"x":0,"y":0,"width":0,"height":5}}}"#,
                "/destination/frame/width"
            ),
            (
                #"{"transition":"push","container":{"width":393,"height":852},"destination":{"alignmentRect":{"x":0,"y":0,"width":1}}}"#,
                "/destination/alignmentRect/height"
            ),
            (#"{"transition":"push","container":{"width":393,"height":852},"destination":{"opaque":1}}"#, "/destination/opaque"),
            (
                #"{"transition":"push","container":{"width":393,"height":852},"destination":{"presentationStyle":"sheet"}}"#,
                "/destination/presentationStyle"
            ),
            (#"{"transition":"push","container":{"width":393,"height":852},"destination":{"sourceID":"a"}}"#, "/destination/sourceID"),
            (#"{"transition":"push","container":{"width":393,"height":852},"animation":{"frameRate":23}}"#, "/animation/frameRate"),
            (#"{"transition":"push","container":{"width":393,"height":852},"animation":{"initialVelocity":101}}"#, "/animation/initialVelocity"),
            (#"{"transition":"push","container":{"width":393,"height":852},"animation":{"spring":"springy"}}"#, "/animation/spring"),
            (#"{"transition":"push","container":{"width":393,"height":852},"animation":{"spring":0.5}}"#, "/animation/spring"),
            (
                #"{"transition":"push","container":{"width":393,"height":852},"animation":{"spring":{"response":0.5}}}"#,
                "/animation/spring/dampingRatio"
            ),
            (#"{"transition":"push","container":{"width":393,"height":852},"animation":{"spring":{"duration":11}}}"#, "/animation/spring/duration"),
            (#"{"transition":"push","container":{"width":393,"height":852},"animation":{"spring":{"bounce":1}}}"#, "/animation/spring/bounce"),
            (
                #"{"transition":"push","container":{"width":393,"height":852},"animation":{"spring":{"response":0.5,"dampingRatio":0}}}"#,
                "/animation/spring/dampingRatio"
            ),
            (#"{"transition":"push","container":{"width":393,"height":852},"options":{"fitMode":"cover"}}"#, "/options/fitMode"),
            (#"{"transition":"push","container":{"width":393,"height":852},"options":{"motionPath":"curve"}}"#, "/options/motionPath"),
            (#"{"transition":"push","container":{"width":393,"height":852},"options":{"backgroundMode":"fade"}}"#, "/options/backgroundMode"),
            (##"{"transition":"push","container":{"width":393,"height":852},"options":{"dimming":{"color":"#12345"}}}"##, "/options/dimming/color"),
            (#"{"transition":"push","container":{"width":393,"height":852},"options":{"dimming":{"opacity":1.5}}}"#, "/options/dimming/opacity"),
            (#"{"transition":"push","container":{"width":393,"height":852},"options":{"strict":"yes"}}"#, "/options/strict"),
            (#"{"transition":"push","container":{"width":393,"height":852},"options":{"precision":2.5}}"#, "/options/precision"),
            (#"{"transition":"push","container":{"width":393,"height":852},"options":{"precision":7}}"#, "/options/precision"),
            (#"{"transition":"push","container":{"width":393,"height":852},"callbackOrder":"modern"}"#, "/callbackOrder"),
            ("[1,2]", "")
        ])
    func invalidField_isReportedAtItsPointer(json: String, pointer: String) {
        let problem = Fixture.problem(json)
        #expect(problem?.kind == .invalidRequest)
        #expect(problem?.status == 422)
        #expect(Fixture.pointers(problem) == [pointer])
    }

    /// Never only the first: one 422 lists every invalid field in document order.
    @Test("several invalid fields are all reported at once") func severalInvalidFields_areAllReportedAtOnce() {
        let problem = Fixture.problem(
            """
            {"transition":"slide","container":{"width":-1,"height":"tall"},
             "source":{"frame":{"x":1e9,"y":0,"width":10}},
             "animation":{"frameRate":10,"spring":{"response":0}},
             "options":{"precision":9,"dimming":{"color":"red"}}}
            """)
        #expect(problem?.kind == .invalidRequest)
        #expect(
            Fixture.pointers(problem) == [
                "/transition", "/container/width", "/container/height", "/source/frame/x", "/source/frame/height",
                "/animation/spring/response", "/animation/spring/dampingRatio", "/animation/frameRate",
                "/options/dimming/color", "/options/precision"
            ])
    }

    /// The frameworks find their source differently, so each rejects the other's fields.
    @Test("framework specific fields are rejected under the other framework") func frameworkSpecificFields_areRejectedUnderTheOtherFramework() {
        let uiKit = Fixture.problem(#"{"transition":"push","container":{"width":393,"height":852},"sources":[],"destination":{"namespace":"n"}}"#)
        #expect(Fixture.pointers(uiKit) == ["/sources", "/destination/namespace"])
        let swiftUI = Fixture.problem(
            #"{"transition":"push","platform":{"framework":"SwiftUI"},"container":{"width":393,"height":852},"source":{"frame":{"x":0,"y":0,"width":1,"height":1}}}"#
        )
        #expect(Fixture.pointers(swiftUI) == ["/source"])
    }

    @Test("SwiftUI source errors point into the list") func swiftUISourceErrors_pointIntoTheList() {
        let problem = Fixture.problem(
            """
            {"transition":"push","platform":{"framework":"SwiftUI"},"container":{"width":393,"height":852},
             "sources":[{"id":true,"frame":{"x":0,"y":0,"width":1,"height":1}},{"id":"b","namespace":"n","frame":{"x":0,"y":0,"width":1,"height":1},"modifiers":[3]}]}
            """)
        #expect(Fixture.pointers(problem) == ["/sources/0/id", "/sources/0/namespace", "/sources/1/modifiers/0"])
    }

    /// In strict mode an invalid request also lists its unknown fields as errors.
    @Test("strict invalid request also lists unknown fields") func strictInvalidRequest_alsoListsUnknownFields() {
        let problem = Fixture.problem(#"{"transition":"up","container":{"width":393,"height":852},"options":{"strict":true},"extra":1}"#)
        #expect(problem?.kind == .invalidRequest)
        #expect(Fixture.pointers(problem) == ["/transition", "/extra"])
        #expect(problem?.errors.last?.code == "unknown-field")
    }

    @Test("malformed JSON is 400 with the byte offset") func malformedJSON_is400WithTheByteOffset() {
        let problem = Fixture.problem(#"{"transition":"push",}"#)
        #expect(problem?.kind == .malformedJSON)
        #expect(problem?.status == 400)
        #expect(problem?.detail.contains("at byte 21 (line 1, column 22)") == true)
    }

    /// Issue 45 §7: "at byte 59" alone sent people counting bytes; the line and column come too.
    @Test("issue 45 §7: a syntax error names its line and column in characters beside the byte offset")
    func malformedJSON_namesLineAndColumn() {
        let problem = Fixture.problem("{\n  \"transition\": \"push\",\n  \"note\": \"é\",,\n}")
        #expect(problem?.kind == .malformedJSON)
        #expect(problem?.detail.hasSuffix("at byte 41 (line 3, column 15).") == true, "\(problem?.detail ?? "")")
    }

    @Test("empty body is 400", arguments: ["", "  \n"])
    func emptyBody_is400(body: String) {
        let problem = Fixture.problem(body)
        #expect(problem?.kind == .malformedJSON)
        #expect(problem?.detail.contains("empty") == true)
    }
}
