// settings.js: how the settings become the requests' `animation`, `options` and `platform`, and
// the choices the page makes from the browser's media features (stubbed here: Node has no window).

import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { page } from "./page.mjs";

const { DEFAULTS, animationMember, cornerRadius, optionsMember, platformMember, reducesMotion } = await page("settings.js");

/** The window's media features and size as the page reads them, for one test. */
function browser({ reduce = false, coarse = false, width = 393, height = 852 } = {}) {
    globalThis.matchMedia = (query) => ({ matches: (query.includes("reduce") && reduce) || (query.includes("coarse") && coarse) });
    globalThis.innerWidth = width;
    globalThis.innerHeight = height;
}
afterEach(() => {
    delete globalThis.matchMedia;
    delete globalThis.innerWidth;
    delete globalThis.innerHeight;
});

describe("the requests' members", () => {
    test("the default spring is Loupe's own: only the frame rate is sent", () => {
        assert.deepEqual(animationMember(DEFAULTS), { frameRate: 60 });
    });

    test("a preset, a response and damping, or a duration and bounce", () => {
        assert.deepEqual(animationMember({ ...DEFAULTS, springForm: "preset", preset: "bouncy" }), { frameRate: 60, spring: "bouncy" });
        assert.deepEqual(animationMember({ ...DEFAULTS, springForm: "response", response: 0.5, dampingRatio: 0.7, frameRate: 120 }),
            { frameRate: 120, spring: { response: 0.5, dampingRatio: 0.7 } });
        assert.deepEqual(animationMember({ ...DEFAULTS, springForm: "duration", duration: 0.4, bounce: 0.2 }),
            { frameRate: 60, spring: { duration: 0.4, bounce: 0.2 } });
    });

    test("options carry the fit mode and the blur only when chosen", () => {
        assert.deepEqual(optionsMember(DEFAULTS), { motionPath: "straight", backgroundMode: "zoom" });
        assert.deepEqual(optionsMember({ ...DEFAULTS, fitMode: "fill", dimmingVisualEffect: "systemMaterial", backgroundMode: "crossfade" }),
            { motionPath: "straight", backgroundMode: "crossfade", fitMode: "fill", dimmingVisualEffect: "systemMaterial" });
    });

    test("the platform is iOS 18 unless the iOS 26 switch is on", () => {
        assert.deepEqual(platformMember(DEFAULTS), { os: "iOS", version: "18.0", framework: "UIKit" });
        assert.equal(platformMember({ ...DEFAULTS, ios26: true }).version, "26.0");
    });
});

describe("what the browser decides", () => {
    test("Reduce Motion follows the system unless the setting says always or never", () => {
        browser({ reduce: true });
        assert.equal(reducesMotion(DEFAULTS), true);
        assert.equal(reducesMotion({ ...DEFAULTS, reduceMotion: "never" }), false);
        browser({ reduce: false });
        assert.equal(reducesMotion(DEFAULTS), false);
        assert.equal(reducesMotion({ ...DEFAULTS, reduceMotion: "always" }), true);
    });

    test("the display's corners: 55 on a phone, 0 elsewhere, or the number set, never below 0", () => {
        browser({ coarse: true, width: 393, height: 852 });
        assert.equal(cornerRadius(DEFAULTS), 55);
        browser({ coarse: true, width: 820, height: 1180 });
        assert.equal(cornerRadius(DEFAULTS), 0, "a tablet");
        browser({ coarse: false, width: 393, height: 852 });
        assert.equal(cornerRadius(DEFAULTS), 0, "a narrow desktop window");
        assert.equal(cornerRadius({ ...DEFAULTS, cornerRadius: "39" }), 39);
        assert.equal(cornerRadius({ ...DEFAULTS, cornerRadius: "-4" }), 0);
        browser({ coarse: true });
        assert.equal(cornerRadius({ ...DEFAULTS, cornerRadius: "round" }), 55, "not a number: automatic");
    });
});
