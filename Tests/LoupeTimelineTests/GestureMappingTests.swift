import LoupeGeometry
import LoupeTimeline
import Testing

/// The measured finger-to-card mappings (measured by swift_transitions, not official).
struct GestureMappingTests {
    let model = GestureModel.measured

    @Test("pan scale is linear up to half the height") func panScale_isLinearUpToHalfTheHeight() {
        for travel in stride(from: 0.0, through: 0.49 * 874, by: 20) {
            #expect(abs(model.panScale(travel: travel, height: 874) - (1 - 0.67 * travel / 874)) < 1e-12)
        }
        #expect(model.panScale(travel: -50, height: 874) == 1)
    }

    @Test("pan scale rubber bands toward the floor and matches the measured point")
    func panScale_rubberBandsTowardTheFloorAndMatchesTheMeasuredPoint() {
        // swift_transitions measured "0.545 at 0.8 height".
        #expect(abs(model.panScale(travel: 0.8 * 874, height: 874) - 0.545) < 0.005)
        var previous = 1.0
        for travel in stride(from: 0.0, through: 20 * 874, by: 37) {
            let scale = model.panScale(travel: travel, height: 874)
            #expect(scale <= previous && scale > 0.37)
            previous = scale
        }
        #expect(model.panScale(travel: 1e6, height: 874) < 0.38)
    }

    @Test("pan scale leaves the line with the same slope") func panScale_leavesTheLineWithTheSameSlope() {
        let knee = 0.49 * 874, h = 1e-4
        let before = (model.panScale(travel: knee, height: 874) - model.panScale(travel: knee - h, height: 874)) / h
        let after = (model.panScale(travel: knee + h, height: 874) - model.panScale(travel: knee, height: 874)) / h
        #expect(abs(before - after) < 1e-6)
    }

    @Test("sideways rubber band reproduces the measured travel") func sidewaysRubberBand_reproducesTheMeasuredTravel() {
        // Measured: the card moved 26/49/69/85 pt for 50/100/150/195 pt sweeps (402 pt wide).
        for (sweep, card) in [(50.0, 26.0), (100, 49), (150, 69), (195, 85)] {
            let moved = model.rubberBand(sweep, gain: 0.56, limit: 0.9 * 402)
            #expect(abs(moved - card) < 2, "\(sweep) → \(moved)")
            #expect(model.rubberBand(-sweep, gain: 0.56, limit: 0.9 * 402) == -moved)
        }
    }

    @Test("edge scale is linear in the width without knee") func edgeScale_isLinearInTheWidthWithoutKnee() {
        #expect(model.edgeScale(travel: 0, width: 402) == 1)
        #expect(abs(model.edgeScale(travel: 201, width: 402) - (1 - 0.67 / 2)) < 1e-12)
        #expect(abs(model.edgeScale(travel: 900, width: 402) - 0.33) < 1e-12)
    }

    @Test("pinch scale is distance over start minus dead zone never above one") func pinchScale_isDistanceOverStartMinusDeadZoneNeverAboveOne() {
        #expect(model.pinchScale(distance: 200, startDistance: 200) == 1)
        #expect(model.pinchScale(distance: 191.3, startDistance: 200) == 1)
        #expect(abs(model.pinchScale(distance: 100, startDistance: 200) - 100 / 191.3) < 1e-12)
        #expect(model.pinchScale(distance: 400, startDistance: 200) == 1)
        #expect(model.pinchScale(distance: 0, startDistance: 200) == model.pinchMinimumScale)
    }

    @Test("release springs are the measured ones") func releaseSprings_areTheMeasuredOnes() {
        #expect(abs(model.cancelSpring.naturalFrequency - 22) < 1e-9 && model.cancelSpring.dampingRatio == 0.9)
        #expect(abs(model.finishSpring.naturalFrequency - 15) < 1e-9 && model.finishSpring.dampingRatio == 0.75)
        #expect(abs(model.trackingSpring.naturalFrequency - 45) < 1e-9)
    }
}
