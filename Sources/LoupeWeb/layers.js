// The layers a Loupe plan animates, and the two ways this page drives them:
//
// 1. A plan in `format=waapi` is played as Loupe wrote it: `styles` placed on each layer, then
//    `layer.animate(keyframes[layer], timing)`.
// 2. Keyframes in the plan's JSON format (a timeline's settle, or a pose the page computes while a
//    finger holds the card) are turned into the same per-layer values by `frameStyles`, a port of
//    Loupe's PlanLayers (Sources/LoupePlanner/Renderings/PlanLayers.swift), so both paths put the
//    same pixels on screen.
//
// Layers, bottom to top: covered (the grid), source (the tapped thumbnail), then in the stage
// dimming, shadow, background, page (crossfade only), destination (the detail view) and snapshot
// (a copy of the thumbnail fading out in the card).
//
// The snapshot is drawn differently from Loupe's box (see `frameStyles`): the copy of the
// thumbnail is a page-sized layer that moves exactly like the destination (its transform and
// clip-path) and shows the thumbnail's picture on the part of the page the thumbnail showed when
// the card sat on it (T₀⁻¹ of the source frame, `sourceRegion`); only its opacity is the
// snapshot's. With an alignment rect that part is the picture itself, so the copy lies exactly on
// the detail view's picture; without one it does not, and the picture shows twice while the copy
// fades: the "Zoom transitions" guide's "double ferry". Two reasons not to fill Loupe's box
// (left/top/width/height) with the picture instead: stretched to the box the copy would ghost even
// with an alignment rect, and browsers animate those layout properties on the main thread while
// transform and opacity may run on the compositor, so a copy placed in the box drifts a frame from
// the page it covers.

/**
 * A CSS-order affine matrix `[a, b, c, d, tx, ty]` (docs/playing.md).
 * @typedef {number[]} Matrix
 */
/**
 * A rect in points, y down.
 * @typedef {{x: number, y: number, width: number, height: number}} Rect
 */
/**
 * A rect with rounded corners: a keyframe's mask.
 * @typedef {Rect & {cornerRadius: number}} Mask
 */
/**
 * One keyframe of a plan or timeline in the JSON format (openapi.yaml's Keyframe): `time` in
 * seconds, the content `transform`, the card's `mask`, the `opacity` of each layer, the `shadow`,
 * the `covered` page's matrix, and in crossfade plans the two `layers`.
 * @typedef {{time: number, progress: number, transform: Matrix, mask: Mask,
 *   opacity: {sourceSlot: number, sourceContent: number, destination: number, dimming: number, background: number, covered?: number},
 *   shadow: {radius: number, opacity: number, offsetY: number}, covered: Matrix, blur?: number,
 *   layers?: {content: {transform: Matrix, mask: Mask, opacity: number}, background: {transform: Matrix, mask: Mask, opacity: number}}}} Keyframe
 */
/**
 * The page's layer elements by the names the renderings give them (covered, source, blur,
 * dimming, shadow, background, page, destination, snapshot).
 * @typedef {Record<string, HTMLElement>} Layers
 */
/**
 * CSS values per layer name, as Element.style takes them.
 * @typedef {Record<string, Record<string, string | number>>} LayerStyles
 */

/**
 * The layers that live in the stage and take Loupe's `styles` (the grid and the thumbnail keep
 * their own layout; only their keyframes apply).
 */
const PLACED = new Set(["blur", "dimming", "shadow", "background", "page", "destination"]);

// MARK: - Playing a waapi answer

/**
 * Places and animates every layer of a `format=waapi` answer.
 * @param {Layers} elements
 * @param {{styles: LayerStyles, keyframes: Record<string, object[]>, timing: object}} answer the waapi answer
 * @param {number} rate the playback rate (0.1 in slow motion)
 * @returns {Animation[]}
 */
export function playWAAPI(elements, answer, rate) {
    placeLayers(elements, answer.styles);
    const animations = [];
    for (const [name, frames] of Object.entries(answer.keyframes)) {
        const element = elements[name];
        if (!element || name === "snapshot") continue; // the page draws the snapshot (see above)
        const animation = element.animate(frames, answer.timing);
        animation.playbackRate = rate;
        animations.push(animation);
    }
    return animations;
}

/**
 * Resets the stage layers and gives them Loupe's static styles (position, size, origin,
 * colours). The page layer exists only in crossfade plans; the snapshot copy is placed like the
 * destination.
 * @param {Layers} elements
 * @param {LayerStyles} styles the waapi answer's `styles`
 */
export function placeLayers(elements, styles) {
    for (const name of PLACED) {
        const element = elements[name];
        element.removeAttribute("style");
        element.hidden = !styles[name];
        if (styles[name]) Object.assign(element.style, styles[name]);
    }
    elements.snapshot.removeAttribute("style");
    Object.assign(elements.snapshot.style, styles.destination);
}

/**
 * Ends `animations` and leaves every layer showing its last keyframe, so the page rests
 * exactly where the plan ended, with nothing left running.
 * @param {Layers} elements
 * @param {Animation[]} animations
 */
export function commitLastFrames(elements, animations) {
    for (const animation of animations) {
        const frames = animation.effect.getKeyframes();
        const last = frames[frames.length - 1];
        const element = animation.effect.target;
        for (const [property, value] of Object.entries(last)) {
            if (!["offset", "computedOffset", "easing", "composite"].includes(property)) element.style[property] = value;
        }
        animation.cancel();
    }
}

/**
 * Sets the values of one frame (as `frameStyles` gives them) on the layers directly; hidden
 * layers are left alone.
 * @param {Layers} elements
 * @param {LayerStyles} styles
 */
export function applyFrameStyles(elements, styles) {
    for (const [name, values] of Object.entries(styles)) {
        if (elements[name] && !elements[name].hidden) Object.assign(elements[name].style, values);
    }
}

// MARK: - JSON keyframes → layer values (PlanLayers, ported)

/**
 * The CSS values of every layer for one JSON keyframe. The snapshot is the page's copy (see the
 * top of this file): the destination's transform and clip-path with the snapshot's opacity.
 * @param {Keyframe} frame
 * @param {Rect} page where the destination rests, in container coordinates
 * @param {boolean} crossfade the crossfade background mode (its page layer is drawn)
 * @returns {LayerStyles}
 */
export function frameStyles(frame, page, crossfade) {
    const styles = {
        // Hidden once Loupe's callbacks remove the covered page's view (opacity.covered).
        covered: { transform: matrix(frame.covered), opacity: frame.opacity.covered ?? 1 },
        source: { opacity: frame.opacity.sourceSlot },
        dimming: { opacity: frame.opacity.dimming },
        // Only plans asked for with dimmingVisualEffect carry `blur` (its layer is hidden otherwise).
        blur: { backdropFilter: `blur(${px(frame.blur ?? 0)})` },
        shadow: { ...box(frame.mask), boxShadow: `0 ${px(frame.shadow.offsetY)} ${px(2 * frame.shadow.radius)} rgba(0, 0, 0, ${round(frame.shadow.opacity)})` },
        background: pageValues(frame.transform, frame.mask, frame.opacity.background, page),
        destination: pageValues(frame.transform, frame.mask, frame.opacity.destination, page),
        snapshot: pageValues(frame.transform, frame.mask, frame.opacity.sourceContent, page),
    };
    if (crossfade) {
        const background = frame.layers?.background;
        styles.page = background
            ? pageValues(background.transform, background.mask, background.opacity, page)
            : pageValues(frame.transform, frame.mask, 0, page);
    }
    return styles;
}

/**
 * WAAPI keyframes per layer for JSON keyframes from `start` to the last one, with offsets
 * relative to that stretch.
 * @param {Keyframe[]} frames
 * @param {number} start seconds
 * @param {Rect} page
 * @param {boolean} crossfade
 * @returns {{keyframes: Record<string, object[]>, duration: number}} WAAPI keyframes per layer, `duration` in milliseconds
 */
export function keyframesFrom(frames, start, page, crossfade) {
    // The stretch begins exactly at `start`: keyframes come every 1/frameRate s, and at a flick's
    // speed starting from the one before would put the card back by up to a frame of travel.
    const first = indexAt(frames, start);
    const stretch = frames.slice(first);
    if (stretch.length > 1 && stretch[0].time < start) stretch[0] = frameAt(frames, start);
    const t0 = stretch[0].time, span = Math.max(stretch[stretch.length - 1].time - t0, 1e-6);
    const keyframes = {};
    for (const frame of stretch) {
        const offset = Math.min(1, Math.max(0, (frame.time - t0) / span));
        for (const [name, values] of Object.entries(frameStyles(frame, page, crossfade))) {
            (keyframes[name] ??= []).push({ offset, ...values });
        }
    }
    if (stretch.length === 1) for (const list of Object.values(keyframes)) list.push({ ...list[0], offset: 1 });
    return { keyframes, duration: span * 1000 };
}

/**
 * The JSON keyframe at `time`, mixed linearly between the two around it as the renderings play
 * them; the first or last one outside the plan.
 * @param {Keyframe[]} frames
 * @param {number} time seconds
 * @returns {Keyframe}
 */
export function frameAt(frames, time) {
    const index = indexAt(frames, time);
    const before = frames[index], after = frames[index + 1];
    if (!after || before.time >= time) return before;
    return mix(before, after, (time - before.time) / (after.time - before.time));
}

/**
 * Where a card grabbed at `time` is `elapsed` seconds later (by default, once it has stopped).
 * Loupe's timeline (docs/behaviour.md, "Interruption") brakes it on the tracking spring (ω
 * `omega`, critically damped) toward its progress carried on by the progress's rate for 1/ω:
 * progress p₀ + v/ω·(1 − e^(−ωt)). The card then is the plan's frame at that progress, found
 * between the two keyframes around it from `time` on (the last keyframe when the plan never gets
 * there). p₀ and v are the spring's at `time`, read from the keyframes' progress (a linear mix of
 * two keyframes would put p₀ up to a pixel behind mid-flight).
 * @param {Keyframe[]} frames the running flight's plan
 * @param {number} time the plan's time at the grab, seconds
 * @param {number} omega the tracking spring's ω (GestureModel's trackingOmega)
 * @param {number} [elapsed] seconds since the grab
 * @returns {Keyframe}
 */
export function stoppedFrame(frames, time, omega, elapsed = Infinity) {
    const index = indexAt(frames, time);
    if (!frames[index + 1] || frames[index].time > time) return frameAt(frames, time);
    const target = progressAt(frames, time) + progressRate(frames, time) / omega * (1 - Math.exp(-omega * elapsed));
    for (let k = index; k + 1 < frames.length; k += 1) {
        const before = frames[k], after = frames[k + 1];
        if (after.progress !== before.progress && (after.progress - target) * (before.progress - target) <= 0) {
            return mix(before, after, (target - before.progress) / (after.progress - before.progress));
        }
    }
    return frames.at(-1);
}

/**
 * The progress at `time` between two keyframes as a cubic (Hermite) with the rates at both
 * ends (`progressRate`), which follows the spring within a hundredth of a linear mix's error.
 */
function progressAt(frames, time) {
    const k = Math.min(indexAt(frames, time), frames.length - 2);
    const before = frames[k], after = frames[k + 1], span = after.time - before.time;
    const u = Math.min(1, Math.max(0, (time - before.time) / span));
    const start = progressRate(frames, before.time) * span, end = progressRate(frames, after.time) * span;
    return (2 * u ** 3 - 3 * u ** 2 + 1) * before.progress + (u ** 3 - 2 * u ** 2 + u) * start
        + (-2 * u ** 3 + 3 * u ** 2) * after.progress + (u ** 3 - u ** 2) * end;
}

/**
 * The progress's rate (per second) at `time`: each keyframe interval's slope is the rate at its
 * middle, and `time` takes the mix of the two middles around it, so the rate follows the
 * spring's within a fraction of a frame (one interval's slope would be up to half a frame late,
 * which the brake's 1/ω carries into pixels).
 */
function progressRate(frames, time) {
    const slope = (k) => ({
        middle: (frames[k].time + frames[k + 1].time) / 2,
        rate: (frames[k + 1].progress - frames[k].progress) / (frames[k + 1].time - frames[k].time),
    });
    const k = Math.min(indexAt(frames, time), frames.length - 2);
    const here = slope(k);
    const neighbour = time < here.middle ? k - 1 : k + 1;
    if (neighbour < 0 || neighbour > frames.length - 2) return here.rate;
    const other = slope(neighbour);
    return here.rate + (other.rate - here.rate) * (time - here.middle) / (other.middle - here.middle);
}

/** The last keyframe at or before `time` (the first when all are later). */
function indexAt(frames, time) {
    let found = 0;
    frames.forEach((frame, index) => { if (frame.time <= time + 1e-9) found = index; });
    return found;
}

/**
 * Plays per-layer keyframes with linear timing (the keyframes carry the spring).
 * @param {Layers} elements
 * @param {Record<string, object[]>} keyframes WAAPI keyframes per layer (`keyframesFrom`)
 * @param {number} duration milliseconds
 * @param {number} rate the playback rate
 * @returns {Animation[]}
 */
export function playKeyframes(elements, keyframes, duration, rate) {
    const animations = [];
    for (const [name, frames] of Object.entries(keyframes)) {
        const element = elements[name];
        if (!element || element.hidden) continue;
        const animation = element.animate(frames, { duration, fill: "both", easing: "linear" });
        animation.playbackRate = rate;
        animations.push(animation);
    }
    return animations;
}

/** Two keyframes mixed linearly, member by member (numbers, arrays and nested objects). */
function mix(a, b, share) {
    if (typeof a === "number") return a + (b - a) * share;
    if (Array.isArray(a)) return a.map((value, index) => mix(value, b[index], share));
    if (a && typeof a === "object" && b && typeof b === "object") {
        return Object.fromEntries(Object.entries(a).map(([key, value]) => [key, key in b ? mix(value, b[key], share) : value]));
    }
    return a;
}

// MARK: - The thumbnail's copy

/**
 * The part of the page (page coordinates) the thumbnail shows while the card sits on it:
 * T⁻¹(source frame) for that keyframe's content transform T.
 * @param {Keyframe} frame
 * @param {Rect} source the source frame, container coordinates
 * @returns {Rect | null} null when T cannot be inverted
 */
export function sourceRegion(frame, source) {
    const inverse = invert(frame.transform);
    return inverse ? boxUnder(inverse, source) : null;
}

/**
 * Where `rect` (container coordinates, drawn by the covered page under `covered`, its
 * container-to-container matrix) is when the covered page is not moved: the box of its corners
 * under covered⁻¹. The rect itself when `covered` cannot be inverted.
 * @param {Rect} rect
 * @param {Matrix} covered
 * @returns {Rect}
 */
export function unmovedRect(rect, covered) {
    const inverse = invert(covered);
    return inverse ? boxUnder(inverse, rect) : { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
}

// MARK: - A held card (the gesture's similarity on top of the resting frame)

/**
 * The resting frame moved by a gesture: scale and rotation about `pivot`, then a translation.
 * This is Loupe's FrameComposer (Sources/LoupeTimeline/FrameComposer.swift): the content
 * transform becomes G ∘ T, masks keep their size × scale around G's image of their centre, and
 * corner radii scale with the card.
 * @param {Keyframe} rest the frame the gesture moves
 * @param {{scale: number, rotation: number, x: number, y: number}} pose the gesture's (rotation in radians)
 * @param {{x: number, y: number}} pivot
 * @returns {Keyframe}
 */
export function heldFrame(rest, pose, pivot) {
    const a = pose.scale * Math.cos(pose.rotation), b = pose.scale * Math.sin(pose.rotation);
    const g = [a, b, -b, a,
        pivot.x + pose.x - (a * pivot.x - b * pivot.y),
        pivot.y + pose.y - (b * pivot.x + a * pivot.y)];
    const move = (mask) => {
        const cx = mask.x + mask.width / 2, cy = mask.y + mask.height / 2;
        const [x, y] = apply(g, cx, cy);
        const width = mask.width * Math.abs(pose.scale), height = mask.height * Math.abs(pose.scale);
        return { x: x - width / 2, y: y - height / 2, width, height, cornerRadius: mask.cornerRadius * Math.abs(pose.scale) };
    };
    const frame = { ...rest, transform: concat(g, rest.transform), mask: move(rest.mask) };
    if (rest.layers) {
        frame.layers = {
            content: { ...rest.layers.content, transform: concat(g, rest.layers.content.transform), mask: move(rest.layers.content.mask) },
            background: { ...rest.layers.background, transform: concat(g, rest.layers.background.transform), mask: move(rest.layers.background.mask) },
        };
    }
    return frame;
}

// MARK: - Geometry

/** `g ∘ t` for CSS-order matrices [a, b, c, d, tx, ty]: t first, then g. */
function concat(g, t) {
    return [g[0] * t[0] + g[2] * t[1], g[1] * t[0] + g[3] * t[1],
        g[0] * t[2] + g[2] * t[3], g[1] * t[2] + g[3] * t[3],
        g[0] * t[4] + g[2] * t[5] + g[4], g[1] * t[4] + g[3] * t[5] + g[5]];
}

function apply(m, x, y) {
    return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** The inverse of a CSS-order matrix; null when it cannot be inverted. */
function invert(t) {
    const determinant = t[0] * t[3] - t[1] * t[2];
    if (!Number.isFinite(determinant) || Math.abs(determinant) < 1e-12) return null;
    return [t[3] / determinant, -t[1] / determinant, -t[2] / determinant, t[0] / determinant,
        (t[2] * t[5] - t[3] * t[4]) / determinant, (t[1] * t[4] - t[0] * t[5]) / determinant];
}

/** The axis-aligned box of `rect`'s four corners under `m`. */
function boxUnder(m, rect) {
    const corners = [[rect.x, rect.y], [rect.x + rect.width, rect.y], [rect.x, rect.y + rect.height], [rect.x + rect.width, rect.y + rect.height]]
        .map(([x, y]) => apply(m, x, y));
    const xs = corners.map(([x]) => x), ys = corners.map(([, y]) => y);
    const x = Math.min(...xs), y = Math.min(...ys);
    return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/**
 * transform, clip-path and opacity of an element resting at `page` (PlanLayers.pageValues):
 * the matrix relative to the resting place, and the container-space mask in the element's own
 * coordinates.
 */
function pageValues(transform, mask, opacity, page) {
    const relative = [...transform];
    relative[4] -= page.x;
    relative[5] -= page.y;
    return { transform: matrix(relative), clipPath: clip(mask, transform, page), opacity };
}

/**
 * The mask in the page's own coordinates. Loupe reports a rotated card's mask as its rect turned
 * about its own centre, so the centre is mapped back through the transform and the size is
 * divided by the transform's scale along each axis; for the unrotated frames of a plan this is
 * the same inset PlanLayers writes. A transform that cannot be inverted clips everything.
 */
function clip(mask, t, page) {
    const determinant = t[0] * t[3] - t[1] * t[2];
    if (!Number.isFinite(determinant) || Math.abs(determinant) < 1e-12) {
        return `inset(0 ${px(page.width)} ${px(page.height)} 0 round 0)`;
    }
    const dx = mask.x + mask.width / 2 - t[4], dy = mask.y + mask.height / 2 - t[5];
    const cx = (t[3] * dx - t[2] * dy) / determinant, cy = (t[0] * dy - t[1] * dx) / determinant;
    const sx = Math.hypot(t[0], t[1]), sy = Math.hypot(t[2], t[3]);
    const halfWidth = mask.width / sx / 2, halfHeight = mask.height / sy / 2;
    const radius = mask.cornerRadius / Math.sqrt(Math.abs(determinant));
    return `inset(${px(cy - halfHeight)} ${px(page.width - cx - halfWidth)} ${px(page.height - cy - halfHeight)} ${px(cx - halfWidth)} round ${px(radius)})`;
}

function box(mask) {
    return { left: px(mask.x), top: px(mask.y), width: px(mask.width), height: px(mask.height), borderRadius: px(mask.cornerRadius) };
}

/**
 * A CSS matrix() to 6 decimals: a scale rounded to 3 would move a phone page's bottom edge by up
 * to 0.4 px (issue 45 §8).
 */
function matrix(m) {
    return `matrix(${m.map((value) => Math.round(value * 1e6) / 1e6).join(", ")})`;
}

function round(value) {
    return Math.round(value * 1000) / 1000;
}

function px(value) {
    const rounded = round(value);
    return rounded === 0 ? "0" : `${rounded}px`;
}
