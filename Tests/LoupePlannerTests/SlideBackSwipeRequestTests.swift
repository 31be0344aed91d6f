import Foundation
import LoupeJSON
import LoupePlanner
import Testing

/// Issue 23 §2 through the API: an edge swipe on a page pushed with the slide (iOS 17) is answered
/// with an interactive pop that slides; where no back swipe exists the 422 no longer says the
/// gesture belongs to the zoom.
@Suite("The slide's back swipe through /v1/timelines")
struct SlideBackSwipeRequestTests {
    static func body(os: String, version: String) -> [UInt8] {
        Array(
            """
            {"platform":{"os":"\(os)","version":"\(version)"},"container":{"width":393,"height":852},
             "source":{"frame":{"x":16,"y":120,"width":110,"height":110}},"initial":"pushed","events":[
             {"time":0,"type":"touchesBegan","gesture":"edgePan","touches":[{"x":4,"y":420}]},
             {"time":0.1,"type":"touchesMoved","touches":[{"x":120,"y":422}]},
             {"time":0.2,"type":"touchesMoved","touches":[{"x":300,"y":424}]},
             {"time":0.2,"type":"touchesEnded"}]}
            """.utf8)
    }

    @Test("iOS 17: the edge swipe pops interactively with a slide (no scale)")
    func iOS17_edgeSwipe_popsWithASlide() throws {
        let answer = try JSONReader.parse(try TimelineEndpoint.answer(body: Self.body(os: "iOS", version: "17.0")))
        #expect(answer["releases"]?[0]?["outcome"] == .string("finish"))
        #expect(answer["segments"]?.array.contains { $0["kind"] == .string("tracking") && $0["gesture"] == .string("edgePan") } == true)
        for keyframe in try #require(answer["keyframes"]).array {
            #expect(keyframe["transform"]?[0] == .number(1) && keyframe["transform"]?[3] == .number(1))
        }
        #expect(answer["final"]?["stack"] == .array([.string("source")]))
    }

    @Test("tvOS: still a 422, whose message no longer says the gesture belongs to the zoom")
    func tvOS_edgeSwipe_isRefusedWithoutNamingTheZoom() throws {
        do {
            _ = try TimelineEndpoint.answer(body: Self.body(os: "tvOS", version: "18.0"))
            Issue.record("expected a 422")
        } catch {
            #expect(error.status == 422)
            let text = String(decoding: error.bytes(), as: UTF8.self)
            #expect(!text.contains("belongs to the zoom"), "\(text)")
            #expect(text.contains("slide"))
        }
    }
}
