// Generated pictures: small landscapes drawn as inline SVG, so the page needs no image files.
//
// Every picture is deterministic (a seeded random generator), so screenshots and the browser
// test see the same grid on every run. The first one is a ferry at sea: the "double ferry" of
// the "Zoom transitions" guide is easiest to see on it.

const SVG = "http://www.w3.org/2000/svg";

/** Mulberry32: a tiny seeded generator, good enough for pictures. */
function random(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

const SCENES = ["ferry", "mountains", "city", "dunes", "shapes", "forest"];
const PLACES = {
    ferry: ["Ferry to Athens", "Morning crossing", "Harbour light", "The long way round"],
    mountains: ["High pass", "Blue ridges", "Snow line", "Valley at noon"],
    city: ["City at dusk", "Late train", "Window lights", "Rooftops"],
    dunes: ["Dunes", "Dry heat", "Last light", "Sand sea"],
    shapes: ["Composition", "Bauhaus", "Three circles", "Primary"],
    forest: ["Pines", "Old wood", "Clearing", "Fir and fog"],
};
/** Picture aspect ratios (width ÷ height): panoramas to tall portraits. */
const ASPECTS = [16 / 9, 4 / 3, 3 / 4, 1, 2 / 3, 21 / 9, 3 / 2, 9 / 16];
/** Thumbnail shapes: null shows the whole picture; a number crops it to that aspect ratio. */
const THUMB_SHAPES = [null, 1, null, 4 / 5, null, 1, 3 / 2];
const RADII = [0, 4, 8, 12, 16, 22, 6, 30];

/**
 * One picture of the catalogue: its scene and aspect ratio (width ÷ height), its thumbnail's
 * aspect ratio and corner radius, and the seed its drawing comes from.
 * @typedef {{id: string, title: string, scene: string, aspect: number, thumbAspect: number, radius: number, seed: number}} Picture
 */

/**
 * The catalogue: `count` pictures with their thumbnails' shapes and corner radii, the same on
 * every run (seeded).
 * @param {number} count
 * @returns {Picture[]}
 */
export function makePictures(count) {
    const pictures = [];
    for (let index = 0; index < count; index += 1) {
        const next = random(1000 + index * 7919);
        const scene = index === 0 ? "ferry" : SCENES[Math.floor(next() * SCENES.length)];
        const aspect = index === 0 ? 16 / 9 : ASPECTS[Math.floor(next() * ASPECTS.length)];
        const names = PLACES[scene];
        pictures.push({
            id: `picture-${index + 1}`,
            title: index === 0 ? names[0] : names[Math.floor(next() * names.length)],
            scene,
            aspect,
            // The first thumbnail is a square crop of a wide picture, as in the "Zoom transitions"
            // guide's photo grid.
            thumbAspect: index === 0 ? 1 : (THUMB_SHAPES[Math.floor(next() * THUMB_SHAPES.length)] ?? aspect),
            radius: index === 0 ? 12 : RADII[Math.floor(next() * RADII.length)],
            seed: 5000 + index * 104729,
        });
    }
    return pictures;
}

let instances = 0;

/**
 * The picture as an <svg> element. `fit` is "slice" (fill the box and crop, like a thumbnail)
 * or "meet" (show all of it, letterboxed). Gradient ids are unique per element, because ids are
 * global to the document and a hidden copy would break the others' references.
 * @param {Picture} picture
 * @param {"slice" | "meet"} fit
 * @returns {SVGSVGElement}
 */
export function pictureElement(picture, fit) {
    const width = 1000;
    const height = Math.round(width / picture.aspect);
    const svg = node("svg", { viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: `xMidYMid ${fit}`, "aria-hidden": "true" });
    const prefix = `p${(instances += 1)}`;
    const defs = node("defs");
    svg.append(defs);
    const draw = { ferry, mountains, city, dunes, shapes, forest }[picture.scene];
    draw({ svg, defs, prefix, width, height, next: random(picture.seed) });
    return svg;
}

// MARK: - Drawing helpers

function node(name, attributes = {}, children = []) {
    const element = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
    element.append(...children);
    return element;
}

function gradient(context, name, stops, vertical = true) {
    const id = `${context.prefix}-${name}`;
    const attributes = vertical ? { id, x1: 0, y1: 0, x2: 0, y2: 1 } : { id, x1: 0, y1: 0, x2: 1, y2: 0 };
    context.defs.append(node("linearGradient", attributes,
        stops.map(([offset, color]) => node("stop", { offset, "stop-color": color }))));
    return `url(#${id})`;
}

function hsl(h, s, l) {
    return `hsl(${Math.round(h) % 360} ${Math.round(s)}% ${Math.round(l)}%)`;
}

/** A ridge line across the picture as a closed polygon down to the bottom. */
function ridge(context, baseline, roughness, steps) {
    const { width, height, next } = context;
    const points = [[0, height]];
    let y = baseline;
    for (let step = 0; step <= steps; step += 1) {
        y = Math.min(height, Math.max(0, y + (next() - 0.5) * roughness));
        points.push([(step / steps) * width, y]);
    }
    points.push([width, height]);
    return points.map((point) => point.map(Math.round).join(",")).join(" ");
}

function sky(context, hue, name = "sky") {
    const { svg, width, height } = context;
    svg.append(node("rect", { width, height, fill: gradient(context, name, [[0, hsl(hue, 60, 55)], [1, hsl(hue + 30, 70, 85)]]) }));
}

// MARK: - Scenes

function ferry(context) {
    const { svg, width, height, next } = context;
    const horizon = height * 0.58;
    sky(context, 195 + next() * 20);
    svg.append(node("circle", { cx: width * 0.78, cy: horizon * 0.42, r: height * 0.09, fill: "hsl(45 100% 88%)" }));
    svg.append(node("polygon", { points: ridge({ ...context, height: horizon + 1 }, horizon * 0.86, height * 0.05, 12), fill: "hsl(220 20% 55%)" }));
    svg.append(node("rect", { y: horizon, width, height: height - horizon, fill: gradient(context, "sea", [[0, "hsl(205 60% 40%)"], [1, "hsl(215 70% 22%)"]]) }));
    // The ferry: hull, two decks, a funnel and a row of windows, big and central so a doubled
    // copy (the "Zoom transitions" guide's ghosting) is obvious.
    const scale = Math.min(width, height * 1.6) / 1000;
    const x = width * 0.5 - 260 * scale, y = horizon - 40 * scale;
    const ship = node("g", { transform: `translate(${x} ${y}) scale(${scale})` });
    ship.append(
        node("polygon", { points: "0,40 520,40 480,110 40,110", fill: "hsl(0 0% 96%)" }),
        node("rect", { x: 30, y: 92, width: 460, height: 18, fill: "hsl(210 80% 30%)" }),
        node("rect", { x: 90, y: -5, width: 330, height: 45, fill: "hsl(0 0% 92%)" }),
        node("rect", { x: 150, y: -40, width: 210, height: 35, fill: "hsl(0 0% 88%)" }),
        node("rect", { x: 330, y: -95, width: 40, height: 60, fill: "hsl(5 75% 50%)" }),
        node("rect", { x: 330, y: -95, width: 40, height: 14, fill: "hsl(0 0% 15%)" }),
    );
    for (let window = 0; window < 11; window += 1) {
        ship.append(node("rect", { x: 105 + window * 28, y: 8, width: 16, height: 12, rx: 3, fill: "hsl(210 40% 35%)" }));
    }
    svg.append(ship);
    // Wake and glitter.
    for (let line = 0; line < 14; line += 1) {
        const wy = horizon + (0.1 + next() * 0.85) * (height - horizon);
        const wx = next() * width;
        svg.append(node("rect", { x: wx, y: wy, width: 30 + next() * 90, height: 3, rx: 1.5, fill: "hsl(200 60% 80% / 0.5)" }));
    }
}

function mountains(context) {
    const { svg, width, height, next } = context;
    const hue = 190 + next() * 60;
    sky(context, hue);
    for (let layer = 0; layer < 4; layer += 1) {
        const baseline = height * (0.35 + layer * 0.14);
        svg.append(node("polygon", {
            points: ridge(context, baseline, height * (0.22 - layer * 0.04), 9 + layer * 3),
            fill: hsl(hue + 10 + layer * 8, 25 + layer * 5, 70 - layer * 14),
        }));
    }
    svg.append(node("circle", { cx: width * (0.15 + next() * 0.3), cy: height * 0.2, r: height * 0.05, fill: "hsl(50 100% 96%)" }));
}

function city(context) {
    const { svg, width, height, next } = context;
    svg.append(node("rect", { width, height, fill: gradient(context, "dusk", [[0, "hsl(250 45% 18%)"], [0.6, "hsl(300 40% 35%)"], [1, "hsl(25 85% 60%)"]]) }));
    svg.append(node("circle", { cx: width * 0.8, cy: height * 0.18, r: height * 0.06, fill: "hsl(50 60% 92%)" }));
    let x = 0;
    while (x < width) {
        const w = 50 + next() * 110, h = height * (0.25 + next() * 0.5);
        const building = node("g");
        building.append(node("rect", { x, y: height - h, width: w - 6, height: h, fill: hsl(240, 20, 10 + next() * 10) }));
        for (let wy = height - h + 14; wy < height - 14; wy += 24) {
            for (let wx = x + 10; wx < x + w - 20; wx += 20) {
                if (next() < 0.4) building.append(node("rect", { x: wx, y: wy, width: 9, height: 12, fill: "hsl(45 100% 70%)" }));
            }
        }
        svg.append(building);
        x += w;
    }
}

function dunes(context) {
    const { svg, width, height, next } = context;
    sky(context, 20 + next() * 20);
    svg.append(node("circle", { cx: width * (0.2 + next() * 0.6), cy: height * 0.3, r: height * 0.12, fill: "hsl(40 100% 92%)" }));
    for (let layer = 0; layer < 4; layer += 1) {
        svg.append(node("polygon", {
            points: ridge(context, height * (0.45 + layer * 0.13), height * 0.08, 5),
            fill: hsl(28 + layer * 4, 70, 62 - layer * 9),
        }));
    }
}

function shapes(context) {
    const { svg, width, height, next } = context;
    svg.append(node("rect", { width, height, fill: "hsl(40 40% 92%)" }));
    const colors = ["hsl(5 80% 50%)", "hsl(220 75% 40%)", "hsl(45 95% 55%)", "hsl(0 0% 12%)"];
    for (let shape = 0; shape < 7; shape += 1) {
        const color = colors[Math.floor(next() * colors.length)];
        const cx = next() * width, cy = next() * height, size = Math.min(width, height) * (0.1 + next() * 0.3);
        svg.append(next() < 0.5
            ? node("circle", { cx, cy, r: size / 2, fill: color })
            : node("rect", { x: cx - size / 2, y: cy - size / 4, width: size, height: size / 2, fill: color }));
    }
}

function forest(context) {
    const { svg, width, height, next } = context;
    svg.append(node("rect", { width, height, fill: gradient(context, "fog", [[0, "hsl(180 20% 85%)"], [1, "hsl(150 20% 60%)"]]) }));
    for (let row = 0; row < 4; row += 1) {
        const base = height * (0.55 + row * 0.14), shade = 60 - row * 14;
        for (let tree = 0; tree < 9 + row * 3; tree += 1) {
            const x = next() * width, h = height * (0.25 + next() * 0.2), w = h * 0.35;
            svg.append(node("polygon", { points: `${x},${base - h} ${x - w / 2},${base} ${x + w / 2},${base}`, fill: hsl(150, 30, shade) }));
        }
    }
}
