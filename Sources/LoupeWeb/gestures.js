// Interactive dismissal: a swipe down (finger or mouse drag), a pinch (two fingers, ctrl+wheel
// on a desktop, or a Safari trackpad pinch) or a swipe from the leading edge (navigation only) on
// the detail view; and a finger that grabs the card while it zooms in or out.
//
// While the fingers are down the page tracks the card itself, every frame, with the measured
// mappings Loupe's timeline engine uses (GestureModel's defaults: measured by swift_transitions, not
// official). Every sample is also recorded as a touch event, and at the release the whole gesture
// goes to POST /v1/timelines, which decides finish or cancel and computes the settle: the page
// only plays it. Because both sides use the same mapping and tracking spring, the pose Loupe has
// at the release is the pose on screen.

/** GestureModel.measured (Sources/LoupeTimeline/GestureModel.swift). */
export const MODEL = {
    panSlop: 18,
    panScalePerHeight: 0.67,
    panLinearTravel: 0.49,
    panScaleFloor: 0.37,
    sidewaysGain: 0.56,
    sidewaysLimit: 0.9,
    pinchDeadZone: 8.7,
    /**
     * The leading-edge swipe: how near the edge it must start (GestureModel marks it a guess), its
     * dead zone, scale lost per width of travel, and the share of vertical travel the card follows.
     */
    edgeZone: 20,
    edgeDeadZone: 12,
    edgeScalePerWidth: 0.67,
    edgeVerticalFollow: 0.43,
    pinchMinimumScale: 0.05,
    /** The tracking spring: ω 45 rad/s, critically damped ("all lag 2–3 frames"). */
    trackingOmega: 45,
};

/** Seconds without a wheel (or Safari gesture) event that end a desktop pinch. */
const WHEEL_IDLE = 0.16;

/**
 * A point in container coordinates.
 * @typedef {{x: number, y: number}} Point
 */
/**
 * The card's gesture transform: scale and rotation (radians) about the pivot, then a translation.
 * @typedef {{scale: number, rotation: number, x: number, y: number}} Pose
 */

// MARK: - The measured mappings (GestureModel+Mapping.swift)

/**
 * The card's scale after a swipe down of `travel` points (GestureModel.panScale): linear to the
 * knee, then a slope-continuous hyperbolic band toward the floor.
 * @param {number} travel points down from the recognition point (upward counts as none)
 * @param {number} height the container's height
 * @returns {number}
 */
export function panScale(travel, height) {
    const linear = 1 - MODEL.panScalePerHeight * Math.max(0, travel) / height;
    const knee = 1 - MODEL.panScalePerHeight * MODEL.panLinearTravel;
    const range = knee - MODEL.panScaleFloor;
    if (linear >= knee) return linear;
    const excess = knee - linear;
    return knee - range * excess / (excess + range);
}

/**
 * UIScrollView's rubber band, `(1 − 1/(x·gain/limit + 1))·limit`, signed like `offset`.
 * @param {number} offset points
 * @param {number} gain
 * @param {number} limit the most it ever reaches, points
 * @returns {number}
 */
export function rubberBand(offset, gain, limit) {
    const x = Math.abs(offset);
    const banded = (1 - 1 / (x * gain / limit + 1)) * limit;
    return offset < 0 ? -banded : banded;
}

/**
 * The card's scale for fingers `distance` apart (GestureModel.pinchScale): against the start
 * distance less the dead zone, never above 1 nor below pinchMinimumScale.
 * @param {number} distance
 * @param {number} startDistance
 * @returns {number}
 */
export function pinchScale(distance, startDistance) {
    const reference = startDistance - MODEL.pinchDeadZone;
    if (reference <= 0) return 1;
    return Math.min(1, Math.max(MODEL.pinchMinimumScale, distance / reference));
}

/**
 * The card after `dt` seconds on the critically damped tracking spring (ω = trackingOmega) while
 * its target moves linearly from `from` to `to`; `state` holds `pose` and `velocity`. Solved
 * exactly per component, with r the target's rate and e = x − target:
 * e(t) = −2r/ω + (A + Bt)·e^(−ωt), A = e₀ + 2r/ω, B = ė₀ + ωA, ė₀ = v₀ − r.
 */
function track(state, from, to, dt) {
    if (!(dt > 0)) return { pose: { ...state.pose }, velocity: { ...state.velocity } };
    const omega = MODEL.trackingOmega, decay = Math.exp(-omega * dt);
    const pose = {}, velocity = {};
    for (const key of Object.keys(state.pose)) {
        const rate = (to[key] - from[key]) / dt;
        const a = state.pose[key] - from[key] + (2 * rate) / omega;
        const b = state.velocity[key] - rate + omega * a;
        pose[key] = to[key] - (2 * rate) / omega + (a + b * dt) * decay;
        velocity[key] = rate + (b - omega * (a + b * dt)) * decay;
    }
    return { pose, velocity };
}

// MARK: - Touches

function distance(touches) {
    return Math.hypot(touches[1].x - touches[0].x, touches[1].y - touches[0].y);
}

function centroid(touches) {
    const n = touches.length;
    return { x: touches.reduce((sum, t) => sum + t.x, 0) / n, y: touches.reduce((sum, t) => sum + t.y, 0) / n };
}

function rounded(point) {
    return { x: Math.round(point.x * 10) / 10, y: Math.round(point.y * 10) / 10 };
}

/**
 * The card's scale after `travel` points of leading-edge swipe (GestureModel.edgeScale).
 * @param {number} travel points away from the edge, past the dead zone
 * @param {number} width the container's width
 * @returns {number}
 */
export function edgeScale(travel, width) {
    return 1 - MODEL.edgeScalePerWidth * Math.min(Math.max(travel, 0), width) / width;
}

/**
 * One gesture from touchdown to release: its recorded events (times in seconds from
 * touchdown), whether it was recognised, and the card's pose following it.
 * `start.mode` is "rest" (a dismissal from the detail view at rest: only a swipe down or a pinch
 * in counts) or "grab" (a finger on a running transition, which follows any direction);
 * `start.direction` is +1 when the leading edge is on the left, −1 in right-to-left layouts.
 */
export class Gesture {
    /**
     * @param {"pan" | "pinch" | "edgePan"} kind
     * @param {"direct" | "indirect"} input a finger, or a mouse or trackpad
     * @param {Point[]} touches the fingers at touchdown
     * @param {number} now milliseconds, the clock of event.timeStamp and requestAnimationFrame
     * @param {{width: number, height: number}} container
     * @param {{mode?: "rest" | "grab", direction?: number, contentBackSwipe?: boolean}} [start]
     */
    constructor(kind, input, touches, now, container, start = {}) {
        this.kind = kind; // "pan" | "pinch" | "edgePan"
        this.mode = start.mode ?? "rest";
        this.direction = start.direction ?? 1;
        // iOS 26: a swipe toward the trailing side is the back swipe, tracked as the edge swipe.
        this.contentBackSwipe = start.contentBackSwipe ?? false;
        this.tracking = null; // "edgePan" once a pan is recognised as the content back swipe
        this.input = input; // "direct" (a finger) | "indirect" (mouse, trackpad)
        this.origin = now; // milliseconds, the clock of event.timeStamp and requestAnimationFrame
        this.container = container;
        this.start = touches.map(rounded);
        this.touches = this.start;
        this.time = 0;
        this.events = [{ time: 0, type: "touchesBegan", gesture: kind, touches: this.start, input }];
        this.anchor = null; // set when recognised: {pivot, angle, startDistance}
        this.rejected = false;
        this.rawAngle = kind === "pinch" ? this.angleOf(this.start) : 0;
        this.angle = this.rawAngle;
        // The card at the latest sample: scale, rotation (radians), x, y about anchor.pivot, their
        // velocities, and the target the gesture gives them then.
        this.pose = { scale: 1, rotation: 0, x: 0, y: 0 };
        this.velocity = { scale: 0, rotation: 0, x: 0, y: 0 };
        this.target = { ...this.pose };
    }

    angleOf(touches) {
        return Math.atan2(touches[1].y - touches[0].y, touches[1].x - touches[0].x);
    }

    /**
     * Records a touchesMoved sample and updates recognition and the target pose; once recognised,
     * the card (`pose`, `velocity`) follows on the tracking spring.
     * @param {Point[]} touches
     * @param {number} now milliseconds, the clock of `now` at touchdown
     */
    sample(touches, now) {
        const previousTime = this.time;
        // Each sample 1 ms (the events' resolution) after the one before at least: a move that
        // arrives after the frame that sampled the finger at rest would otherwise share that
        // sample's time, and the timeline, which reads two samples at one time as the later one
        // from the grid step before, would move the card a step early (issue 45 §8).
        const time = Math.max(Math.round((this.time + 0.001) * 1000) / 1000, Math.round(now - this.origin) / 1000);
        this.touches = touches.map(rounded);
        this.time = time;
        this.events.push({ time, type: "touchesMoved", touches: this.touches });
        if (this.kind === "pinch") {
            // Unwrapped angle: the fingers may turn past ±180° (the "spin" of the "Zoom
            // transitions" guide).
            const raw = this.angleOf(this.touches);
            let step = raw - this.rawAngle;
            if (step > Math.PI) step -= 2 * Math.PI;
            if (step < -Math.PI) step += 2 * Math.PI;
            this.angle += step;
            this.rawAngle = raw;
        }
        if (!this.anchor) {
            if (!this.rejected) this.recognize();
            // The card starts at rest and follows the gesture's target from the recognition sample
            // on, as Loupe's timeline does: a pinch's scale is measured against the start distance
            // less the dead zone, so its target is already below 1 there (issue 45 §8).
            if (this.anchor) this.target = this.delta();
            return;
        }
        // Between two samples the finger moved in a straight line, so the target did too: the
        // card follows that ramp exactly, as Loupe's timeline engine computes it.
        const target = this.delta();
        Object.assign(this, track(this, this.target, target, time - previousTime));
        this.target = target;
    }

    /**
     * GestureInterpreter.recognize: from rest only a swipe *down* past the slop, fingers closing
     * past the dead zone, or a swipe away from the leading edge past its dead zone start a
     * dismissal (on iOS 26 also a swipe toward the trailing side from anywhere on a pushed page,
     * then tracked as the edge swipe); a finger grabbing a running transition follows any
     * direction past the slop.
     */
    recognize() {
        if (this.kind === "pan") {
            const dx = this.touches[0].x - this.start[0].x, dy = this.touches[0].y - this.start[0].y;
            if (Math.hypot(dx, dy) < MODEL.panSlop) return;
            if (this.mode === "rest" && this.contentBackSwipe && dx * this.direction > 0 && Math.abs(dx) > Math.abs(dy)) {
                this.tracking = "edgePan";
                this.anchor = { pivot: this.touches[0], angle: 0, startDistance: 0 };
                return;
            }
            if (this.mode === "grab" || (dy > 0 && dy >= Math.abs(dx))) this.anchor = { pivot: this.touches[0], angle: 0, startDistance: 0 };
            else this.rejected = true;
            return;
        }
        if (this.kind === "edgePan") {
            const lead = (this.touches[0].x - this.start[0].x) * this.direction;
            if (lead >= MODEL.edgeDeadZone) this.anchor = { pivot: this.touches[0], angle: 0, startDistance: 0 };
            return;
        }
        const start = distance(this.start), now = distance(this.touches);
        if (start < 2 * MODEL.pinchDeadZone || now >= start + MODEL.pinchDeadZone) this.rejected = true;
        else if (now <= start - MODEL.pinchDeadZone) this.anchor = { pivot: centroid(this.touches), angle: this.angle, startDistance: start };
    }

    /**
     * GestureInterpreter.delta: the card's scale, rotation and translation for the latest sample.
     * @returns {Pose}
     */
    delta() {
        const { width, height } = this.container;
        const pivot = this.anchor.pivot;
        const kind = this.tracking ?? this.kind;
        if (kind === "pan") {
            const dx = this.touches[0].x - pivot.x, dy = this.touches[0].y - pivot.y;
            return {
                scale: panScale(dy, height),
                rotation: 0,
                x: rubberBand(dx, MODEL.sidewaysGain, MODEL.sidewaysLimit * width),
                y: dy >= 0 ? dy : rubberBand(dy, MODEL.sidewaysGain, MODEL.sidewaysLimit * height),
            };
        }
        if (kind === "edgePan") {
            // Away from the edge the card shrinks and follows the finger 1:1; vertically it
            // follows 0.43 of the finger's travel.
            const lead = Math.min(Math.max((this.touches[0].x - pivot.x) * this.direction, 0), width);
            return {
                scale: edgeScale(lead, width),
                rotation: 0,
                x: this.direction * lead,
                y: MODEL.edgeVerticalFollow * (this.touches[0].y - pivot.y),
            };
        }
        const center = centroid(this.touches);
        return {
            scale: pinchScale(distance(this.touches), this.anchor.startDistance),
            rotation: this.angle - this.anchor.angle,
            x: center.x - pivot.x,
            y: center.y - pivot.y,
        };
    }

    /**
     * Adds touchesEnded. Samples come every frame (a resting finger is sampled where it rests), so
     * the lift ends at the last sample, where the card on screen is: a flick keeps its speed and a
     * finger that rested has none. Only a lift long after the last sample (a stalled page) ends
     * later, as a finger at rest.
     * @param {number} now milliseconds
     */
    end(now) {
        const lifted = Math.round(now - this.origin) / 1000;
        const time = lifted - this.time < 0.05 ? this.time : Math.max(this.time, lifted);
        this.time = time;
        this.events.push({ time, type: "touchesEnded" });
    }
}

// MARK: - Wiring the page's events

/**
 * Listens on `surface` for dismissal gestures and grabs.
 * @param {HTMLElement} surface
 * @param {object} handlers
 * @param {(point: Point | null, input: string) => ({mode: string, kind?: string, direction?: number, contentBackSwipe?: boolean} | null)} handlers.begins
 *   whether a gesture may begin at `point` (null for a desktop pinch): null, or how Gesture takes
 *   it (`kind` defaults to a swipe)
 * @param {() => {width: number, height: number}} handlers.container the container's size
 * @param {(gesture: Gesture) => void} [handlers.onBegin] at touchdown (a grab stops the running
 *   transition there)
 * @param {(pose: Pose, pivot: Point, gesture: Gesture) => void} handlers.onTrack each frame while a
 *   recognised gesture holds the card
 * @param {(gesture: Gesture) => void} handlers.onRelease at the lift, with `gesture.events`,
 *   `.anchor` and `.rejected`
 */
export function attachGestures(surface, handlers) {
    let gesture = null;
    const pointers = new Map(); // pointerId → {x, y}, in touchdown order
    let dirty = false, lastEventTime = 0, frameRequest = 0, wheelTimer = 0;
    let synthetic = null; // a desktop pinch: {center, distance, angle}

    const begin = (kind, input, touches, now, start) => {
        cancelAnimationFrame(frameRequest);
        gesture = new Gesture(kind, input, touches, now, handlers.container(), start);
        lastEventTime = now;
        handlers.onBegin?.(gesture);
        frameRequest = requestAnimationFrame(step);
    };

    const currentTouches = () => synthetic ? syntheticTouches() : [...pointers.values()].slice(0, gesture.kind === "pinch" ? 2 : 1);

    const syntheticTouches = () => {
        const { center, distance: d, angle } = synthetic;
        const dx = Math.cos(angle) * d / 2, dy = Math.sin(angle) * d / 2;
        return [{ x: center.x - dx, y: center.y - dy }, { x: center.x + dx, y: center.y + dy }];
    };

    // One frame, one sample: the latest touches, or, when none moved, the same touches now (the
    // fingers rest there: UIKit would send nothing, and Loupe reads both as a finger at rest). The
    // card is drawn where it is at that sample, so the page and Loupe hold the same card at every
    // sample, the release included.
    function step(now) {
        if (!gesture) return;
        // A timeline lasts at most 60 s: a finger held that long lets go.
        if (now - gesture.origin > 55000) return release(now);
        gesture.sample(dirty ? currentTouches() : gesture.touches, dirty ? lastEventTime : now);
        dirty = false;
        if (gesture.anchor) handlers.onTrack(gesture.pose, gesture.anchor.pivot, gesture);
        frameRequest = requestAnimationFrame(step);
    }

    const release = (now) => {
        if (!gesture) return;
        if (dirty) {
            gesture.sample(currentTouches(), lastEventTime);
            if (gesture.anchor) handlers.onTrack(gesture.pose, gesture.anchor.pivot, gesture); // the card where it is let go
        }
        dirty = false;
        cancelAnimationFrame(frameRequest);
        gesture.end(now);
        const finished = gesture;
        gesture = null;
        synthetic = null;
        pointers.clear();
        handlers.onRelease(finished);
    };

    // Fingers and the mouse, through pointer events (touch-action: none on the surface).
    surface.addEventListener("pointerdown", (event) => {
        if (event.target.closest("button, a, input, select")) return;
        if (event.pointerType === "mouse" && event.button !== 0) return;
        const point = { x: event.clientX, y: event.clientY };
        const input = event.pointerType === "touch" || event.pointerType === "pen" ? "direct" : "indirect";
        const start = gesture ? null : handlers.begins(point, input);
        if (!gesture && !start) return;
        // More fingers than the gesture uses: only a swipe from rest turns into a pinch.
        if (gesture && (gesture.anchor || gesture.kind !== "pan" || gesture.mode !== "rest" || synthetic)) return;
        event.preventDefault();
        if (event.pointerType === "mouse") surface.setPointerCapture(event.pointerId);
        pointers.set(event.pointerId, point);
        // A second finger before the swipe was recognised turns it into a pinch, from now.
        if (pointers.size === 2) begin("pinch", input, [...pointers.values()], event.timeStamp, { mode: "rest" });
        else if (!gesture) begin(start.kind ?? "pan", input, [...pointers.values()], event.timeStamp, start);
    });
    surface.addEventListener("pointermove", (event) => {
        if (!gesture || synthetic || !pointers.has(event.pointerId)) return;
        pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
        lastEventTime = event.timeStamp;
        dirty = true;
    });
    // The lift's own position is not recorded: it is where the last move was, and a sample there
    // at a later time would read as a finger at rest (no flick).
    const lift = (event) => {
        if (!gesture || synthetic || !pointers.has(event.pointerId)) return;
        release(event.timeStamp); // iOS ends a pinch when either finger lifts
    };
    surface.addEventListener("pointerup", lift);
    surface.addEventListener("pointercancel", lift);

    // Desktop pinch: Chrome and Firefox report a trackpad pinch (and ctrl + mouse wheel) as a
    // wheel event with ctrlKey; the scale factor is e^(−deltaY/100). It becomes two fingers
    // around the cursor; the pinch ends when the events stop.
    const startSynthetic = (x, y, now) => {
        const { width, height } = handlers.container();
        synthetic = { center: { x, y }, distance: Math.min(200, 0.4 * Math.min(width, height)), angle: 0 };
        synthetic.startDistance = synthetic.distance;
        begin("pinch", "indirect", syntheticTouches(), now, { mode: "rest" });
    };
    const idleEnd = () => {
        clearTimeout(wheelTimer);
        wheelTimer = setTimeout(() => release(performance.now()), WHEEL_IDLE * 1000);
    };
    surface.addEventListener("wheel", (event) => {
        if (!event.ctrlKey) return;
        event.preventDefault(); // no browser zoom over the detail view
        if (!gesture && handlers.begins(null, "indirect")?.mode !== "rest") return;
        if (gesture && !synthetic) return;
        if (!gesture) startSynthetic(event.clientX, event.clientY, event.timeStamp);
        const delta = Math.max(-30, Math.min(30, event.deltaY * (event.deltaMode === 1 ? 16 : 1)));
        synthetic.distance *= Math.exp(-delta / 100);
        synthetic.center = { x: event.clientX, y: event.clientY };
        lastEventTime = event.timeStamp;
        dirty = true;
        idleEnd();
    }, { passive: false });

    // Safari's trackpad pinch: gesturestart/change/end with scale and rotation (degrees).
    surface.addEventListener("gesturestart", (event) => {
        event.preventDefault();
        if (gesture || handlers.begins(null, "indirect")?.mode !== "rest") return;
        startSynthetic(event.clientX ?? handlers.container().width / 2, event.clientY ?? handlers.container().height / 2, event.timeStamp);
    });
    surface.addEventListener("gesturechange", (event) => {
        event.preventDefault();
        if (!synthetic) return;
        synthetic.distance = synthetic.startDistance * event.scale;
        synthetic.angle = (event.rotation * Math.PI) / 180;
        lastEventTime = event.timeStamp;
        dirty = true;
        idleEnd();
    });
    surface.addEventListener("gestureend", (event) => {
        event.preventDefault();
        if (synthetic) release(event.timeStamp);
    });
}
