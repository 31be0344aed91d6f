import Testing
import LoupeGeometry

@Suite("SwiftUI source matching (matchedTransitionSource guide)")
struct SourceMatcherTests {
    let swiftUI = Platform(os: .iOS, framework: .swiftUI)

    func source(_ id: SourceID, _ ns: String, modifiers: [String] = [], x: Double = 24) -> MatchedSource {
        MatchedSource(id: id, namespace: ns, frame: Rect(x: x, y: 300, width: 120, height: 240), cornerRadius: 12, modifiers: modifiers)
    }

    func plan(_ sources: [MatchedSource], id: SourceID?, ns: String?) throws(GeometryError) -> ZoomPlan {
        try Fixture.plan(
            Fixture.scene(
                platform: swiftUI, source: .matched(sources),
                destination: Destination(frame: Fixture.fullScreen, sourceID: id, namespace: ns)))
    }

    @Test("all four conditions match the source") func allFourConditions_matchTheSource() throws {
        let sources = [source("a", "grid", x: 10), source("b", "grid", x: 200)]
        #expect(SourceMatcher.match(sources, sourceID: "b", namespace: "grid") == .matched(index: 1))
        let p = try plan(sources, id: "b", ns: "grid")
        #expect(p.keyframes[0].mask.rect.minX == 200 && p.warnings.isEmpty)
    }

    @Test("each missing condition falls back to the centre with a warning about it")
    func eachMissingCondition_fallsBackToTheCentreWithAWarningAboutIt() throws {
        let one = [source("a", "grid")]
        let cases: [([MatchedSource], SourceID?, String?, SourceMatcher.Reason, GeometryWarningSubject)] = [
            ([], "a", "grid", .noSourcesDeclared, .sourcesList),
            (one, "z", "grid", .idNotFound, .destinationSourceID),
            (one, "a", "other", .namespaceMismatch(index: 0), .destinationNamespace)
        ]
        for (sources, id, ns, reason, subject) in cases {
            #expect(SourceMatcher.match(sources, sourceID: id, namespace: ns) == .unmatched(reason))
            let p = try plan(sources, id: id, ns: ns)
            #expect(p.warnings.map(\.code) == [.missingSource] && p.warnings[0].subject == subject)
            #expect(p.sourceFrame == nil && p.keyframes[0].opacity.destination == 0)
        }
    }

    /// Issue 16 §1: the matchedTransitionSource guide's second condition. Without the destination's
    /// declaration SwiftUI runs the ordinary transition; it used to zoom from the centre.
    @Test("undeclared destination gets the ordinary transition not a zoom") func undeclaredDestination_getsTheOrdinaryTransitionNotAZoom() throws {
        #expect(SourceMatcher.match([source("a", "grid")], sourceID: nil, namespace: nil) == .unmatched(.destinationNotDeclared))
        for (id, ns) in [(nil, nil), ("a", nil), (nil, "grid")] as [(SourceID?, String?)] {
            for sources in [[source("a", "grid")], []] {
                let p = try plan(sources, id: id, ns: ns)
                #expect(p.effect == .slide, "\(String(describing: id)) \(String(describing: ns)) \(sources.count)")
                #expect(p.warnings.map(\.code) == [.zoomNotDeclared] && p.warnings[0].subject == .destinationSourceID)
            }
        }
        let presented = try Fixture.plan(
            Fixture.scene(
                .present, platform: swiftUI, source: .matched([source("a", "grid")]),
                destination: Destination(frame: Fixture.fullScreen)))
        #expect(presented.effect == .coverVertical && presented.warnings.map(\.code) == [.zoomNotDeclared])
    }

    /// Issue 23 §5: ids compare by type and value (the matchedTransitionSource reference: `===`
    /// on `string | number`). The number 2 does not match the string "2": that is the missing-source
    /// case, with its warning naming the slip; 2 and 2.0 are one number.
    @Test("ids compare by type and value a number never matches its text") func ids_compareByTypeAndValue_aNumberNeverMatchesItsText() throws {
        let sources = [source("2", "grid", x: 10), source(2.5, "grid", x: 200)]
        #expect(SourceMatcher.match(sources, sourceID: 2, namespace: "grid") == .unmatched(.idDiffersInType(index: 0)))
        #expect(SourceMatcher.match(sources, sourceID: "2.5", namespace: "grid") == .unmatched(.idDiffersInType(index: 1)))
        #expect(SourceMatcher.match(sources, sourceID: "2", namespace: "grid") == .matched(index: 0))
        #expect(SourceMatcher.match(sources, sourceID: .number(2.5), namespace: "grid") == .matched(index: 1))
        #expect(SourceMatcher.match([source(2, "grid")], sourceID: .number(2.0), namespace: "grid") == .matched(index: 0))
        let p = try plan(sources, id: 2, ns: "grid")
        #expect(p.warnings.map(\.code) == [.missingSource] && p.warnings[0].subject == .destinationSourceID)
        #expect(p.warnings[0].message.contains("another type"))
        #expect(p.sourceFrame == nil && p.keyframes[0].opacity.destination == 0, "zooms from the centre")
    }

    /// Issue 23 §5: a number and a string with the same text are two ids, so they are no duplicate.
    @Test("a number and its text are not duplicates") func aNumberAndItsText_areNotDuplicates() {
        #expect(SourceMatcher.match([source(7, "grid"), source("7", "grid")], sourceID: 7, namespace: "grid") == .matched(index: 0))
        #expect(SourceMatcher.match([source(7, "grid"), source(7.0, "grid")], sourceID: 7, namespace: "grid") == .duplicate(indices: [0, 1]))
    }

    @Test("same ID in different namespaces is not a duplicate") func sameIDInDifferentNamespaces_isNotADuplicate() {
        let sources = [source("a", "one"), source("a", "two")]
        #expect(SourceMatcher.match(sources, sourceID: "a", namespace: "two") == .matched(index: 1))
    }

    @Test("duplicate IDs in one namespace give a warning and the missing source zoom")
    func duplicateIDsInOneNamespace_giveAWarningAndTheMissingSourceZoom() throws {
        let sources = [source("a", "grid"), source("b", "grid"), source("a", "grid", x: 200)]
        #expect(SourceMatcher.match(sources, sourceID: "a", namespace: "grid") == .duplicate(indices: [0, 2]))
        let p = try plan(sources, id: "a", ns: "grid")
        #expect(p.warnings.map(\.code) == [.duplicateSourceID] && p.warnings[0].subject == .sources(index: 2))
        #expect(p.sourceFrame == nil)
        #expect(close(p.keyframes[0].mask.rect.center.x, 201) && close(p.keyframes[0].mask.rect.center.y, 437))
    }

    @Test(
        "geometry distorting modifier on the matched source gives a warning",
        arguments: ["scaleEffect", "offset", "rotationEffect", "clipShape", "mask", "containerShape"])
    func geometryDistortingModifier_onTheMatchedSourceGivesAWarning(_ modifier: String) throws {
        let p = try plan([source("x", "n"), source("a", "n", modifiers: ["padding", modifier])], id: "a", ns: "n")
        #expect(p.warnings.map(\.code) == [.geometryReadArtifacts])
        #expect(p.warnings[0].subject == .sourceModifiers(index: 1))
        #expect(p.warnings[0].message.contains(modifier))
        #expect(p.sourceFrame != nil)
    }

    @Test("modifier names are read with or without dot and arguments") func modifierNames_areReadWithOrWithoutDotAndArguments() {
        #expect(SourceMatcher.artifacts(in: [".scaleEffect(1.2)", " offset(x: 3) ", "padding", "frame", "maskable"]) == ["scaleEffect", "offset"])
    }

    @Test("artifacts on an unmatched source are not reported") func artifactsOnAnUnmatchedSource_areNotReported() throws {
        let p = try plan([source("a", "n"), source("b", "n", modifiers: ["scaleEffect"])], id: "a", ns: "n")
        #expect(p.warnings.isEmpty)
    }
}
