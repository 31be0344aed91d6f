import LoupeGeometry
import LoupeJSON
import LoupeLifecycle
import LoupePlanner
import Testing

struct LifecycleRequestTests {
    static func decode(_ json: String) throws -> LifecycleRequest {
        try LifecycleRequestDecoder.decode(try RequestDocument.parse(Array(json.utf8)))
    }

    static func problem(_ json: String) -> Problem? {
        Fixture.problem(json, endpoint: LifecycleEndpoint.answer)
    }

    /// Every event type and field of issue 4's contract.
    @Test("every event type is decoded") func everyEventType_isDecoded() throws {
        let request = try Self.decode(
            """
            {"stack":["list"],"presented":[{"viewController":"sheet","style":"overFullScreen","transition":"standard"}],
             "events":[{"time":0,"type":"push","viewController":"detail","transition":"standard"},
                       {"time":0.2,"type":"interrupt"},{"time":0.35,"type":"release","outcome":"cancel"},
                       {"time":1,"type":"pop","interactive":true},{"time":2,"type":"present","viewController":"viewer","style":"overFullScreen"},
                       {"time":3,"type":"dismiss","interactive":true}],
             "animation":{"spring":"snappy"},"callbackOrder":"classic","options":{"precision":3}}
            """)
        let script = request.script
        #expect(script.stack == ["list"])
        #expect(script.presented == [Presentation("sheet", style: .overFullScreen, transition: .standard)])
        #expect(
            script.events == [
                .push("detail", at: 0, transition: .standard), .interrupt(at: 0.2), .release(.cancel, at: 0.35),
                .pop(at: 1, interactive: true), .present("viewer", at: 2, style: .overFullScreen, transition: .zoom),
                .dismiss(at: 3, interactive: true)
            ])
        #expect(script.callbackOrder == .classic)
        #expect(script.timing == LifecycleTimingMapper.timing(for: .snappy))
        #expect(request.precision == 3)
        #expect(request.unknownFields.isEmpty)
    }

    /// Regression (schemathesis, ST201): a field of another event type was ignored whatever its
    /// type, so `"style": {}` on a pop was answered 200. It is still ignored with a warning when
    /// well typed, and is a 422 at its pointer when not.
    @Test("inapplicable fields are ignored only when well typed") func inapplicableFields_areIgnoredOnlyWhenWellTyped() throws {
        let wellTyped = try Self.decode(#"{"stack":["a","b"],"events":[{"time":0,"type":"pop","style":"overFullScreen","outcome":null}]}"#)
        #expect(wellTyped.unknownFields.map(\.description) == ["/events/0/style", "/events/0/outcome"])
        let problem = try #require(
            Self.problem(#"{"stack":["a","b"],"events":[{"time":0,"type":"pop","style":{},"viewController":7,"interactive":"yes"}]}"#))
        #expect(problem.status == 422)
        #expect(problem.errors.map(\.pointer) == ["/events/0/interactive", "/events/0/viewController", "/events/0/style"])
    }

    /// Timing: the zoom spring's settling time by default; releases use the measured landing
    /// (ω 15, ζ 0.75) and spring-back (ω 22, ζ 0.9) springs.
    @Test("timing comes from the springs settling times") func timing_comesFromTheSpringsSettlingTimes() {
        let timing = LifecycleTimingMapper.timing(for: nil)
        #expect(timing.settleDuration == SpringSolution(spring: .zoom).settlingDuration())
        #expect(abs(timing.settleDuration - 0.486) < 0.001)
        #expect(abs(LifecycleTimingMapper.finishSpring.naturalFrequency - 15) < 1e-12)
        #expect(LifecycleTimingMapper.finishSpring.dampingRatio == 0.75)
        #expect(abs(LifecycleTimingMapper.cancelSpring.naturalFrequency - 22) < 1e-12)
        #expect(LifecycleTimingMapper.cancelSpring.dampingRatio == 0.9)
        #expect(timing.finishSettleDuration == SpringSolution(spring: LifecycleTimingMapper.finishSpring).settlingDuration())
        #expect(timing.cancelSettleDuration == SpringSolution(spring: LifecycleTimingMapper.cancelSpring).settlingDuration())
        #expect(timing.cancelSettleDuration < timing.finishSettleDuration)
        #expect(LifecycleTimingMapper.timing(for: .smooth).settleDuration == SpringSolution(spring: .smooth).settlingDuration())
    }

    @Test("inapplicable fields are unknown field warnings") func inapplicableFields_areUnknownFieldWarnings() throws {
        let answer = try JSONReader.parse(
            try LifecycleEndpoint.answer(
                body: Array(
                    #"""
                    {"stack":["list","detail"],"events":[{"time":0,"type":"pop","viewController":"detail","outcome":"finish"}]}
                    """#.utf8)))
        #expect(Fixture.warnings(answer).map(\.pointer) == ["/events/0/viewController", "/events/0/outcome"])
    }

    @Test(
        "invalid field is reported at its pointer",
        arguments: [
            (#"{"events":[]}"#, ["/stack"]),
            (#"{"stack":["a"]}"#, ["/events"]),
            (#"{"stack":["a",3],"events":[]}"#, ["/stack/1"]),
            (#"{"stack":["a"],"events":[{"type":"pop"}]}"#, ["/events/0/time"]),
            (#"{"stack":["a"],"events":[{"time":-1,"type":"pop"}]}"#, ["/events/0/time"]),
            (#"{"stack":["a"],"events":[{"time":0,"type":"jump"}]}"#, ["/events/0/type"]),
            (#"{"stack":["a"],"events":[{"time":0,"type":"push"}]}"#, ["/events/0/viewController"]),
            (#"{"stack":["a"],"events":[{"time":0,"type":"push","viewController":"b","transition":"fade"}]}"#, ["/events/0/transition"]),
            (#"{"stack":["a"],"events":[{"time":0,"type":"present","viewController":"b","style":"pageSheet"}]}"#, ["/events/0/style"]),
            (#"{"stack":["a"],"events":[{"time":0,"type":"pop","interactive":"yes"}]}"#, ["/events/0/interactive"]),
            (#"{"stack":["a"],"events":[{"time":0,"type":"release"}]}"#, ["/events/0/outcome"]),
            (#"{"stack":["a"],"events":[],"presented":[{"style":"fullScreen"}]}"#, ["/presented/0/viewController"]),
            (#"{"stack":["a"],"events":[],"animation":{"spring":{"response":0}}}"#, ["/animation/spring/response", "/animation/spring/dampingRatio"]),
            (#"{"stack":["a"],"events":[],"callbackOrder":"legacy"}"#, ["/callbackOrder"]),
            (#"{"stack":"a","events":{}}"#, ["/stack", "/events"])
        ])
    func invalidField_isReportedAtItsPointer(json: String, pointers: [String]) {
        let problem = Self.problem(json)
        #expect(problem?.kind == .invalidRequest)
        #expect(Fixture.pointers(problem) == pointers)
    }

    /// Scripts that cannot be played: 422 invalid-script, pointing at the event or entry.
    @Test(
        "unplayable script is invalid script at its pointer",
        arguments: [
            (#"{"stack":[],"events":[]}"#, ["/stack"]),
            (#"{"stack":["a","a"],"events":[]}"#, ["/stack/1"]),
            (#"{"stack":["a"],"presented":[{"viewController":"a"}],"events":[]}"#, ["/presented/0/viewController"]),
            (#"{"stack":["a"],"events":[{"time":0,"type":"pop"}]}"#, ["/events/0/type"]),
            (#"{"stack":["a","b"],"events":[{"time":1,"type":"pop"},{"time":0.5,"type":"pop"}]}"#, ["/events/1/time"]),
            (#"{"stack":["a"],"events":[{"time":0,"type":"push","viewController":"a"}]}"#, ["/events/0/viewController"]),
            (#"{"stack":["a"],"events":[{"time":0,"type":"push","viewController":" "}]}"#, ["/events/0/viewController"]),
            (#"{"stack":["a"],"events":[{"time":0,"type":"interrupt"}]}"#, ["/events/0/type"]),
            (
                #"{"stack":["a"],"events":[{"time":0,"type":"present","viewController":"b","transition":"standard"},{"time":1,"type":"dismiss","interactive":true}]}"#,
                ["/events/1/interactive"]
            ),
            (
                #"{"stack":["a"],"events":[{"time":0,"type":"present","viewController":"b"},{"time":0.1,"type":"present","viewController":"c"}]}"#,
                ["/events/1/type"]
            )
        ])
    func unplayableScript_isInvalidScriptAtItsPointer(json: String, pointers: [String]) {
        let problem = Self.problem(json)
        #expect(problem?.kind == .invalidScript)
        #expect(problem?.status == 422)
        #expect(Fixture.pointers(problem) == pointers)
    }

    @Test(
        "every error location has a pointer",
        arguments: [
            (ErrorLocation.stack, "/stack"), (.stackEntry(2), "/stack/2"), (.presentedEntry(1), "/presented/1/viewController"),
            (.events, "/events"), (.event(3, .viewController), "/events/3/viewController"), (.event(0, .time), "/events/0/time"),
            (.event(4, .interactive), "/events/4/interactive"), (.event(5, .type), "/events/5/type"),
            (.timing(.settleDuration), "/animation/spring")
        ])
    func everyErrorLocation_hasAPointer(location: ErrorLocation, pointer: String) throws {
        let error = try #require(Self.sampleErrors.first { $0.location == location }, "no sample error for \(location)")
        #expect(error.pointer.description == pointer)
    }

    static let sampleErrors: [LifecycleError] = [
        .emptyStack, .duplicateStackName(index: 2, name: "x"), .blankPresentedName(index: 1), .tooManyEvents(count: 2, limit: 1),
        .blankViewController(event: 3), .invalidTime(event: 0), .gestureUnavailable(event: 4), .cannotPopRoot(event: 5),
        .invalidDuration(.settleDuration)
    ]

    @Test("strict mode turns unknown fields into a 422") func strictMode_turnsUnknownFieldsIntoA422() {
        let problem = Self.problem(#"{"stack":["a"],"events":[],"options":{"strict":true},"extra":true}"#)
        #expect(problem?.kind == .strictWarnings)
        #expect(Fixture.pointers(problem) == ["/extra"])
    }

    /// The answer's shape: trace entries, final state with sorted states, notes with the guideline text.
    @Test("answer has trace final notes and warnings") func answer_hasTraceFinalNotesAndWarnings() throws {
        let bytes = try LifecycleEndpoint.answer(
            body: Array(
                #"""
                {"stack":["list","detail"],"events":[{"time":0,"type":"pop","interactive":true},{"time":0.25,"type":"release","outcome":"cancel"}]}
                """#.utf8))
        let answer = try JSONReader.parse(bytes)
        guard case .object(let members) = answer, case .object(let final)? = answer["final"] else { Issue.record("shape"); return }
        #expect(members.map(\.key) == ["trace", "final", "notes", "warnings"])
        #expect(final.map(\.key) == ["stack", "presented", "presentations", "states", "viewsInHierarchy", "unreleasedGesture"])
        #expect(answer["final"]?["stack"] == .array([.string("list"), .string("detail")]))
        #expect(answer["final"]?["presented"] == .null)
        #expect(answer["final"]?["states"] == .object([("detail", .string("appeared")), ("list", .string("disappeared"))]))
        let note = try #require(answer["notes"]?[0])
        #expect(note["code"] == .string("cancelled-transition"))
        #expect(note["guideline"] == .string(Guideline.cleanUpAtTransitionEnd.text))
        #expect(answer["trace"]?.array.count == 16)
    }
}
