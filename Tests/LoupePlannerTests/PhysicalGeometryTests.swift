import LoupeGeometry
import LoupePlanner
import LoupeTestSupport
import Testing

/// Every accepted spring and initial velocity gives a physical card: a positive scale, a mask
/// with positive sides, finite numbers, in every rendering. A soft pop (response 2,
/// dampingRatio 0.2) and a push launched at -100 once mirrored the page (scale down to -0.94)
/// and collapsed the mask for most of a second.
@Suite("Physical geometry under any accepted spring")
struct PhysicalGeometryTests {
    static func request(
        _ transition: String, response: Double, dampingRatio: Double, velocity: Double, frameRate: Int,
        source: (x: Double, y: Double, size: Double)
    ) -> String {
        """
        {"transition":"\(transition)","container":{"width":393,"height":852,"cornerRadius":55},
         "source":{"frame":{"x":\(source.x),"y":\(source.y),"width":\(source.size),"height":\(source.size)},"cornerRadius":8},
         "animation":{"frameRate":\(frameRate),"initialVelocity":\(velocity),"spring":{"response":\(response),"dampingRatio":\(dampingRatio)}}}
        """
    }

    static func checkPhysical(_ json: String, label: String) throws {
        let answer: PlanAnswer
        do {
            answer = try PlanEndpoint.compute(try RequestDocument.parse(Array(json.utf8)))
        } catch {
            // Springs too slow for the keyframe limit are refused (422); nothing to draw.
            #expect(error.status == 422, "\(label): \(error.detail)")
            return
        }
        for keyframe in answer.plan.keyframes {
            let state = keyframe.state
            #expect(state.transform.a > 0 && state.transform.d > 0, "\(label): scale \(state.transform.a) at t \(keyframe.time)")
            #expect(state.mask.rect.width > 0 && state.mask.rect.height > 0, "\(label): mask \(state.mask.rect) at t \(keyframe.time)")
            #expect(state.transform.isFinite && state.mask.isFinite, "\(label): a non-finite number at t \(keyframe.time)")
            // Issue 23 §7: never more than a quarter of the container's height beyond its edges
            // (the source itself may lie further out; then no further than it).
            let r = state.mask.rect, margin = 852.0 / 4 + 1e-6, source = answer.plan.keyframes[0].state.mask.rect
            let outside = [
                -r.minX - max(margin, -source.minX), -r.minY - max(margin, -source.minY),
                r.maxX - 393 - max(margin, source.maxX - 393), r.maxY - 852 - max(margin, source.maxY - 852)
            ]
            #expect(outside.allSatisfy { $0 <= 0 }, "\(label): mask \(r) beyond the bound at t \(keyframe.time)")
        }
        for format in PlanEndpoint.formats {
            let text = String(decoding: PlanEndpoint.render(answer, as: format), as: UTF8.self).lowercased()
            #expect(!text.contains("nan") && !text.contains("inf"), "\(label): \(format.rawValue) has a non-finite number")
            #expect(!text.contains("scale(-") && !text.contains("matrix(-"), "\(label): \(format.rawValue) mirrors the page")
        }
    }

    @Test("the soft pop and the backwards push of the report stay physical")
    func reportedSprings_stayPhysical() throws {
        try Self.checkPhysical(
            Self.request("pop", response: 2, dampingRatio: 0.2, velocity: 0, frameRate: 60, source: (16, 120, 110)), label: "soft pop")
        try Self.checkPhysical(
            Self.request("push", response: 0.5, dampingRatio: 1, velocity: -100, frameRate: 60, source: (16, 120, 110)), label: "push at -100")
    }

    /// Issue 23 §7: the report's push (response 2, damping 0.05, `initialVelocity` -100, 24 fps)
    /// reached progress 26.3 and put the mask 15,710 pt outside the container. Overshoot is
    /// rubber-banded like undershoot: the reported progress stays the spring's, the card stays
    /// within a quarter of the container's height of its edges.
    @Test("overshoot is rubber-banded like undershoot: the mask stays within a quarter of the container's height")
    func overshoot_isRubberBanded_maskWithinAQuarterOfTheHeight() throws {
        let json = Self.request("push", response: 2, dampingRatio: 0.05, velocity: -100, frameRate: 24, source: (16, 120, 110))
        try Self.checkPhysical(json, label: "report")
        let answer = try PlanEndpoint.compute(try RequestDocument.parse(Array(json.utf8)))
        #expect((answer.plan.keyframes.map(\.progress).max() ?? 0) > 20, "the spring's own progress is reported")
        let worst =
            answer.plan.keyframes.map { k in
                let r = k.state.mask.rect
                return max(-r.minX, -r.minY, r.maxX - 393, r.maxY - 852)
            }.max() ?? 0
        #expect(worst > 100 && worst <= 852.0 / 4 + 1e-6, "overshoot still shows, bounded: \(worst) pt")
        // A gentle overshoot is barely touched: the band leaves the end with slope 1 and no curvature.
        let gentle = try PlanEndpoint.compute(
            try RequestDocument.parse(
                Array(Self.request("push", response: 0.5, dampingRatio: 0.8, velocity: 0, frameRate: 60, source: (16, 120, 110)).utf8)))
        guard case .zoom(let zoom) = gentle.plan.geometry else {
            Issue.record("not a zoom")
            return
        }
        #expect(gentle.plan.keyframes.contains { $0.progress > 1.01 }, "the gentle spring overshoots")
        for keyframe in gentle.plan.keyframes where keyframe.progress > 1 {
            let linear = zoom.state(atProgress: keyframe.progress).mask.rect
            #expect(abs(linear.width - keyframe.state.mask.rect.width) < 0.1, "at progress \(keyframe.progress)")
        }
    }

    @Test("random accepted springs, velocities and sources give a positive scale and mask in every format (seeded)")
    func randomSprings_stayPhysical() throws {
        var random = SeededGenerator(seed: 0x5EED_2026_1124)
        for index in 0..<60 {
            let transition = ["push", "pop", "present", "dismiss"][random.int(in: 0...3)]
            let response = random.double(in: 0.05...2.5)
            let dampingRatio = random.chance(0.5) ? random.double(in: 0.05...1) : random.double(in: 1...20)
            let velocity = random.double(in: -100...100)
            let size = random.chance(0.2) ? random.double(in: 1...8) : random.double(in: 20...300)
            let source = (x: random.double(in: 0...300), y: random.double(in: 0...700), size: size)
            let label = "#\(index) \(transition) response \(response) ζ \(dampingRatio) v \(velocity) source \(size)"
            try Self.checkPhysical(
                Self.request(transition, response: response, dampingRatio: dampingRatio, velocity: velocity, frameRate: 30, source: source),
                label: label)
        }
    }

    @Test("over a transparent overFullScreen page the scrim fades out and is 0 at rest, so nothing dims what shows through")
    func transparentPage_endsWithoutDimming() throws {
        let json = """
            {"transition":"present","container":{"width":393,"height":852,"cornerRadius":55},
             "source":{"frame":{"x":16,"y":120,"width":110,"height":110},"cornerRadius":8},
             "destination":{"frame":{"x":0,"y":0,"width":393,"height":852},"alignmentRect":{"x":0,"y":229,"width":393,"height":393},"opaque":false,"presentationStyle":"overFullScreen"},
             "options":{"dimming":{"color":"#000000","opacity":0.3}}}
            """
        let answer = try PlanEndpoint.compute(try RequestDocument.parse(Array(json.utf8)))
        let dimming = answer.plan.keyframes.map(\.state.opacity.dimming)
        #expect(dimming.last == 0)
        #expect((dimming.max() ?? 0) > 0.1, "the scrim is there in flight")
        for (a, b) in zip(dimming, dimming.dropFirst()) {
            #expect(abs(b - a) < 0.05, "the scrim pops by \(abs(b - a)) between frames")
        }
    }
}
