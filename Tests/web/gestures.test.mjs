// gestures.js: the measured mappings and a gesture's recognition and tracking, against the
// figures the Swift side's tests hold for GestureModel (Tests/LoupeTimelineTests:
// GestureMappingTests, TrackingTests), so the page's card is the timeline's.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { page } from "./page.mjs";

const { MODEL, Gesture, edgeScale, panScale, pinchScale, rubberBand } = await page("gestures.js");

const CONTAINER = { width: 402, height: 874 };
const near = (actual, expected, tolerance, what = "") =>
    assert.ok(Math.abs(actual - expected) <= tolerance, `${what} ${actual} is not within ${tolerance} of ${expected}`);

/** A gesture from `start` (seconds): `samples` are [seconds, touches]. */
function gesture(kind, touches, samples, { start = 0, mode = "rest", contentBackSwipe = false } = {}) {
    const made = new Gesture(kind, "direct", touches, start * 1000, CONTAINER, { mode, direction: 1, contentBackSwipe });
    for (const [time, moved] of samples) made.sample(moved, time * 1000);
    return made;
}

/** The touches held still from the last sample until `until`, every 16 ms, as the page samples a resting finger. */
function held(made, until) {
    for (let time = made.time + 0.016; time <= until; time += 0.016) made.sample(made.touches, (made.origin / 1000 + time) * 1000);
    return made;
}

describe("the measured mappings", () => {
    test("a swipe's scale is linear to 0.49 of the height, then bands toward the floor with the same slope", () => {
        for (let travel = 0; travel <= 0.49 * 874; travel += 20) near(panScale(travel, 874), 1 - 0.67 * travel / 874, 1e-12);
        assert.equal(panScale(-50, 874), 1);
        near(panScale(0.8 * 874, 874), 0.545, 0.005, "the measured point");
        let previous = 1;
        for (let travel = 0; travel <= 20 * 874; travel += 37) {
            const scale = panScale(travel, 874);
            assert.ok(scale <= previous && scale > MODEL.panScaleFloor);
            previous = scale;
        }
        const knee = 0.49 * 874, h = 1e-4;
        near((panScale(knee, 874) - panScale(knee - h, 874)) / h, (panScale(knee + h, 874) - panScale(knee, 874)) / h, 1e-6, "slope at the knee");
    });

    test("sideways, the rubber band reproduces the measured 26/49/69/85 pt for 50/100/150/195 pt", () => {
        for (const [sweep, card] of [[50, 26], [100, 49], [150, 69], [195, 85]]) {
            const moved = rubberBand(sweep, MODEL.sidewaysGain, MODEL.sidewaysLimit * 402);
            near(moved, card, 2, `${sweep} pt`);
            assert.equal(rubberBand(-sweep, MODEL.sidewaysGain, MODEL.sidewaysLimit * 402), -moved);
        }
    });

    test("the edge swipe's scale is linear in the width, and a pinch's is the distance over the start less the dead zone", () => {
        assert.equal(edgeScale(0, 402), 1);
        near(edgeScale(201, 402), 1 - 0.67 / 2, 1e-12);
        near(edgeScale(900, 402), 0.33, 1e-12);
        assert.equal(pinchScale(200, 200), 1);
        assert.equal(pinchScale(191.3, 200), 1);
        near(pinchScale(100, 200), 100 / 191.3, 1e-12);
        assert.equal(pinchScale(400, 200), 1);
        assert.equal(pinchScale(0, 200), MODEL.pinchMinimumScale);
    });
});

describe("a gesture", () => {
    test("a swipe stays still inside its 18 pt slop and is recognised at the first sample past it", () => {
        const inside = gesture("pan", [{ x: 200, y: 300 }], [[0.1, [{ x: 205, y: 316 }]], [0.2, [{ x: 200, y: 317.9 }]]]);
        assert.equal(inside.anchor, null);
        inside.sample([{ x: 200, y: 318 }], 300);
        assert.deepEqual(inside.anchor?.pivot, { x: 200, y: 318 });
    });

    test("a swipe down scales about the finger and follows it 1:1", () => {
        const made = held(gesture("pan", [{ x: 200, y: 300 }], [[0.05, [{ x: 200, y: 318 }]], [0.3, [{ x: 200, y: 568 }]]]), 0.8);
        near(made.pose.scale, 1 - 0.67 * 250 / 874, 1e-6, "scale");
        near(made.pose.y, 250, 1e-4, "down");
        near(made.pose.x, 0, 1e-9, "sideways");
    });

    test("sideways it is rubber-banded and keeps its scale", () => {
        const made = held(gesture("pan", [{ x: 200, y: 300 }], [[0.05, [{ x: 200, y: 318 }]], [0.3, [{ x: 300, y: 318 }]]]), 0.8);
        near(made.pose.scale, 1, 1e-6);
        near(made.pose.x, rubberBand(100, 0.56, 0.9 * 402), 1e-4);
    });

    test("from rest only a swipe down dismisses; a grab follows any direction", () => {
        const up = gesture("pan", [{ x: 200, y: 300 }], [[0.05, [{ x: 200, y: 270 }]]]);
        assert.equal(up.rejected, true);
        assert.equal(up.anchor, null);
        const grab = gesture("pan", [{ x: 200, y: 300 }], [[0.05, [{ x: 200, y: 270 }]]], { mode: "grab" });
        assert.equal(grab.rejected, false);
        assert.ok(grab.anchor);
    });

    test("iOS 26: a swipe toward the trailing side from the middle of the page is tracked as the edge swipe", () => {
        const made = gesture("pan", [{ x: 120, y: 400 }], [[0.05, [{ x: 150, y: 402 }]]], { contentBackSwipe: true });
        assert.equal(made.tracking, "edgePan");
        const before = gesture("pan", [{ x: 120, y: 400 }], [[0.05, [{ x: 150, y: 402 }]]]);
        assert.equal(before.rejected, true, "before 26 a sideways swipe is no dismissal");
    });

    test("the edge swipe waits out 12 pt, then shrinks with the width and follows 0.43 of the vertical travel", () => {
        const inside = gesture("edgePan", [{ x: 4, y: 400 }], [[0.1, [{ x: 15.9, y: 400 }]]]);
        assert.equal(inside.anchor, null);
        const made = held(gesture("edgePan", [{ x: 4, y: 400 }], [[0.05, [{ x: 16, y: 400 }]], [0.3, [{ x: 216, y: 450 }]]]), 0.8);
        near(made.pose.scale, 1 - 0.67 * 200 / 402, 1e-6);
        near(made.pose.x, 200, 1e-4);
        near(made.pose.y, 0.43 * 50, 1e-4);
    });

    test("a pinch follows its target from the recognition sample, already below 1 there (issue 45 §8)", () => {
        const start = [{ x: 100, y: 400 }, { x: 300, y: 400 }]; // 200 pt apart
        const made = gesture("pinch", start, [[0.03, [{ x: 110, y: 400 }, { x: 290, y: 400 }]]]); // 180: past the 8.7 pt dead zone
        assert.ok(made.anchor, "recognised");
        near(made.target.scale, 180 / (200 - MODEL.pinchDeadZone), 1e-12, "the target at recognition");
        assert.equal(made.pose.scale, 1, "the card itself has not moved yet");
        held(made, 0.6);
        near(made.pose.scale, 180 / 191.3, 1e-6, "where the card comes to rest");
    });

    test("the tracking spring is critically damped: the card closes on a held target without passing it", () => {
        const made = gesture("pan", [{ x: 200, y: 300 }], [[0.05, [{ x: 200, y: 318 }]], [0.1, [{ x: 200, y: 518 }]]]);
        const target = panScale(200, 874);
        let previous = made.pose.scale;
        for (let time = 0.116; time <= 0.6; time += 0.016) {
            made.sample(made.touches, time * 1000);
            assert.ok(made.pose.scale <= previous + 1e-12 && made.pose.scale >= target - 1e-12, `${made.pose.scale} at ${time}`);
            previous = made.pose.scale;
        }
        near(made.pose.scale, target, 1e-6);
    });

    test("no two samples share a time: a move that arrives late comes a millisecond after the sample before (issue 45 §8)", () => {
        const made = gesture("pan", [{ x: 200, y: 300 }], [[0.05, [{ x: 200, y: 300 }]], [0.04, [{ x: 200, y: 320 }]], [0.05, [{ x: 200, y: 330 }]]]);
        assert.deepEqual(made.events.map((event) => event.time), [0, 0.05, 0.051, 0.052]);
    });

    test("the lift ends at the last sample unless it comes long after it", () => {
        const flick = gesture("pan", [{ x: 200, y: 300 }], [[0.05, [{ x: 200, y: 340 }]]]);
        flick.end(80);
        assert.deepEqual(flick.events.at(-1), { time: 0.05, type: "touchesEnded" });
        const stalled = gesture("pan", [{ x: 200, y: 300 }], [[0.05, [{ x: 200, y: 340 }]]]);
        stalled.end(250);
        assert.deepEqual(stalled.events.at(-1), { time: 0.25, type: "touchesEnded" });
    });

    test("records touchesBegan with the gesture, the input and the touches rounded to 0.1 pt", () => {
        const made = new Gesture("pan", "indirect", [{ x: 10.04, y: 20.06 }], 1000, CONTAINER);
        assert.deepEqual(made.events, [{ time: 0, type: "touchesBegan", gesture: "pan", touches: [{ x: 10, y: 20.1 }], input: "indirect" }]);
    });
});
