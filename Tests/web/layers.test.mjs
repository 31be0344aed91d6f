// layers.js: the JSON keyframes turned into the layers' CSS values, a held card and a grabbed
// one, on a plan made here (a critically damped ω 19 push from a 110 pt thumbnail at (16, 120)
// into a 393 × 852 page, 60 keyframes a second).

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { page } from "./page.mjs";

const { frameAt, frameStyles, heldFrame, keyframesFrom, sourceRegion, stoppedFrame, unmovedRect } = await page("layers.js");

const PAGE = { x: 0, y: 0, width: 393, height: 852 };
const OMEGA = 19;
const near = (actual, expected, tolerance, what = "") =>
    assert.ok(Math.abs(actual - expected) <= tolerance, `${what} ${actual} is not within ${tolerance} of ${expected}`);

/** The push's progress and its rate at `t` seconds. */
const progress = (t) => 1 - (1 + OMEGA * t) * Math.exp(-OMEGA * t);
const rate = (t) => OMEGA * OMEGA * t * Math.exp(-OMEGA * t);

/** The plan's keyframe at progress `p`: the page scaled from the thumbnail's width to its own. */
function keyframe(time, p) {
    const scale = 110 / 393 + (1 - 110 / 393) * p;
    const x = 16 * (1 - p), y = 120 * (1 - p);
    return {
        time, progress: p,
        transform: [scale, 0, 0, scale, x, y],
        mask: { x, y, width: 110 + (393 - 110) * p, height: 110 + (852 - 110) * p, cornerRadius: 8 + 47 * p },
        opacity: { sourceSlot: 0, sourceContent: Math.max(0, 1 - 2 * p), destination: 1, dimming: 0.15 * p, background: 0, covered: 1 },
        shadow: { radius: 18, opacity: 0.24 * Math.min(1, p / 0.15), offsetY: 4 },
        covered: [1 - 0.086 * p, 0, 0, 1 - 0.086 * p, 196.5 * 0.086 * p, 426 * 0.086 * p],
    };
}
const PLAN = Array.from({ length: 31 }, (_, index) => keyframe(index / 60, index === 30 ? 1 : progress(index / 60)));

describe("frameAt", () => {
    test("is a keyframe at its time, the first before the plan and the last after it", () => {
        assert.deepEqual(frameAt(PLAN, 5 / 60), PLAN[5]);
        assert.deepEqual(frameAt(PLAN, -1), PLAN[0]);
        assert.deepEqual(frameAt(PLAN, 9), PLAN.at(-1));
    });

    test("between two keyframes mixes every number linearly", () => {
        const mixed = frameAt(PLAN, 5.25 / 60);
        near(mixed.progress, PLAN[5].progress * 0.75 + PLAN[6].progress * 0.25, 1e-12);
        near(mixed.mask.height, PLAN[5].mask.height * 0.75 + PLAN[6].mask.height * 0.25, 1e-9);
        near(mixed.transform[5], PLAN[5].transform[5] * 0.75 + PLAN[6].transform[5] * 0.25, 1e-9);
        near(mixed.covered[0], PLAN[5].covered[0] * 0.75 + PLAN[6].covered[0] * 0.25, 1e-12);
    });
});

describe("keyframesFrom", () => {
    test("starts exactly at the time asked, not at the keyframe before it, and spans the rest in milliseconds", () => {
        const start = 10.4 / 60;
        const { keyframes, duration } = keyframesFrom(PLAN, start, PAGE, false);
        near(duration, (0.5 - start) * 1000, 1e-6);
        assert.equal(keyframes.destination[0].offset, 0);
        assert.equal(keyframes.destination.at(-1).offset, 1);
        assert.equal(keyframes.destination[0].transform, frameStyles(frameAt(PLAN, start), PAGE, false).destination.transform);
        for (const name of ["covered", "source", "dimming", "shadow", "background", "destination", "snapshot"]) assert.ok(keyframes[name], name);
        assert.equal(keyframes.page, undefined, "no page layer outside crossfade plans");
    });

    test("a single keyframe still makes a playable animation of two", () => {
        const { keyframes } = keyframesFrom(PLAN, 9, PAGE, false);
        assert.equal(keyframes.destination.length, 2);
        assert.equal(keyframes.destination[1].offset, 1);
    });
});

describe("frameStyles", () => {
    test("at rest the page is unmoved, clipped to its own rounded corners, over a dimmed, shrunk grid", () => {
        const styles = frameStyles(PLAN.at(-1), PAGE, false);
        assert.equal(styles.destination.transform, "matrix(1, 0, 0, 1, 0, 0)");
        assert.equal(styles.destination.clipPath, "inset(0 0 0 0 round 55px)");
        assert.equal(styles.snapshot.opacity, 0);
        assert.equal(styles.dimming.opacity, 0.15);
        assert.equal(styles.covered.transform, "matrix(0.914, 0, 0, 0.914, 16.899, 36.636)");
        assert.deepEqual({ left: styles.shadow.left, width: styles.shadow.width, borderRadius: styles.shadow.borderRadius }, { left: "0", width: "393px", borderRadius: "55px" });
    });

    test("on the thumbnail the page is scaled onto it, clipped to the thumbnail's rect in its own coordinates", () => {
        const styles = frameStyles(PLAN[0], PAGE, false);
        assert.equal(styles.destination.transform, `matrix(${Math.round(110 / 393 * 1e6) / 1e6}, 0, 0, ${Math.round(110 / 393 * 1e6) / 1e6}, 16, 120)`);
        // 110 pt of the page's width shows 393 pt of the page: the clip keeps 393 × 393 of it.
        assert.equal(styles.destination.clipPath, "inset(0 0 459px 0 round 28.582px)");
        assert.equal(styles.snapshot.opacity, 1);
    });

    test("matrices keep 6 decimals: at 3 a scale would move the page's bottom edge by up to 0.4 px (issue 45 §8)", () => {
        const styles = frameStyles({ ...PLAN.at(-1), transform: [0.7654321, 0, 0, 0.7654321, 10.1234567, 20] }, PAGE, false);
        assert.equal(styles.destination.transform, "matrix(0.765432, 0, 0, 0.765432, 10.123457, 20)");
    });

    test("a crossfade plan draws its page layer from the background layer", () => {
        const frame = { ...PLAN.at(-1), layers: { content: { transform: [1, 0, 0, 1, 0, 0], mask: PLAN.at(-1).mask, opacity: 1 }, background: { transform: [1, 0, 0, 1, 0, 0], mask: PLAN.at(-1).mask, opacity: 0.5 } } };
        assert.equal(frameStyles(frame, PAGE, true).page.opacity, 0.5);
        assert.equal(frameStyles(PLAN.at(-1), PAGE, true).page.opacity, 0);
    });
});

describe("a grabbed card (stoppedFrame)", () => {
    const time = 4.5 / 60; // between two keyframes, mid-flight

    test("at the grab it is the spring's own progress, closer than the two keyframes' linear mix", () => {
        const grabbed = stoppedFrame(PLAN, time, 45, 0);
        near(grabbed.progress, progress(time), 2e-4, "progress at the grab");
        assert.ok(Math.abs(frameAt(PLAN, time).progress - progress(time)) > 5 * Math.abs(grabbed.progress - progress(time)));
    });

    test("it stops where its rate carries it in 1/ω, braking monotonically there (issue 45 §8)", () => {
        const stop = progress(time) + rate(time) / 45;
        near(stoppedFrame(PLAN, time, 45).progress, stop, 1e-3, "where it stops");
        let previous = -Infinity;
        for (const elapsed of [0, 0.005, 0.01, 0.02, 0.05, 0.1, 0.3]) {
            const braked = stoppedFrame(PLAN, time, 45, elapsed);
            near(braked.progress, stop - rate(time) / 45 * Math.exp(-45 * elapsed), 1e-3, `after ${elapsed} s`);
            assert.ok(braked.progress >= previous);
            previous = braked.progress;
        }
    });

    test("its frame is the plan's at that progress, and after the plan's end the last keyframe", () => {
        const braked = stoppedFrame(PLAN, time, 45, 0.02);
        const scale = 110 / 393 + (1 - 110 / 393) * braked.progress;
        near(braked.transform[0], scale, 1e-9);
        assert.deepEqual(stoppedFrame(PLAN, 2, 45), PLAN.at(-1));
    });
});

describe("the covered page and the thumbnail's copy", () => {
    test("the thumbnail drawn on the shrunk grid maps back to where the unmoved grid has it (issue 45 §8)", () => {
        const covered = PLAN.at(-1).covered; // 0.914 about the container's centre
        const thumbnail = { x: 6, y: 647.5, width: 123, height: 184.5 };
        const drawn = {
            x: covered[0] * thumbnail.x + covered[4], y: covered[3] * thumbnail.y + covered[5],
            width: covered[0] * thumbnail.width, height: covered[3] * thumbnail.height,
        };
        const unmoved = unmovedRect(drawn, covered);
        for (const key of ["x", "y", "width", "height"]) near(unmoved[key], thumbnail[key], 1e-9, key);
        assert.deepEqual(unmovedRect(thumbnail, [1, 0, 0, 1, 0, 0]), thumbnail);
        assert.deepEqual(unmovedRect(thumbnail, [0, 0, 0, 0, 0, 0]), thumbnail, "a matrix that cannot be inverted changes nothing");
    });

    test("the copy's region is the part of the page the card's transform puts on the source", () => {
        const frame = PLAN[0], source = { x: 16, y: 120, width: 110, height: 110 };
        const region = sourceRegion(frame, source);
        const [a, , , d, tx, ty] = frame.transform;
        near(a * region.x + tx, source.x, 1e-9);
        near(d * region.y + ty, source.y, 1e-9);
        near(a * region.width, source.width, 1e-9);
        near(d * region.height, source.height, 1e-9);
        assert.equal(sourceRegion({ ...frame, transform: [0, 0, 0, 0, 0, 0] }, source), null);
    });
});

describe("a held card (heldFrame)", () => {
    const rest = PLAN.at(-1);

    test("the identity pose is the resting frame", () => {
        const held = heldFrame(rest, { scale: 1, rotation: 0, x: 0, y: 0 }, { x: 200, y: 300 });
        assert.deepEqual(held.transform, rest.transform);
        assert.deepEqual(held.mask, rest.mask);
    });

    test("a scale keeps the pivot still and scales the mask and its corners about it; a translation moves it", () => {
        const held = heldFrame(rest, { scale: 0.5, rotation: 0, x: 10, y: 40 }, { x: 200, y: 300 });
        const [a, b, c, d, tx, ty] = held.transform;
        near(a * 200 + c * 300 + tx, 210, 1e-9);
        near(b * 200 + d * 300 + ty, 340, 1e-9);
        near(held.mask.width, 393 / 2, 1e-9);
        near(held.mask.height, 852 / 2, 1e-9);
        near(held.mask.cornerRadius, 55 / 2, 1e-9);
        near(held.mask.x, 210 - 200 / 2, 1e-9);
    });

    test("a turned card's mask is its rect turned about its own centre: the centre moved, the size scaled", () => {
        const held = heldFrame(rest, { scale: 0.8, rotation: Math.PI / 6, x: 0, y: 0 }, { x: 196.5, y: 426 });
        near(held.mask.x + held.mask.width / 2, 196.5, 1e-9);
        near(held.mask.y + held.mask.height / 2, 426, 1e-9);
        near(held.mask.width, 393 * 0.8, 1e-9);
        near(Math.atan2(held.transform[1], held.transform[0]), Math.PI / 6, 1e-12);
    });
});
