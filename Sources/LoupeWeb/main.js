// Loupe's web prototype: a grid of pictures that zoom into a detail view and back, every frame
// planned by the Loupe serving this page.
//
// Phases (phases.js has the table of moves; body[data-phase], also read by the browser test in
// Tests/browser):
//   grid → opening (POST /v1/plans, format waapi, played) → detail
//   detail → tracking (a finger holds the card; the page follows it) → settling (POST
//            /v1/timelines with the gesture; its keyframes after the release are played) → detail or grid
//   detail → closing (Done or Escape: a pop or dismiss plan, played) → grid
//   opening or closing → tracking (a finger grabbed the moving card) → settling (POST /v1/timelines:
//            the app's push or pop at 0, then the touches) → detail or grid
// With Settings → View Transitions, opening and closing play through the browser's own
// document.startViewTransition with Loupe's format=view-transition stylesheet instead.
//
// Each of open, close, settle and releaseGrab runs as a flow (phases.js): a finger grabbing the
// moving card cancels the opening's or closing's flow, which stops at its next `await`.

import { post } from "./api.js";
import { attachGestures, MODEL } from "./gestures.js";
import {
    applyFrameStyles, commitLastFrames, frameAt, frameStyles, heldFrame, keyframesFrom, placeLayers, playKeyframes, playWAAPI,
    sourceRegion, stoppedFrame, unmovedRect,
} from "./layers.js";
import { createPanel } from "./panel.js";
import { createPhases } from "./phases.js";
import { makePictures, pictureElement } from "./pictures.js";
import { animationMember, bindSettings, cornerRadius, optionsMember, platformMember, reducesMotion } from "./settings.js";

const gridPage = document.getElementById("grid-page");
const grid = document.getElementById("grid");
const stage = document.getElementById("stage");
const doneButton = document.getElementById("done");
const caption = document.getElementById("caption");
const toast = document.getElementById("toast");
const panel = createPanel(document.getElementById("panel"));
const settingsForm = document.getElementById("settings-form");
const settings = bindSettings(settingsForm, () => {});

/** The elements the plan's layers animate. `source` is the tapped thumbnail. */
const layers = { covered: gridPage, source: null };
for (const element of stage.querySelectorAll("[data-layer]")) layers[element.dataset.layer] = element;

/** Reduce Motion's cross-fade: ~140 ms each way (measured by swift_transitions). */
const CROSS_FADE_MS = 140;

/** The view-transition-name Loupe's stylesheet animates by default (docs/api.md). */
const VIEW_TRANSITION_NAME = "loupe-zoom";

/** Points around the moving card that still grab it: a finger is not a pixel. */
const GRAB_MARGIN = 12;

/** The page's phase, moved only as phases.js's table allows, and shown on body[data-phase]. */
const phases = createPhases((phase) => { document.body.dataset.phase = phase; });
document.body.dataset.phase = phases.phase;

const state = {
    picture: null,
    thumb: null,
    kind: "navigation", // fixed while one detail view is open
    container: null, // {width, height, cornerRadius}: the window, as sent to Loupe
    page: null, // where the detail view rests, container coordinates
    crossfade: false,
    rest: null, // the opening plan's last keyframe: the card at rest, which gestures move
    sheet: null, // iOS 26: the size of the sheet the page rests in (its detent), else null
    animations: [],
    flight: null, // the running open or close played with WAAPI: {transition, plan}, which a finger may grab
    grab: null, // a grabbed flight: {transition, time (plan seconds), keyframes (the flight's plan)}
};

/** For debugging and for the browser test: what the page last asked and got. Read-only use. */
const record = {
    get phase() { return phases.phase; },
    get animations() { return state.animations; },
    get source() { return state.thumb; }, // the tapped thumbnail
    lastPlanRequest: null,
    lastPlan: null,
    lastTimelineRequest: null,
    lastTimeline: null,
    lastRelease: null, // {held, settleFrom}: the card's transform when the fingers lifted, and where the settle starts
    tracked: null, // the time (s from touchdown) of the gesture's sample the page last drew while a finger held the card
};
window.loupePrototype = record;

// MARK: - The grid

for (const picture of makePictures(36)) {
    const thumb = document.createElement("button");
    thumb.type = "button";
    thumb.className = "thumb";
    thumb.setAttribute("aria-label", picture.title);
    thumb.dataset.picture = picture.id;
    thumb.style.aspectRatio = String(picture.thumbAspect);
    thumb.style.borderRadius = `${picture.radius}px`;
    thumb.append(pictureElement(picture, "slice"));
    // Shift-click plays in slow motion, as the iOS simulator's "Slow Animations".
    thumb.addEventListener("click", (event) => open(picture, thumb, event.shiftKey));
    grid.append(thumb);
}

// MARK: - Requests

function containerSize() {
    return { width: window.innerWidth, height: window.innerHeight };
}

function round(value) {
    return Math.round(value * 1000) / 1000;
}

/**
 * The thumbnail's rect, container (window) coordinates, where it sits when the covered page is
 * not moved: the frame a plan or timeline lands the card on, where the covered page is back at
 * identity. While the detail view is open (at rest, or held under a gesture, or grabbed
 * mid-flight) the grid is drawn shrunk by the covered page's transform (0.914 at rest), so the
 * thumbnail's measured rect is mapped back through it (issue 45 §8).
 */
function sourceFrame() {
    const rect = unmovedRect(state.thumb.getBoundingClientRect(), coveredTransform());
    return { x: round(rect.x), y: round(rect.y), width: round(rect.width), height: round(rect.height) };
}

/**
 * The covered page's transform as drawn now, [a, b, c, d, tx, ty] from container to container
 * (its origin is the container's top-left, prototype.css), as Loupe's `covered` states it.
 */
function coveredTransform() {
    const { a, b, c, d, e, f } = new DOMMatrixReadOnly(getComputedStyle(gridPage).transform);
    return [a, b, c, d, e, f];
}

/**
 * Where the whole picture sits in the detail view: centred and letterboxed (aspect fit).
 * @param {number} aspect the picture's width ÷ height
 * @param {{width: number, height: number}} size the view it fits in
 * @returns {{x: number, y: number, width: number, height: number}}
 */
function letterbox(aspect, size) {
    let width = size.width, height = width / aspect;
    if (height > size.height) {
        height = size.height;
        width = height * aspect;
    }
    return { x: round((size.width - width) / 2), y: round((size.height - height) / 2), width: round(width), height: round(height) };
}

/**
 * Everything a plan and a timeline share: the scene and how it should move.
 * @param {import("./settings.js").Settings} current
 * @returns {object} the request's platform, container, source, destination, animation and options
 */
function scene(current) {
    const destination = { frame: state.page };
    // The alignment rect tells Loupe where the thumbnail's content sits in the detail view:
    // without it the whole page maps onto the thumbnail and the picture ghosts (the "Zoom
    // transitions" guide's "double ferry"); with it the picture lands exactly on the thumbnail.
    // On iOS 26 the presentation is a sheet resting at its medium detent; the letterbox describes
    // the full page, so a sheet goes without it.
    const sheet = state.kind === "presentation" && current.ios26;
    if (current.alignmentRect && !sheet) destination.alignmentRect = letterbox(state.picture.aspect, state.page);
    // The detail view has a Done button, which a full-screen presentation should have.
    if (state.kind === "presentation") Object.assign(destination, { presentationStyle: "fullScreen", closeButton: true });
    if (sheet) Object.assign(destination, { presentationStyle: "pageSheet", detent: "medium" });
    return {
        platform: platformMember(current),
        container: state.container,
        source: { frame: sourceFrame(), cornerRadius: state.picture.radius, role: "image" },
        destination,
        animation: animationMember(current),
        options: optionsMember(current),
    };
}

/**
 * The same transition as a lifecycle script, for the swimlane picture.
 * @param {"push" | "present" | "pop" | "dismiss"} transition
 * @param {import("./settings.js").Settings} current
 * @param {{time: number, outcome: string} | null} [release] an interactive pop's or dismissal's
 * @returns {object} a /v1/lifecycle request
 */
function lifecycleScript(transition, current, release) {
    const spring = animationMember(current).spring;
    const script = { stack: ["grid"], events: [] };
    if (spring) script.animation = { spring };
    if (transition === "push") script.events.push({ time: 0, type: "push", viewController: "detail", transition: "zoom" });
    if (transition === "present") script.events.push({ time: 0, type: "present", viewController: "detail", style: "fullScreen", transition: "zoom" });
    if (transition === "pop") script.stack.push("detail");
    if (transition === "dismiss") script.presented = [{ viewController: "detail", style: "fullScreen", transition: "zoom" }];
    if (transition === "pop" || transition === "dismiss") {
        script.events.push({ time: 0, type: transition, interactive: Boolean(release) });
        if (release) script.events.push({ time: release.time, type: "release", outcome: release.outcome });
    }
    return script;
}

/**
 * Fills the plan panel for a plan request, as the answers arrive.
 * @param {string} title
 * @param {object} body the /v1/plans request
 * @param {import("./settings.js").Settings} current
 * @returns {Promise<{keyframes: import("./layers.js").Keyframe[], duration: number}>} the JSON plan
 */
function describePlan(title, body, current) {
    const key = current.apiKey;
    const facts = [`Source ${formatRect(body.source.frame)}, corner radius ${body.source.cornerRadius}`,
        body.destination.alignmentRect ? `Alignment rect ${formatRect(body.destination.alignmentRect)}` : "No alignment rect: the whole page maps onto the thumbnail"];
    panel.begin(title, facts);
    const plan = post("/v1/plans", "json", body, key);
    plan.then((answer) => {
        record.lastPlan = answer;
        const summary = `Effect ${answer.effect}, ${Math.round(answer.duration * 1000)} ms, ${answer.keyframes.length} keyframes at ${answer.frameRate} fps`;
        panel.facts([summary, ...facts]);
        panel.warnings(answer.warnings);
    }, showError);
    post("/v1/plans", "svg", body, key).then((svg) => panel.image("plan", svg), showError);
    post("/v1/lifecycle", "svg", lifecycleScript(body.transition, current), key).then((svg) => panel.image("lifecycle", svg), showError);
    return plan;
}

function formatRect(rect) {
    return `(${Math.round(rect.x)}, ${Math.round(rect.y)}) ${Math.round(rect.width)}×${Math.round(rect.height)}`;
}

// MARK: - Opening

/**
 * A tapped thumbnail opens its picture: a push (or full-screen presentation) planned by Loupe and
 * played, unless a finger grabs the moving card.
 * @param {import("./pictures.js").Picture} picture
 * @param {HTMLElement} thumb
 * @param {boolean} shiftKey slow motion for this one (the simulator's "Slow Animations")
 */
async function open(picture, thumb, shiftKey) {
    if (phases.phase !== "grid") return;
    const flow = phases.startFlow();
    const current = settings();
    Object.assign(state, { picture, thumb, kind: current.kind, crossfade: current.backgroundMode === "crossfade", sheet: null });
    const size = containerSize();
    state.container = { ...size, cornerRadius: cornerRadius(current) };
    if (leadingDirection() < 0) state.container.layoutDirection = "rightToLeft";
    state.page = { x: 0, y: 0, ...size };
    layers.source = thumb;
    phases.move("opening");
    buildDetail(picture);

    const body = { transition: state.kind === "navigation" ? "push" : "present", ...scene(current) };
    record.lastPlanRequest = body;
    const plan = describePlan(`${body.transition} “${picture.title}”`, body, current);
    let waapi, answer;
    try {
        [waapi, answer] = await Promise.all([post("/v1/plans", "waapi", body, current.apiKey), plan]);
    } catch (error) {
        showError(error);
        return finishClosing();
    }
    if (flow.cancelled) return;
    state.rest = answer.keyframes.at(-1);
    // A sheet at its detent shows the page's top-left part the size of the sheet: the picture is
    // letterboxed into that.
    state.sheet = body.destination.detent ? { width: state.rest.mask.width, height: state.rest.mask.height } : null;
    layoutPicture();
    setRegion(answer.keyframes[0], body.source.frame);
    const rate = current.slowMotion || shiftKey ? 0.1 : 1;
    if (reducesMotion(current)) {
        stage.hidden = false;
        await crossFade(waapi, "in", rate);
    } else if (usesViewTransitions(current)) {
        const shown = await playViewTransition(body, current, rate, thumb, layers.destination, () => {
            stage.hidden = false;
            holdLayers(waapi, (frames) => frames.at(-1));
            thumb.style.opacity = "0";
        });
        if (!shown) return finishClosing();
    } else {
        stage.hidden = false;
        state.flight = { transition: body.transition, plan: answer };
        state.animations = play(waapi, answer, rate);
        await finished(state.animations);
        if (flow.cancelled) return; // a finger grabbed it: the timeline takes over
        state.flight = null;
        commitLastFrames(layers, state.animations);
        state.animations = [];
    }
    if (flow.cancelled) return;
    atRest();
}

/**
 * Fills the stage for `picture`. Zoom mode: the destination layer is the whole detail view (a
 * black page with the picture letterboxed). Crossfade mode: the destination is the picture alone
 * and the page layer, which fades in place, is the black page. Done and the caption sit above
 * both and fade in at rest, like iOS's bar items.
 */
function buildDetail(picture) {
    const backdrop = document.createElement("div");
    backdrop.className = "detail-backdrop";
    const art = document.createElement("div");
    art.className = "detail-picture";
    art.append(pictureElement(picture, "meet"));
    if (state.crossfade) {
        layers.page.replaceChildren(backdrop);
        layers.destination.replaceChildren(art);
    } else {
        layers.page.replaceChildren();
        layers.destination.replaceChildren(backdrop, art);
    }
    const copy = document.createElement("div");
    copy.className = "snapshot-content";
    copy.append(pictureElement(picture, "slice"));
    layers.snapshot.replaceChildren(copy);
    caption.textContent = picture.title;
    layoutPicture();
}

/**
 * The thumbnail's copy covers the part of the page the thumbnail shows when the card sits on it
 * (`frame`, a keyframe on the source): see layers.js.
 */
function setRegion(frame, source) {
    const region = sourceRegion(frame, source);
    if (!region) return;
    const copy = layers.snapshot.firstElementChild;
    Object.assign(copy.style, { left: `${region.x}px`, top: `${region.y}px`, width: `${region.width}px`, height: `${region.height}px` });
}

/**
 * A plan as Loupe wrote it for Element.animate(), plus the thumbnail's copy, which moves with the
 * destination (its keyframes come from the JSON plan, on the same offsets and timing).
 */
function play(waapi, plan, rate) {
    const animations = playWAAPI(layers, waapi, rate);
    const copy = layers.snapshot.animate(keyframesFrom(plan.keyframes, 0, state.page, state.crossfade).keyframes.snapshot, waapi.timing);
    copy.playbackRate = rate;
    animations.push(copy);
    return animations;
}

function layoutPicture() {
    const art = layers.destination.querySelector(".detail-picture");
    const rect = letterbox(state.picture.aspect, state.sheet ?? state.page);
    Object.assign(art.style, { left: `${rect.x}px`, top: `${rect.y}px`, width: `${rect.width}px`, height: `${rect.height}px` });
}

/** Reduce Motion: no zoom, the stage cross-fades in (or out) at the plan's resting state. */
async function crossFade(waapi, direction, rate) {
    holdLayers(waapi, direction === "in" ? (frames) => frames.at(-1) : (frames) => frames[0]);
    const keyframes = direction === "in" ? [{ opacity: 0 }, { opacity: 1 }] : [{ opacity: 1 }, { opacity: 0 }];
    const fade = stage.animate(keyframes, { duration: CROSS_FADE_MS, easing: "ease-in-out", fill: "forwards" });
    fade.playbackRate = rate;
    if (direction === "in") state.thumb.style.opacity = "0";
    await finished([fade]);
    fade.cancel();
}

/**
 * Every stage layer still, as one end of a waapi answer has it: `pick` chooses the first or the
 * last keyframe. The thumbnail's copy is hidden (at rest the detail view shows the picture).
 */
function holdLayers(waapi, pick) {
    placeLayers(layers, waapi.styles);
    for (const [name, frames] of Object.entries(waapi.keyframes)) {
        if (name === "source" || name === "snapshot" || !layers[name] || layers[name].hidden) continue;
        const { offset, ...values } = pick(frames);
        Object.assign(layers[name].style, values);
    }
    layers.snapshot.style.opacity = "0";
}

/** The detail view is at rest and takes gestures; it follows a window that changed size meanwhile. */
function atRest() {
    const size = containerSize();
    if (size.width !== state.page.width || size.height !== state.page.height) resize();
    phases.move("detail");
    doneButton.focus({ preventScroll: true });
}

// MARK: - Closing with Done

/** Done or Escape: a pop (or dismissal) planned by Loupe and played, unless a finger grabs it. */
async function close() {
    if (phases.phase !== "detail") return;
    const flow = phases.startFlow();
    const current = settings();
    phases.move("closing");
    const body = { transition: state.kind === "navigation" ? "pop" : "dismiss", ...scene(current) };
    const plan = describePlan(`${body.transition} “${state.picture.title}”`, body, current);
    let waapi, answer;
    try {
        [waapi, answer] = await Promise.all([post("/v1/plans", "waapi", body, current.apiKey), plan]);
    } catch (error) {
        showError(error);
        return phases.move("detail");
    }
    if (flow.cancelled) return;
    setRegion(answer.keyframes.at(-1), body.source.frame);
    const rate = current.slowMotion ? 0.1 : 1;
    if (reducesMotion(current)) {
        await crossFade(waapi, "out", rate);
    } else if (usesViewTransitions(current)) {
        await playViewTransition(body, current, rate, layers.destination, state.thumb, resetStage);
    } else {
        state.flight = { transition: body.transition, plan: answer };
        state.animations = play(waapi, answer, rate);
        await finished(state.animations);
        state.flight = null;
    }
    if (flow.cancelled) return; // a finger grabbed it: the timeline takes over
    finishClosing();
}

/** Back to the grid: the stage hidden and reset, the thumbnail shown again. */
function finishClosing() {
    resetStage();
    state.rest = null;
    state.grab = null;
    phases.move("grid");
    state.thumb?.focus({ preventScroll: true });
}

/** The grid as it was before the tap: nothing animating, the stage hidden, the thumbnail shown. */
function resetStage() {
    for (const animation of state.animations) animation.cancel();
    state.animations = [];
    stage.hidden = true;
    for (const element of stage.querySelectorAll("[data-layer]")) element.removeAttribute("style");
    gridPage.style.removeProperty("transform");
    gridPage.style.removeProperty("opacity");
    state.thumb?.style.removeProperty("opacity");
}

// MARK: - The browser's own view transition

/**
 * Whether taps play through document.startViewTransition (Settings → View Transitions): only
 * where the browser has it, not under Reduce Motion, which cross-fades instead, and not in the
 * crossfade background mode, whose second page layer the pseudo-element tree has no place for
 * (docs/api.md): there the detail view is the picture alone and its black page would only pop
 * in at the end.
 */
function usesViewTransitions(current) {
    return current.viewTransitions && typeof document.startViewTransition === "function" && !reducesMotion(current)
        && current.backgroundMode !== "crossfade";
}

/**
 * Plays `body`'s plan as a same-document view transition with Loupe's stylesheet
 * (format=view-transition; docs/api.md): `before` carries the name until `update` changes the
 * page, `after` from then on. The stylesheet is adopted through the CSSOM, which the page's
 * CSP allows where it forbids inline styles. Resolves to false when Loupe could not be asked.
 */
async function playViewTransition(body, current, rate, before, after, update) {
    let css;
    try {
        css = await post("/v1/plans", "view-transition", body, current.apiKey);
    } catch (error) {
        showError(error);
        return false;
    }
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    before.style.viewTransitionName = VIEW_TRANSITION_NAME;
    const transition = document.startViewTransition(() => {
        before.style.removeProperty("view-transition-name");
        update();
        after.style.viewTransitionName = VIEW_TRANSITION_NAME;
    });
    // Slow motion slows the pseudo-elements' animations as it slows Element.animate().
    transition.ready.then(() => {
        for (const animation of document.getAnimations()) {
            if (animation.effect?.pseudoElement?.startsWith("::view-transition")) animation.playbackRate = rate;
        }
    }, () => undefined); // a skipped transition still updates the page: nothing to play
    try {
        await transition.finished;
    } catch (error) {
        showError(error);
    } finally {
        after.style.removeProperty("view-transition-name");
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    }
    return true;
}

/**
 * The browser's View Transitions API is missing: the switch is disabled and says why; taps
 * keep playing with Element.animate().
 */
if (typeof document.startViewTransition !== "function") {
    const field = settingsForm.elements.namedItem("viewTransitions");
    field.checked = false;
    field.disabled = true;
    document.getElementById("view-transitions-note").hidden = false;
}

doneButton.addEventListener("click", close);

// MARK: - Interactive dismissal

attachGestures(stage, {
    begins(point, input) {
        if (phases.phase === "detail" && state.rest !== null) {
            if (point && state.kind === "navigation" && nearLeadingEdge(point)) return { mode: "rest", kind: "edgePan", direction: leadingDirection() };
            // iOS 26's content back swipe: a swipe toward the trailing side anywhere on a pushed page.
            const contentBackSwipe = state.kind === "navigation" && settings().ios26;
            return { mode: "rest", contentBackSwipe, direction: leadingDirection() };
        }
        if (point && (phases.phase === "opening" || phases.phase === "closing") && onMovingCard(point)) return { mode: "grab" };
        return null;
    },
    container: () => state.page,
    onBegin(gesture) {
        if (gesture.mode === "grab") grab(gesture);
    },
    onTrack(pose, pivot, gesture) {
        if (phases.phase === "detail") phases.move("tracking");
        record.tracked = gesture.time;
        const base = state.grab ? grabbedFrame(gesture.time) : state.rest;
        // A finger on the page starts an interactive pop or dismissal, which puts the covered
        // page back at once (the rest frame has it removed).
        const held = heldFrame(base, pose, pivot);
        applyFrameStyles(layers, frameStyles({ ...held, opacity: { ...held.opacity, covered: 1 } }, state.page, state.crossfade));
    },
    onRelease: (gesture) => (gesture.mode === "grab" ? releaseGrab(gesture) : settle(gesture)),
});

/** +1 when the page reads left to right, −1 when right to left: which edge is the leading one. */
function leadingDirection() {
    return getComputedStyle(document.documentElement).direction === "rtl" ? -1 : 1;
}

/** A back swipe starts within GestureModel.edgeZone of the leading edge (the right one in RTL). */
function nearLeadingEdge(point) {
    return leadingDirection() > 0 ? point.x <= MODEL.edgeZone : point.x >= state.page.width - MODEL.edgeZone;
}

/**
 * The plan's time (seconds) the running flight shows now: Element.animate()'s currentTime runs
 * at the playback rate, so slow motion is plan time too.
 */
function flightTime() {
    return (state.animations[0]?.currentTime ?? 0) / 1000;
}

/** Whether `point` lands on the card of a running open or close (its mask, with a margin). */
function onMovingCard(point) {
    if (!state.flight || state.animations.length === 0) return false;
    const mask = frameAt(state.flight.plan.keyframes, flightTime()).mask;
    return point.x >= mask.x - GRAB_MARGIN && point.x <= mask.x + mask.width + GRAB_MARGIN
        && point.y >= mask.y - GRAB_MARGIN && point.y <= mask.y + mask.height + GRAB_MARGIN;
}

/**
 * A finger lands on the moving card: it stops where it is. Loupe's timeline brakes it on the
 * tracking spring toward where its velocity carries it in 1/ω (22 ms), and so does the page:
 * until the gesture is recognised each frame draws the braking card, and after it the finger
 * moves the card from there as Loupe's tracking does.
 * @param {import("./gestures.js").Gesture} gesture the grabbing touch, at touchdown
 */
function grab(gesture) {
    // To the millisecond, as the timeline is told it (its events' times are rounded so): the
    // card moves up to 2 px in half a millisecond mid-flight.
    const time = round(flightTime());
    state.grab = { transition: state.flight.transition, time, keyframes: state.flight.plan.keyframes };
    state.flight = null;
    phases.cancelFlow(); // the opening or closing stops at its next await
    phases.move("tracking");
    for (const animation of state.animations) animation.cancel();
    state.animations = [];
    const grabbed = state.grab;
    const brake = (now) => {
        if (state.grab !== grabbed || gesture.anchor || phases.phase !== "tracking") return;
        record.tracked = Math.max(0, now - gesture.origin) / 1000;
        applyFrameStyles(layers, frameStyles(grabbedFrame(record.tracked), state.page, state.crossfade));
        requestAnimationFrame(brake);
    };
    record.tracked = 0;
    applyFrameStyles(layers, frameStyles(grabbedFrame(0), state.page, state.crossfade));
    requestAnimationFrame(brake);
}

/**
 * The grabbed flight's card `elapsed` seconds after the grab, before the finger's own motion.
 * @param {number} elapsed
 * @returns {import("./layers.js").Keyframe}
 */
function grabbedFrame(elapsed) {
    return stoppedFrame(state.grab.keyframes, state.grab.time, MODEL.trackingOmega, elapsed);
}

/**
 * The finger let go of a grabbed flight: the timeline replays the app's call at 0 and the
 * touches from the grab on, decides finish or cancel, and the page plays its keyframes from the
 * release. A grabbed push (present) is completed and popped (dismissed) by the finger, so
 * "finish" ends on the grid either way, "cancel" on the detail view.
 * @param {import("./gestures.js").Gesture} gesture
 */
async function releaseGrab(gesture) {
    const { transition, time } = state.grab;
    const flow = phases.startFlow();
    const held = layers.destination.style.transform; // where the finger left the card
    const current = settings();
    phases.move("settling");
    const shifted = gesture.events.map((event) => ({ ...event, time: round(event.time + time) }));
    const body = { ...scene(current), events: [{ time: 0, type: transition }, ...shifted] };
    record.lastTimelineRequest = body;
    const releaseTime = shifted.at(-1).time;
    let answer;
    try {
        answer = await post("/v1/timelines", "json", body, current.apiKey);
    } catch (error) {
        showError(error);
        state.grab = null;
        if (transition === "pop" || transition === "dismiss") return finishClosing();
        applyFrameStyles(layers, frameStyles(state.rest, state.page, state.crossfade));
        return atRest();
    }
    if (flow.cancelled) return;
    record.lastTimeline = answer;
    const release = answer.releases.at(-1) ?? null;
    describeTimeline(gesture, answer, release, current, grabScript(transition, time, release, current));
    await playSettle(flow, answer, release, releaseTime, body.source.frame, current, held);
}

/**
 * The fingers lifted: Loupe decides finish or cancel and computes the settle from the whole
 * gesture (POST /v1/timelines); the page plays its keyframes from the release on.
 * @param {import("./gestures.js").Gesture} gesture
 */
async function settle(gesture) {
    if (!gesture.anchor && !gesture.rejected) return; // a tap or a hold: nothing to ask, still at rest
    const flow = phases.startFlow();
    const held = layers.destination.style.transform; // where the fingers left the card
    const current = settings();
    phases.move("settling");
    const body = {
        ...scene(current),
        initial: state.kind === "navigation" ? "pushed" : "presented",
        events: gesture.events,
    };
    record.lastTimelineRequest = body;
    const releaseTime = gesture.events.at(-1).time;
    let answer;
    try {
        answer = await post("/v1/timelines", "json", body, current.apiKey);
    } catch (error) {
        showError(error);
        applyFrameStyles(layers, frameStyles(state.rest, state.page, state.crossfade));
        return phases.move("detail");
    }
    if (flow.cancelled) return;
    record.lastTimeline = answer;
    const release = answer.releases.at(-1) ?? null;
    describeTimeline(gesture, answer, release, current, release ? interactiveScript(answer, release, current) : null);
    await playSettle(flow, answer, release, releaseTime, body.source.frame, current, held);
}

/**
 * Plays a timeline's keyframes from the release on, and ends on the grid (finish) or the
 * detail view at rest (cancel).
 * @param {import("./phases.js").Flow} flow the settle's; it stops when a later flow took over
 * @param {{keyframes: import("./layers.js").Keyframe[]}} answer the timeline
 * @param {{outcome: string} | null} release the timeline's last release (null: none)
 * @param {number} releaseTime seconds, the timeline's clock
 * @param {{x: number, y: number, width: number, height: number}} source the source frame sent
 * @param {import("./settings.js").Settings} current
 * @param {string} held the card's transform at the lift, for the test
 */
async function playSettle(flow, answer, release, releaseTime, source, current, held) {
    const rate = current.slowMotion ? 0.1 : 1;
    const finish = release?.outcome === "finish";
    if (finish) setRegion(answer.keyframes.at(-1), source); // the landing ends on the source
    if (reducesMotion(current)) {
        // Reduce Motion: no flight back; the detail view fades out, or is simply put back.
        applyFrameStyles(layers, frameStyles(state.rest, state.page, state.crossfade));
        if (finish) {
            const fade = stage.animate([{ opacity: 1 }, { opacity: 0 }], { duration: CROSS_FADE_MS, easing: "ease-in-out", fill: "forwards" });
            fade.playbackRate = rate;
            await finished([fade]);
            fade.cancel();
        }
    } else {
        const { keyframes, duration } = keyframesFrom(answer.keyframes, releaseTime, state.page, state.crossfade);
        record.lastRelease = { held, settleFrom: keyframes.destination[0].transform };
        state.animations = playKeyframes(layers, keyframes, duration, rate);
        await finished(state.animations);
        if (!finish) commitLastFrames(layers, state.animations);
        if (!finish) state.animations = [];
    }
    if (flow.cancelled) return;
    state.grab = null;
    if (finish) finishClosing();
    else atRest();
}

/** Fills the plan panel for a timeline answer; `script` is its lifecycle (null: none to draw). */
function describeTimeline(gesture, answer, release, current, script) {
    const names = { pan: "Swipe down", pinch: "Pinch", edgePan: "Edge swipe", contentBackSwipe: "Content back swipe (iOS 26)" };
    const name = gesture.mode === "grab" ? "Grabbed mid-flight" : names[gesture.tracking === "edgePan" ? "contentBackSwipe" : gesture.kind];
    panel.begin(`${name}: ${release ? (release.outcome === "finish" ? "dismissed" : "cancelled, back to rest") : "not a dismissal"}`);
    const lines = [`${gesture.events.length} touch events sent to POST /v1/timelines (${gesture.input} input)`];
    if (release) {
        const measure = release.gesture === "pinch" ? "finger distance ÷ start" : "scale projected 120 ms ahead";
        lines.push(`Release at ${release.time.toFixed(3)} s: ${release.outcome}, ${measure} ${release.measure.toFixed(3)} ${release.outcome === "finish" ? "<" : "≥"} ${release.threshold}`);
    }
    for (const segment of answer.segments) {
        lines.push(`${segment.start.toFixed(3)}–${segment.end.toFixed(3)} s ${segment.kind}${segment.transition ? ` (${segment.transition}${segment.outcome ? `, ${segment.outcome}` : ""})` : ""}`);
    }
    panel.facts(lines);
    panel.warnings(answer.warnings);
    if (script) post("/v1/lifecycle", "svg", script, current.apiKey).then((svg) => panel.image("lifecycle", svg), showError);
}

/**
 * The interactive pop (or dismiss) from rest begins when the gesture was recognised: the start
 * of the tracking segment.
 */
function interactiveScript(answer, release, current) {
    const transition = state.kind === "navigation" ? "pop" : "dismiss";
    const script = lifecycleScript(transition, current, release);
    script.events[0].time = answer.segments.find((segment) => segment.kind === "tracking")?.start ?? 0;
    return script;
}

/**
 * A grabbed flight as the lifecycle sees it: the app's call at 0, the interrupt at the grab,
 * then the release (openapi.yaml's lifecycle-interrupted-push).
 */
function grabScript(transition, time, release, current) {
    const script = lifecycleScript(transition, current, null);
    script.events.push({ time, type: "interrupt" });
    if (release) script.events.push({ time: release.time, type: "release", outcome: release.outcome });
    return script;
}

// MARK: - Page plumbing

/** Resolves when every animation has finished (or was cancelled). */
function finished(animations) {
    return Promise.all(animations.map((animation) => animation.finished.catch(() => undefined)));
}

/**
 * The window changed size while the detail view rests: it fills the new window, and the resting
 * frame that gestures start from follows.
 */
function resize() {
    const size = containerSize();
    const scaleX = size.width / state.page.width, scaleY = size.height / state.page.height;
    state.page = { x: 0, y: 0, ...size };
    state.container = { ...state.container, ...size };
    for (const name of ["dimming", "background", "page", "destination", "snapshot"]) {
        Object.assign(layers[name].style, { width: `${size.width}px`, height: `${size.height}px` });
    }
    const scaled = (mask) => ({ ...mask, x: mask.x * scaleX, y: mask.y * scaleY, width: mask.width * scaleX, height: mask.height * scaleY });
    state.rest = { ...state.rest, mask: scaled(state.rest.mask) };
    if (state.rest.layers) {
        state.rest.layers = {
            content: { ...state.rest.layers.content, mask: scaled(state.rest.layers.content.mask) },
            background: { ...state.rest.layers.background, mask: scaled(state.rest.layers.background.mask) },
        };
    }
    if (state.sheet) state.sheet = { width: state.rest.mask.width, height: state.rest.mask.height };
    layoutPicture();
}

window.addEventListener("resize", () => {
    if (phases.phase === "detail") resize();
});

let toastTimer = 0;
function showError(error) {
    toast.textContent = error.message ?? String(error);
    toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { toast.hidden = true; }, 8000);
}

// The two drawers: Settings and the plan panel. One open at a time.
for (const button of document.querySelectorAll("[data-drawer]")) {
    button.addEventListener("click", () => {
        const drawer = document.getElementById(button.dataset.drawer);
        const opening = drawer.hidden;
        for (const other of document.querySelectorAll("[data-drawer]")) {
            document.getElementById(other.dataset.drawer).hidden = true;
            other.setAttribute("aria-expanded", "false");
        }
        drawer.hidden = !opening;
        button.setAttribute("aria-expanded", String(opening));
    });
}
for (const button of document.querySelectorAll("[data-close-drawer]")) {
    button.addEventListener("click", () => {
        button.closest(".drawer").hidden = true;
        document.querySelector(`[data-drawer=${button.closest(".drawer").id}]`).setAttribute("aria-expanded", "false");
    });
}

document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const drawer = document.querySelector(".drawer:not([hidden])");
    if (drawer) drawer.querySelector("[data-close-drawer]").click();
    else close();
});

