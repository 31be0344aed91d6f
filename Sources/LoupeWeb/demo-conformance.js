// The prototype checks itself (issue 43 §6): a plan played in this browser by one of two players,
// Element.animate() with the plan's format=waapi answer or CSS animations with its format=css
// stylesheet, on the markup the css rendering documents (.loupe-container holding one element per
// layer); its playback recorded frame by frame from the layers' computed styles, exactly as
// docs/conformance.md tells a web developer to record theirs, and judged by POST /v1/conformance.
// "CSS ease, 300 ms" replaces the plan's easing with `ease` between its first and last keyframe,
// the common hand-made zoom that does not match iOS.

import { post } from "./api.js";

const LAYERS = ["covered", "source", "dimming", "shadow", "background", "destination", "snapshot"];
/** Frames recorded before the player starts, and after it ends: the still card either side. */
const STILL_FRAMES = 3;

const stage = document.getElementById("stage");
const form = document.getElementById("controls");
const verdictText = document.getElementById("verdict");
const checkList = document.getElementById("checks");
const chart = document.getElementById("chart");

/** For the browser test: the last request sent to /v1/conformance and its verdict. */
const record = { lastRequest: null, lastVerdict: null };
window.loupeConformance = record;

/** The plan's request: a 110 pt thumbnail and a page the size of the stage. */
function planRequest(transition) {
    const width = Math.round(stage.clientWidth), height = Math.round(stage.clientHeight);
    return {
        transition,
        container: { width, height, cornerRadius: 0 },
        source: { frame: { x: 16, y: 120, width: 110, height: 110 }, cornerRadius: 8 },
        destination: { frame: { x: 0, y: 0, width, height } },
    };
}

/** The layers, fresh: one element per layer the renderings animate, bottom to top. */
function buildLayers() {
    stage.replaceChildren();
    const elements = {};
    for (const name of LAYERS) {
        const element = document.createElement("div");
        element.className = `loupe-${name} conformance-${name}`;
        stage.append(element);
        elements[name] = element;
    }
    return elements;
}

/**
 * The card's visible box in the stage's coordinates: the destination's clip-path inset mapped
 * through its transform (about its transform-origin), as a screen-recording tracker would see
 * it; the radius scaled with it.
 */
export function visibleCard(element) {
    const style = getComputedStyle(element);
    const matrix = new DOMMatrixReadOnly(style.transform === "none" ? undefined : style.transform);
    const [originX, originY] = style.transformOrigin.split(" ").map(parseFloat);
    const inset = parseInset(style.clipPath, element.offsetWidth, element.offsetHeight);
    const corners = [[inset.left, inset.top], [element.offsetWidth - inset.right, inset.top],
        [inset.left, element.offsetHeight - inset.bottom], [element.offsetWidth - inset.right, element.offsetHeight - inset.bottom]]
        .map(([x, y]) => matrix.transformPoint(new DOMPointReadOnly(x - originX, y - originY)))
        .map((point) => [element.offsetLeft + originX + point.x, element.offsetTop + originY + point.y]);
    const xs = corners.map((corner) => corner[0]), ys = corners.map((corner) => corner[1]);
    const scale = Math.sqrt(Math.abs(matrix.a * matrix.d - matrix.b * matrix.c));
    const x = Math.min(...xs), y = Math.min(...ys);
    return { card: { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y }, cornerRadius: inset.radius * scale };
}

/**
 * `inset(top right bottom left round radius)` as computed (one to four lengths, CSS's shorthand
 * order; percentages of the element's box); `none` is no inset.
 */
export function parseInset(text, width, height) {
    const match = /^inset\(([^)]*)\)$/.exec(text.trim());
    if (!match) return { top: 0, right: 0, bottom: 0, left: 0, radius: 0 };
    const [lengths, round] = match[1].split(/\s+round\s+/);
    const length = (value, base) => (value.endsWith("%") ? (parseFloat(value) / 100) * base : parseFloat(value) || 0);
    const parts = lengths.trim().split(/\s+/);
    const [top, right = top, bottom = top, left = right] = parts;
    return {
        top: length(top, height), right: length(right, width), bottom: length(bottom, height), left: length(left, width),
        radius: round ? length(round.trim().split(/\s+/)[0], width) : 0,
    };
}

/** One frame of `observed`, read off the layers now. */
function sample(elements, now) {
    const frame = { time: round(now / 1000, 6), ...visibleCard(elements.destination) };
    frame.card = Object.fromEntries(Object.entries(frame.card).map(([key, value]) => [key, round(value, 3)]));
    frame.cornerRadius = round(frame.cornerRadius, 3);
    frame.dimming = round(parseFloat(getComputedStyle(elements.dimming).opacity), 4);
    frame.sourceContent = round(parseFloat(getComputedStyle(elements.snapshot).opacity), 4);
    return frame;
}

function round(value, places) {
    const scale = 10 ** places;
    return Math.round(value * scale) / scale;
}

/**
 * Plays `waapi` with Element.animate(); with `ease300`, each layer goes from its first keyframe
 * to its last with CSS `ease` over 300 ms instead. Returns the animations.
 */
function playWAAPI(elements, waapi, easing) {
    for (const [name, values] of Object.entries(waapi.styles)) if (elements[name]) Object.assign(elements[name].style, values);
    return Object.entries(waapi.keyframes).filter(([name]) => elements[name]).map(([name, frames]) => {
        if (easing === "ease300") {
            const ends = [frames[0], frames[frames.length - 1]].map(({ offset, easing: _, ...values }) => values);
            return elements[name].animate(ends, { duration: 300, easing: "ease", fill: "both" });
        }
        return elements[name].animate(frames, waapi.timing);
    });
}

/**
 * Plays the css rendering: its stylesheet adopted, so the layers' classes pick up its rules and
 * the browser's CSS animations run them; with `ease300`, each @keyframes keeps its first and
 * last step and every animation becomes `300ms ease both`. Returns the animations.
 */
function playCSS(css, easing) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    if (easing === "ease300") {
        for (const rule of [...sheet.cssRules]) {
            if (rule instanceof CSSKeyframesRule) {
                const steps = [...rule.cssRules].map((step) => step.keyText);
                for (const key of steps.slice(1, -1)) rule.deleteRule(key);
            } else if (rule.style?.animationName) {
                rule.style.animationDuration = "300ms";
                rule.style.animationTimingFunction = "ease";
            }
        }
    }
    // The container's own rule would size the stage to the plan: the stage is already that size.
    document.adoptedStyleSheets = [sheet];
    return stage.getAnimations({ subtree: true });
}

/** Resolves when every animation has finished (or at once when there are none). */
function finished(animations) {
    return Promise.all(animations.map((animation) => animation.finished.catch(() => null)));
}

/** One frame from now, with its timestamp. */
function nextFrame() {
    return new Promise((resolve) => requestAnimationFrame(resolve));
}

async function run(transition, player, easing) {
    document.body.dataset.state = "running";
    verdictText.textContent = "Playing and recording…";
    checkList.replaceChildren();
    document.adoptedStyleSheets = [];
    const elements = buildLayers();
    const body = planRequest(transition);
    const rendering = await post("/v1/plans", player, body);
    let animations = player === "css" ? playCSS(rendering, easing) : playWAAPI(elements, rendering, easing);
    // Held at their first frame while the still frames are recorded, then started together.
    for (const animation of animations) animation.pause();
    const frames = [];
    for (let index = 0; index < STILL_FRAMES; index += 1) frames.push(sample(elements, await nextFrame()));
    for (const animation of animations) animation.play();
    let done = false;
    finished(animations).then(() => { done = true; });
    while (!done) frames.push(sample(elements, await nextFrame()));
    for (let index = 0; index < STILL_FRAMES; index += 1) frames.push(sample(elements, await nextFrame()));
    animations = [];

    const request = { expected: { plan: body }, observed: { frames } };
    record.lastRequest = request;
    const [verdict, picture] = await Promise.all([post("/v1/conformance", "json", request), post("/v1/conformance", "svg", request)]);
    record.lastVerdict = verdict;
    show(verdict, picture, { transition, player, easing });
    document.body.dataset.state = "done";
}

function show(verdict, picture, { transition, player, easing }) {
    const failing = verdict.checks.filter((check) => !check.conforms);
    const what = `${transition} by ${player === "css" ? "CSS animations" : "Element.animate()"} with ${easing === "plan" ? "the plan's easing" : "CSS ease over 300 ms"}`;
    verdictText.textContent = verdict.conforms
        ? `Conforms: the ${what}: all ${verdict.checks.length} checks pass.`
        : `Does not conform: the ${what}: ${failing.map((check) => check.name).join(", ")} fail.`;
    for (const check of verdict.checks) {
        const item = document.createElement("li");
        item.className = check.conforms ? "pass" : "fail";
        const figures = check.max !== undefined ? `largest error ${check.max} (tolerance ${check.tolerance})`
            : check.expected !== undefined ? `expected ${check.expected} s, observed ${check.observed ?? "never"} s` : "";
        item.textContent = `${check.conforms ? "✓" : "✗"} ${check.name} ${figures}`;
        checkList.append(item);
    }
    if (chart.src) URL.revokeObjectURL(chart.src);
    chart.src = URL.createObjectURL(new Blob([picture], { type: "image/svg+xml" }));
}

form.addEventListener("submit", (event) => {
    event.preventDefault();
    const value = (id) => document.getElementById(id).value;
    run(value("transition"), value("player"), value("easing")).catch((error) => {
        verdictText.textContent = `Failed: ${error.message}`;
        document.body.dataset.state = "failed";
    });
});
