"""The web prototype in a real browser: headless Chromium (Debian's package) driven over the
DevTools protocol, against a running `loupe serve`. scripts/browser-test starts both.

    python3 Tests/browser/test_prototype.py --url http://127.0.0.1:PORT --artifacts artifacts/browser

Checks, in order:
  1. GET / and its assets: types, Content-Security-Policy, nosniff, ETag and 304.
  2. Phone size, touch: a thumbnail tapped in slow motion; the animated layers' position and size
     sampled at several moments and compared with the plan's keyframes (POST /v1/plans, JSON, the
     same request the page sent), within 1 px; screenshots mid-zoom and at rest.
  3. A synthetic swipe down (touch events) dismisses it: the page tracks, POST /v1/timelines
     decides "finish", the page is back on the grid.
  4. A two-finger pinch, the Done button, the blur behind (dimmingVisualEffect) against the
     plan's blur keyframes, and Reduce Motion's cross-fade.
  4b. Settings → View Transitions: a tap opens and Done closes through a real
     document.startViewTransition playing Loupe's stylesheet; a finger grabs a zoom mid-flight
     (POST /v1/timelines with the push at 0 and the touches later decides where it ends); a swipe
     from the leading edge goes back.
  4c. Every frame of each dismissal (Done, swipe down, pinch, edge swipe, iOS 26's content back
     swipe, a cancelled swipe, a presentation's, a pop grabbed mid-flight) recorded with
     requestAnimationFrame: each layer's opacity, transform, clip, visibility and background
     against the plan or the timeline at that frame's time (1.5 px; 0.03 opacity, 0.05 on a
     grabbed card the page draws itself); no layer shows that the plan has at opacity 0, and the
     card lands on the thumbnail (issue 45 §8).
  5. Desktop size: a mouse drag and a ctrl+wheel pinch dismiss; the plan panel shows Loupe's SVGs
     and warnings (screenshot).
  6. The renderings played by Chromium itself: the linear() easing, the css rendering on the
     markup it documents, and the view-transition stylesheet in a real
     document.startViewTransition (push and pop), each within 1 px (or the easing's 0.001) of the plan.
  7. A plan at its address (issue 36 §6): demo-address.html's <link rel="stylesheet" href> and
     <img src> load the plan's view-transition stylesheet and SVG filmstrip from its GET address,
     and a tap plays the linked stylesheet.
  8. The prototype checks itself (issue 43 §6): demo-conformance.html records its own playback
     (push and pop, WAAPI and CSS players) and /v1/conformance judges it: it conforms; with CSS
     `ease` over 300 ms it does not, and the card and travel checks say so.
  9. No console errors, no exceptions, no CSP violations all along.
Screenshots go to --artifacts.
"""
import argparse
import base64
import json
import math
import re
import os
import pathlib
import sys
import time
import urllib.request
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser, CDPError  # noqa: E402

PHONE = {"width": 393, "height": 852, "deviceScaleFactor": 1, "mobile": True}
DESKTOP = {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False}
TOLERANCE = 1.0  # px
ROOT = pathlib.Path(__file__).resolve().parents[2]


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


# MARK: - HTTP


def fetch(url, headers=None, body=None):
    request = urllib.request.Request(url, data=body, headers=headers or {}, method="POST" if body else "GET")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def plan_json(base, body):
    status, _, answer = fetch(base + "/v1/plans", {"Content-Type": "application/json"}, json.dumps(body).encode())
    check(status == 200, f"POST /v1/plans answered {status}: {answer[:300]!r}")
    return json.loads(answer)


def check_http(base):
    status, headers, body = fetch(base + "/")
    check(status == 200, f"GET / answered {status}")
    check(headers["Content-Type"] == "text/html; charset=utf-8", f"GET / Content-Type {headers['Content-Type']}")
    csp = headers["Content-Security-Policy"] or ""
    check("default-src 'self'" in csp and "unsafe-inline" not in csp, f"GET / Content-Security-Policy {csp!r}")
    check(headers["X-Content-Type-Options"] == "nosniff", "GET / lacks X-Content-Type-Options: nosniff")
    check(headers["Cache-Control"], "GET / lacks Cache-Control")
    check(b"<script" in body and b"<script>" not in body, "the page must load its script from a file, not inline")
    status, _, _ = fetch(base + "/", {"If-None-Match": headers["ETag"]})
    check(status == 304, f"GET / with its ETag answered {status}, not 304")
    for path, kind in [("/prototype/main.js", "text/javascript"), ("/prototype/prototype.css", "text/css"), ("/prototype/icon.svg", "image/svg+xml")]:
        status, headers, _ = fetch(base + path)
        check(status == 200 and headers["Content-Type"].startswith(kind), f"GET {path}: {status} {headers['Content-Type']}")


# MARK: - The browser


class Session:
    def __init__(self, page, base, artifacts):
        self.page, self.base, self.artifacts = page, base, artifacts

    def js(self, expression):
        return self.page.evaluate(expression)

    def phase(self):
        return self.js("document.body.dataset.phase")

    def wait_phase(self, phase, timeout=10):
        self.page.wait_for(f"document.body.dataset.phase === {json.dumps(phase)}", timeout)

    def screenshot(self, name):
        path = os.path.join(self.artifacts, name)
        self.page.screenshot(path)
        print(f"  screenshot {path}")

    def viewport(self, metrics, touch):
        self.page.call("Emulation.setDeviceMetricsOverride", **metrics)
        self.page.call("Emulation.setTouchEmulationEnabled", enabled=touch, maxTouchPoints=5)

    def load(self):
        self.page.call("Page.navigate", url=self.base + "/")
        self.page.wait_for("document.readyState === 'complete' && document.body.dataset.phase === 'grid' "
                           "&& document.querySelectorAll('.thumb').length > 0")

    def setting(self, name, value):
        """Changes a setting through the settings form, as a person would."""
        self.js(f"""(() => {{
            const field = document.getElementById('settings-form').elements.namedItem({json.dumps(name)});
            if (field.type === 'checkbox') field.checked = {json.dumps(bool(value))};
            else field.value = {json.dumps(str(value))};
            field.dispatchEvent(new Event('input', {{bubbles: true}}));
        }})()""")

    def center(self, selector):
        rect = self.js(f"(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect(); "
                       "return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()")
        return rect["x"], rect["y"]

    # Input, as the browser receives it from a touch screen or a mouse.

    def tap(self, x, y):
        self.page.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": x, "y": y}])
        time.sleep(0.03)
        self.page.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])

    def click(self, x, y):
        for kind in ("mousePressed", "mouseReleased"):
            self.page.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def touch_path(self, paths, step=0.016):
        """Fingers along `paths` (one list of points per finger, same length), one sample per step."""
        points = lambda index: [{"x": path[index][0], "y": path[index][1], "id": finger} for finger, path in enumerate(paths)]
        self.page.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=points(0))
        for index in range(1, len(paths[0])):
            time.sleep(step)
            self.page.call("Input.dispatchTouchEvent", type="touchMove", touchPoints=points(index))
        self.page.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])

    def drag(self, path, step=0.016):
        self.page.call("Input.dispatchMouseEvent", type="mousePressed", x=path[0][0], y=path[0][1], button="left", buttons=1, clickCount=1)
        for x, y in path[1:]:
            time.sleep(step)
            self.page.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y, button="left", buttons=1)
        self.page.call("Input.dispatchMouseEvent", type="mouseReleased", x=path[-1][0], y=path[-1][1], button="left", buttons=0, clickCount=1)


def line(start, end, count):
    return [(start[0] + (end[0] - start[0]) * i / (count - 1), start[1] + (end[1] - start[1]) * i / (count - 1)) for i in range(count)]


# MARK: - Sampling the zoom against the plan


SAMPLE = """(() => {
    const destination = document.querySelector('[data-layer=destination]');
    const shadow = document.querySelector('[data-layer=shadow]');
    const animation = destination.getAnimations()[0];
    if (!animation) return null;
    // currentTime and the layout below belong to the same frame: both are read in one task.
    const box = (element) => { const r = element.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
    return {
        time: animation.currentTime, rate: animation.playbackRate, phase: document.body.dataset.phase,
        destination: box(destination), shadow: box(shadow),
        clip: getComputedStyle(destination).clipPath, transform: getComputedStyle(destination).transform,
    };
})()"""


def local_inset(keyframe, page):
    """The mask in the page's own coordinates, as the waapi rendering's clip-path states it:
    [top, right, bottom, left] (PlanLayers.clip, for the unrotated frames of a plan)."""
    a, _, _, d, tx, ty = keyframe["transform"]
    mask = keyframe["mask"]
    left, top = (mask["x"] - tx) / a, (mask["y"] - ty) / d
    right, bottom = (mask["x"] + mask["width"] - tx) / a, (mask["y"] + mask["height"] - ty) / d
    return [top, page["width"] - right, page["height"] - bottom, left]


def interpolate(keyframes, time, page):
    """The plan's state at `time` (seconds), linear between keyframes as the renderings play it.
    `inset` is the clip as the browser interpolates it: linearly in the page's own coordinates."""
    def state(before, after, share):
        mix = lambda a, b: a + (b - a) * share
        return {
            "progress": mix(before["progress"], after["progress"]),
            "transform": [mix(a, b) for a, b in zip(before["transform"], after["transform"])],
            "mask": {key: mix(before["mask"][key], after["mask"][key]) for key in before["mask"]},
            "inset": [mix(a, b) for a, b in zip(local_inset(before, page), local_inset(after, page))],
        }
    if time <= keyframes[0]["time"]:
        return state(keyframes[0], keyframes[0], 0)
    for before, after in zip(keyframes, keyframes[1:]):
        if before["time"] <= time <= after["time"]:
            return state(before, after, (time - before["time"]) / max(after["time"] - before["time"], 1e-12))
    return state(keyframes[-1], keyframes[-1], 0)


def inset(clip):
    """A computed `inset(…)` → [top, right, bottom, left] in px (CSS's 1- to 4-value shorthand)."""
    inside = clip[clip.index("(") + 1:clip.rindex(")")].split("round")[0].split()
    values = [float(part.replace("px", "")) for part in inside]
    top, right, bottom, left = {1: lambda v: v * 4, 2: lambda v: v * 2, 3: lambda v: v + [v[1]], 4: lambda v: v}[len(values)](values)
    return [top, right, bottom, left]


def compare(name, actual, expected):
    worst = max(abs(a - e) for a, e in zip(actual, expected))
    check(worst <= TOLERANCE, f"{name}: on screen {[round(v, 2) for v in actual]}, plan {[round(v, 2) for v in expected]} (off by {worst:.2f} px)")
    return worst


def slow_motion_zoom(session):
    """Taps the ferry in slow motion and samples the zoom against the plan's keyframes."""
    session.setting("slowMotion", True)
    x, y = session.center(".thumb")
    session.tap(x, y)
    session.page.wait_for("window.loupePrototype.animations.length > 0", timeout=5)
    body = session.js("window.loupePrototype.lastPlanRequest")
    check(body["transition"] == "push" and body["destination"].get("alignmentRect"), f"unexpected plan request {body}")
    plan = plan_json(session.base, body)
    page = body["destination"]["frame"]
    duration_ms = plan["duration"] * 1000
    samples, worst, drift, shot = [], 0.0, 0.0, False
    while True:
        sample = session.js(SAMPLE)
        if sample is None or sample["phase"] != "opening":
            break
        check(abs(sample["rate"] - 0.1) < 1e-9, f"slow motion should play at 0.1, not {sample['rate']}")
        state = interpolate(plan["keyframes"], sample["time"] / 1000, page)
        a, b, c, d, tx, ty = state["transform"]
        mask = state["mask"]
        # The destination layer: its transformed box is the page under the plan's matrix.
        worst = max(worst, compare(f"destination box at {sample['time']:.1f} ms", sample["destination"],
                                   [tx, ty, a * page["width"], d * page["height"]]))
        # Its clip-path is the plan's mask in the page's coordinates.
        worst = max(worst, compare(f"clip-path inset at {sample['time']:.1f} ms", inset(sample["clip"]), state["inset"]))
        # The card's box (the shadow layer) is the plan's mask.
        worst = max(worst, compare(f"card box at {sample['time']:.1f} ms", sample["shadow"], [mask["x"], mask["y"], mask["width"], mask["height"]]))
        # Between keyframes the clipped card is the interpolated inset under the interpolated
        # matrix, not the interpolated mask: a second-order difference, reported, not checked.
        top, right, bottom, left = inset(sample["clip"])
        clipped = [tx + a * left, ty + d * top, a * (page["width"] - left - right), d * (page["height"] - top - bottom)]
        drift = max(drift, max(abs(x - y) for x, y in zip(clipped, [mask["x"], mask["y"], mask["width"], mask["height"]])))
        samples.append((sample["time"], state["progress"]))
        if not shot and 0.3 <= state["progress"] <= 0.8:
            session.screenshot("1-mid-zoom.png")
            shot = True
        time.sleep(0.35)
    moments = [t for t, _ in samples if 0 < t < duration_ms]
    check(len(moments) >= 5, f"only {len(moments)} samples inside the zoom: {samples}")
    check(shot, f"no sample between progress 0.3 and 0.8 for the mid-zoom screenshot: {samples}")
    print(f"  {len(samples)} samples over {duration_ms:.0f} ms of plan (×10 slow), progress "
          f"{samples[0][1]:.2f}…{samples[-1][1]:.2f}, largest difference {worst:.3f} px "
          f"(clipped card vs the keyframes' mask between keyframes: {drift:.2f} px)")
    session.wait_phase("detail", timeout=10)
    rest = session.js("({transform: getComputedStyle(document.querySelector('[data-layer=destination]')).transform, "
                      "thumb: getComputedStyle(document.querySelector('.thumb')).opacity})")
    check(rest["transform"] in ("none", "matrix(1, 0, 0, 1, 0, 0)"), f"the detail view rests with transform {rest['transform']}")
    check(rest["thumb"] == "0", "the thumbnail should be hidden while the detail view shows it")
    time.sleep(0.2)  # Done fades in over 140 ms
    session.screenshot("2-detail-at-rest.png")
    session.setting("slowMotion", False)


def swipe_down(session):
    width, height = PHONE["width"], PHONE["height"]
    start, end = (width / 2, height * 0.35), (width / 2 + 20, height * 0.75)
    path = line(start, end, 14)
    # Down, with a look at the tracking halfway.
    session.page.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": path[0][0], "y": path[0][1]}])
    for index, (x, y) in enumerate(path[1:], start=1):
        time.sleep(0.016)
        session.page.call("Input.dispatchTouchEvent", type="touchMove", touchPoints=[{"x": x, "y": y}])
        if index == 9:
            tracking = session.js("({phase: document.body.dataset.phase, "
                                  "transform: getComputedStyle(document.querySelector('[data-layer=destination]')).transform})")
            check(tracking["phase"] == "tracking", f"the page should track the swipe, phase {tracking['phase']}")
            scale = float(tracking["transform"].split("(")[1].split(",")[0])
            check(scale < 0.97, f"the card should shrink under the finger, scale {scale}")
            session.screenshot("3-swipe-tracking.png")
    session.page.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
    session.wait_phase("grid", timeout=5)
    request = session.js("window.loupePrototype.lastTimelineRequest")
    answer = session.js("window.loupePrototype.lastTimeline")
    events = request["events"]
    check(events[0]["type"] == "touchesBegan" and events[0]["gesture"] == "pan" and events[0]["input"] == "direct", f"first event {events[0]}")
    check(events[-1]["type"] == "touchesEnded" and len(events) >= 8, f"{len(events)} events, last {events[-1]}")
    check(request["initial"] == "pushed", f"initial {request['initial']}")
    release = answer["releases"][-1]
    check(release["gesture"] == "pan" and release["outcome"] == "finish", f"release {release}")
    # The settle starts where the fingers left the card: the page tracks with Loupe's mapping and
    # tracking spring, so its last tracked frame and the timeline at the release agree, up to the
    # linear interpolation between the two 60 fps keyframes around the release (the landing spring
    # turns the card hard there: a few px at most).
    jump = release_jump(session)
    check(jump <= 4, f"the card jumps {jump:.1f} px at the release: {session.js('window.loupePrototype.lastRelease')}")
    at_rest = session.js("({stage: document.getElementById('stage').hidden, thumb: getComputedStyle(document.querySelector('.thumb')).opacity})")
    check(at_rest["stage"] and at_rest["thumb"] == "1", f"back on the grid the stage is hidden and the thumbnail shows: {at_rest}")
    print(f"  swipe: {len(events)} touch events, release {release['outcome']} (measure {release['measure']:.3f} < {release['threshold']}), "
          f"page and timeline {jump:.2f} px apart at the release")
    session.screenshot("4-grid-after-swipe.png")


def release_jump(session):
    """How far the card moves between the last tracked frame and the first frame of the settle
    (px: the scale's change over the window's height, and the translation's)."""
    handoff = session.js("window.loupePrototype.lastRelease")
    held, settle = (matrix(text) for text in (handoff["held"], handoff["settleFrom"]))
    return max(abs(held[0] - settle[0]) * PHONE["height"], abs(held[4] - settle[4]), abs(held[5] - settle[5]))


def visible_thumb(session, index):
    """The centre of the index-th (1-based) thumbnail wholly inside the window."""
    return tuple(session.js(f"""(() => {{
        const inside = [...document.querySelectorAll('.thumb')].map((thumb) => thumb.getBoundingClientRect())
            .filter((r) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth);
        const r = inside[{index - 1}];
        return [r.left + r.width / 2, r.top + r.height / 2];
    }})()"""))


def open_picture(session, index, tap=True):
    (session.tap if tap else session.click)(*visible_thumb(session, index))
    session.wait_phase("detail", timeout=5)


def pinch(session):
    open_picture(session, 2)
    cx, cy = PHONE["width"] / 2, PHONE["height"] / 2
    left, right = line((cx - 130, cy), (cx - 35, cy + 10), 12), line((cx + 130, cy), (cx + 35, cy - 10), 12)
    session.touch_path([left, right])
    session.wait_phase("grid", timeout=5)
    release = session.js("window.loupePrototype.lastTimeline.releases.at(-1)")
    check(release["gesture"] == "pinch" and release["outcome"] == "finish", f"pinch release {release}")
    print(f"  pinch: release {release['outcome']} (finger distance ratio {release['measure']:.3f})")


def done_button(session):
    open_picture(session, 3)
    time.sleep(0.2)
    session.tap(*session.center("#done"))
    session.wait_phase("closing", timeout=2)
    session.wait_phase("grid", timeout=5)
    check(session.js("window.loupePrototype.lastPlanRequest.transition") == "push", "the opening was a push")


def blur_behind(session):
    """Settings → Blur behind (UIKit's dimmingVisualEffect): the page's blur layer follows the
    plan's `blur` keyframes, sampled in slow motion, within 0.5 px."""
    session.setting("dimmingVisualEffect", "systemMaterial")
    session.setting("slowMotion", True)
    session.tap(*visible_thumb(session, 1))
    session.page.wait_for("window.loupePrototype.animations.length > 0", timeout=5)
    body = session.js("window.loupePrototype.lastPlanRequest")
    check(body["options"].get("dimmingVisualEffect") == "systemMaterial", f"the page did not ask for the blur: {body['options']}")
    plan = plan_json(session.base, body)
    blurs = [keyframe["blur"] for keyframe in plan["keyframes"]]
    worst, count, shot = 0.0, 0, False
    while True:
        sample = session.js("""(() => {
            const layer = document.querySelector('[data-layer=blur]');
            const animation = layer.getAnimations()[0];
            if (!animation || document.body.dataset.phase !== 'opening') return null;
            return {time: animation.currentTime, filter: getComputedStyle(layer).backdropFilter};
        })()""")
        if sample is None:
            break
        match = re.fullmatch(r"blur\(([-0-9.e]+)px\)", sample["filter"])
        check(match, f"the blur layer's backdrop-filter is {sample['filter']!r}")
        time_s = sample["time"] / 1000
        times = [keyframe["time"] for keyframe in plan["keyframes"]]
        expected = blurs[-1]
        for (t0, b0), (t1, b1) in zip(zip(times, blurs), zip(times[1:], blurs[1:])):
            if t0 <= time_s <= t1:
                expected = b0 + (b1 - b0) * (time_s - t0) / max(t1 - t0, 1e-12)
                break
        worst = max(worst, abs(float(match.group(1)) - expected))
        check(worst <= 0.5, f"blur at {sample['time']:.1f} ms is {match.group(1)} px, the plan's {expected:.2f} px")
        count += 1
        if not shot and 6 <= expected <= 16:
            session.screenshot("6-blur-behind.png")
            shot = True
        time.sleep(0.3)
    check(count >= 3, f"only {count} samples of the blur")
    session.wait_phase("detail", timeout=10)
    session.setting("slowMotion", False)
    session.tap(*session.center("#done"))
    session.wait_phase("grid", timeout=5)
    session.setting("dimmingVisualEffect", "")
    print(f"  blur behind: {count} samples, largest difference {worst:.3f} px, {blurs[-1]} px at rest")


def reduced_motion(session):
    session.page.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-reduced-motion", "value": "reduce"}])
    session.tap(*visible_thumb(session, 4))
    session.page.wait_for("document.body.dataset.phase === 'opening' && document.getElementById('stage').getAnimations().length > 0", timeout=5)
    zooming = session.js("document.querySelector('[data-layer=destination]').getAnimations().length")
    check(zooming == 0, "under Reduce Motion the detail view must cross-fade, not zoom")
    session.wait_phase("detail", timeout=5)
    session.page.call("Input.dispatchKeyEvent", type="keyDown", key="Escape", code="Escape", windowsVirtualKeyCode=27)
    session.page.call("Input.dispatchKeyEvent", type="keyUp", key="Escape", code="Escape", windowsVirtualKeyCode=27)
    session.wait_phase("grid", timeout=5)
    session.page.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-reduced-motion", "value": "no-preference"}])
    print("  reduce motion: cross-fade in, Escape cross-fades out")


VIEW_TRANSITION_WATCH = """(() => {
    // Every frame, per phase: whether Loupe's group animation runs on the view-transition pseudo-elements.
    const seen = window.loupeSeen = {opening: [], closing: [], watching: true};
    const look = () => {
        if (!seen.watching) return;
        const phase = document.body.dataset.phase;
        const names = document.getAnimations()
            .filter((a) => a.effect && a.effect.pseudoElement === '::view-transition-group(loupe-zoom)')
            .map((a) => a.animationName);
        if (phase in seen && names.length) seen[phase].push(...names);
        requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
})()"""


def view_transition_switch(session):
    """Settings → View Transitions: the tap opens through the browser's own view transition with
    Loupe's stylesheet (the group plays loupe-zoom-group), the page rests on the detail view, and
    Done closes through one too; the WAAPI layers stay still meanwhile."""
    check(session.js("typeof document.startViewTransition === 'function' "
                     "&& !document.getElementById('settings-form').elements.namedItem('viewTransitions').disabled"),
          "Chromium has the View Transitions API: the switch must be enabled")
    session.setting("viewTransitions", True)
    session.js(VIEW_TRANSITION_WATCH)
    session.tap(*visible_thumb(session, 2))
    session.wait_phase("detail", timeout=5)
    opening = session.js("window.loupeSeen.opening")
    check(any("loupe-zoom-group" in name for name in opening), f"no ::view-transition-group(loupe-zoom) animation while opening: {opening[:5]}")
    check(session.js("window.loupePrototype.lastPlanRequest.transition") == "push", "the opening was a push")
    check(session.js("document.querySelector('[data-layer=destination]').getAnimations().length") == 0, "the WAAPI layers must not play as well")
    time.sleep(0.2)
    session.screenshot("7-view-transition-detail.png")
    session.tap(*session.center("#done"))
    session.wait_phase("closing", timeout=2)
    session.wait_phase("grid", timeout=5)
    closing = session.js("window.loupeSeen.closing")
    check(any("loupe-zoom-group" in name for name in closing), f"no ::view-transition-group(loupe-zoom) animation while closing: {closing[:5]}")
    left = session.js("({sheets: document.adoptedStyleSheets.length, named: [...document.querySelectorAll('*')]"
                      ".filter((e) => e.style && e.style.viewTransitionName).length})")
    check(left == {"sheets": 0, "named": 0}, f"the view transition left its stylesheet or names behind: {left}")
    session.js("window.loupeSeen.watching = false")
    session.setting("viewTransitions", False)
    print(f"  view transitions: {len(opening)} frames of the group opening, {len(closing)} closing")


def grab_mid_flight(session):
    """A thumbnail tapped in slow motion, the card touched mid-zoom and dragged down: the zoom stops
    under the finger, and at the lift the page asks POST /v1/timelines (the push at 0, the touches
    from the grab on) and ends where the timeline's release says. Then a closing held still.
    Follows Settings → Transition (push and pop, or present and dismiss)."""
    navigation = session.js("document.querySelector('input[name=kind]:checked').value") == "navigation"
    opening, closing = ("push", "pop") if navigation else ("present", "dismiss")
    session.setting("slowMotion", True)
    session.tap(*visible_thumb(session, 3))
    session.page.wait_for("(() => { const a = document.querySelector('[data-layer=destination]').getAnimations()[0];"
                          " return a && a.currentTime > 120; })()", timeout=5)
    session.setting("slowMotion", False)  # the settle after the release plays at full speed
    x, y = session.center("[data-layer=shadow]")  # the card's box
    path = line((x, y), (x + 10, y + 260), 14)
    session.page.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": path[0][0], "y": path[0][1]}])
    held = None
    for index, (px, py) in enumerate(path[1:], start=1):
        time.sleep(0.016)
        session.page.call("Input.dispatchTouchEvent", type="touchMove", touchPoints=[{"x": px, "y": py}])
        if index == 2:
            held = session.js("({phase: document.body.dataset.phase, running: document.querySelector('[data-layer=destination]').getAnimations().length})")
    session.page.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
    check(held == {"phase": "tracking", "running": 0}, f"the grabbed zoom should stop and track the finger: {held}")
    session.page.wait_for("['grid', 'detail'].includes(document.body.dataset.phase)", timeout=5)
    request = session.js("window.loupePrototype.lastTimelineRequest")
    events = request["events"]
    check(events[0] == {"time": 0, "type": opening}, f"the timeline should start with the {opening} at 0: {events[0]}")
    began = events[1]
    check(began["type"] == "touchesBegan" and began["gesture"] == "pan" and began["time"] > 0.1,
          f"the grab's touch should come after the push, at the grab: {began}")
    check(events[-1]["type"] == "touchesEnded" and events[-1]["time"] > began["time"], f"last event {events[-1]}")
    release = session.js("window.loupePrototype.lastTimeline.releases.at(-1)")
    expected = "grid" if release["outcome"] == "finish" else "detail"
    phase = session.phase()
    check(phase == expected, f"the timeline released with {release['outcome']}, the page ended on {phase}")
    # The thumbnail is where it was when the card left it: the grid, drawn shrunk under the card
    # (the covered page's scale, held while the finger holds the card), is measured unmoved
    # (issue 45 §8: measured shrunk, the timeline's card parted from the page's by 2.5-6 px).
    source = session.js("window.loupePrototype.lastPlanRequest.source.frame")
    compare("the grabbed timeline's source frame", [request["source"]["frame"][key] for key in ("x", "y", "width", "height")],
            [source[key] for key in ("x", "y", "width", "height")])
    jump = release_jump(session)
    check(jump <= 4, f"the grabbed card jumps {jump:.1f} px at the release: {session.js('window.loupePrototype.lastRelease')}")
    print(f"  grab: at {began['time']:.3f} s of the {opening}, {len(events)} events, release {release['outcome']} → {phase}, "
          f"page and timeline {jump:.2f} px apart at the release")
    if phase == "detail":
        session.tap(*session.center("#done"))
        session.wait_phase("grid", timeout=5)
    # A closing held still and let go: a pop at 0, a touch that never leaves its slop, and the
    # timeline cancels the grabbed pop: back to the detail view.
    open_picture(session, 5)
    session.setting("slowMotion", True)
    time.sleep(0.2)
    session.tap(*session.center("#done"))
    session.page.wait_for("(() => { const a = document.querySelector('[data-layer=destination]').getAnimations()[0];"
                          " return document.body.dataset.phase === 'closing' && a && a.currentTime > 100; })()", timeout=5)
    session.setting("slowMotion", False)
    x, y = session.center("[data-layer=shadow]")
    session.page.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": x, "y": y}])
    time.sleep(0.15)
    session.page.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
    session.wait_phase("detail", timeout=5)
    events = session.js("window.loupePrototype.lastTimelineRequest.events")
    check(events[0] == {"time": 0, "type": closing} and events[1]["type"] == "touchesBegan" and events[1]["time"] > 0.05,
          f"the held closing should be a {closing} at 0, then the touch: {events[:2]}")
    release = session.js("window.loupePrototype.lastTimeline.releases.at(-1)")
    check(release["outcome"] == "cancel", f"a held pop let go without moving should cancel: {release}")
    print(f"  grab: a closing held at {events[1]['time']:.3f} s of the {closing} and let go cancels → detail")
    session.tap(*session.center("#done"))
    session.wait_phase("grid", timeout=5)


def edge_swipe(session):
    """A swipe from the leading (left) edge of the detail view goes back to the grid: an edgePan
    timeline, released with finish."""
    open_picture(session, 4)
    height = PHONE["height"]
    session.touch_path([line((6, height * 0.5), (330, height * 0.5 + 30), 14)])
    session.wait_phase("grid", timeout=5)
    began = session.js("window.loupePrototype.lastTimelineRequest.events[0]")
    check(began["type"] == "touchesBegan" and began["gesture"] == "edgePan" and began["touches"][0]["x"] <= 20,
          f"the swipe should be an edge swipe from the leading edge: {began}")
    release = session.js("window.loupePrototype.lastTimeline.releases.at(-1)")
    check(release["gesture"] == "edgePan" and release["outcome"] == "finish", f"edge swipe release {release}")
    jump = release_jump(session)
    check(jump <= 4, f"the card jumps {jump:.1f} px at the edge swipe's release: {session.js('window.loupePrototype.lastRelease')}")
    print(f"  edge swipe: release {release['outcome']} (projected scale {release['measure']:.3f} < {release['threshold']}), "
          f"page and timeline {jump:.2f} px apart at the release")


def ios26_switch(session):
    """Settings → iOS 26 (issue 25): a finger's swipe toward the trailing side from the middle of a
    pushed page goes back (the content back swipe, tracked and released as the edge swipe), and a
    presentation rests as a sheet at its medium detent, not full screen."""
    session.setting("ios26", True)
    open_picture(session, 4)
    width, height = PHONE["width"], PHONE["height"]
    session.touch_path([line((width * 0.3, height * 0.5), (width * 0.95, height * 0.5 + 12), 14)])
    session.wait_phase("grid", timeout=5)
    request = session.js("window.loupePrototype.lastTimelineRequest")
    began = request["events"][0]
    check(request["platform"]["version"] == "26.0", f"the timeline should ask for iOS 26: {request['platform']}")
    check(began["gesture"] == "pan" and began["touches"][0]["x"] > 60, f"the swipe should be a pan from mid-screen: {began}")
    release = session.js("window.loupePrototype.lastTimeline.releases.at(-1)")
    check(release["gesture"] == "edgePan" and release["outcome"] == "finish", f"content back swipe release {release}")
    jump = release_jump(session)
    check(jump <= 4, f"the card jumps {jump:.1f} px at the content back swipe's release: {session.js('window.loupePrototype.lastRelease')}")
    print(f"  content back swipe: release {release['outcome']} (projected scale {release['measure']:.3f}), {jump:.2f} px at the release")

    session.js("document.querySelector('#settings-form input[name=kind][value=presentation]').click()")
    open_picture(session, 5)
    request = session.js("window.loupePrototype.lastPlanRequest")
    check(request["destination"].get("presentationStyle") == "pageSheet" and request["destination"].get("detent") == "medium",
          f"the presentation should be a medium sheet: {request['destination']}")
    plan = plan_json(session.base, request)
    rest, container = plan["keyframes"][-1]["mask"], request["container"]
    check(abs(rest["x"] - 8) < 1e-9 and abs(rest["width"] - (container["width"] - 16)) < 1e-9
          and abs(rest["y"] + rest["height"] - (container["height"] - 8)) < 1e-9 and rest["height"] < container["height"] / 2,
          f"the sheet should rest at its medium detent: {rest} in {container}")
    check(plan["warnings"] == [], f"no warnings on iOS 26: {plan['warnings']}")
    session.screenshot("ios26-sheet.png")
    time.sleep(0.2)
    session.tap(*session.center("#done"))
    session.wait_phase("grid", timeout=5)
    print(f"  sheet: rests at {rest}")
    session.js("document.querySelector('#settings-form input[name=kind][value=navigation]').click()")
    session.setting("ios26", False)


# MARK: - Every frame of a dismissal against its plan (issue 45 §8)


FRAME_RECORDER = """(() => {
    // Every frame, after the page's own requestAnimationFrame callbacks have drawn it (a task
    // posted from the frame's callback runs once the frame is rendered, before the next one
    // advances the animations), each layer the prototype draws as the browser computes it.
    const stage = document.getElementById('stage');
    const names = ['blur', 'dimming', 'shadow', 'background', 'page', 'destination', 'snapshot'];
    const layer = (name) => stage.querySelector(`[data-layer=${name}]`);
    const shown = (element) => {
        for (let e = element; e && e !== document.documentElement; e = e.parentElement) {
            if (e.hidden || getComputedStyle(e).display === 'none') return false;
        }
        return true;
    };
    const opacity = (element) => {
        let value = 1;
        for (let e = element; e && e !== document.documentElement; e = e.parentElement) value *= Number(getComputedStyle(e).opacity);
        return value;
    };
    const box = (element) => { const r = element.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
    const read = (element) => {
        const style = getComputedStyle(element);
        return {shown: shown(element), visibility: style.visibility, opacity: opacity(element), transform: style.transform,
                clip: style.clipPath, background: style.backgroundColor, boxShadow: style.boxShadow,
                backdropFilter: style.backdropFilter, box: box(element)};
    };
    const frames = window.loupeFrames = [];
    let recording = true;
    window.loupeStopFrames = () => { recording = false; return frames.length; };
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
        const record = window.loupePrototype;
        const animation = layer('destination').getAnimations()[0];
        const layers = Object.fromEntries(names.map((name) => [name, read(layer(name))]));
        layers.covered = read(document.getElementById('grid-page'));
        if (record.source) layers.source = read(record.source);
        layers.done = read(document.getElementById('done'));
        frames.push({phase: document.body.dataset.phase, tracked: record.tracked, time: animation ? animation.currentTime : null, layers});
    };
    const tick = () => {
        if (!recording) return;
        channel.port2.postMessage(null);
        requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
})()"""

FRAME_GEOMETRY = 1.5  # px: a played plan or settle against its keyframes, a tracked frame against the motion
FRAME_OPACITY = 0.03
# A grabbed card the page draws itself is the flight's plan at the braked progress, mixed between
# its two 60 fps keyframes around it; against the motion itself that mix is up to ~0.03 off where a
# fade's ramp ends between the two (the pop's snapshot reaching 1).
DRAWN_OPACITY = 0.05


def frame_at(keyframes, time):
    """The JSON keyframe at `time`, every number mixed linearly between the two around it."""
    def mix(a, b, share):
        if isinstance(a, dict):
            return {key: mix(value, b[key], share) if key in b else value for key, value in a.items()}
        if isinstance(a, list):
            return [mix(x, y, share) for x, y in zip(a, b)]
        if isinstance(a, (int, float)) and not isinstance(a, bool):
            return a + (b - a) * share
        return a
    if time <= keyframes[0]["time"]:
        return keyframes[0]
    for before, after in zip(keyframes, keyframes[1:]):
        if before["time"] <= time <= after["time"]:
            frame = mix(before, after, (time - before["time"]) / max(after["time"] - before["time"], 1e-12))
            # opacity.covered is the covered page's view in the hierarchy or not: a switch, which
            # a page drawing the motion itself (not playing keyframes) makes at once.
            frame["coveredSwitch"] = sorted({before["opacity"].get("covered", 1), after["opacity"].get("covered", 1)})
            return frame
    return keyframes[-1]


def drawn_box(layer):
    """The part of a page-sized layer the browser shows, its clip-path's inset under its
    transform, as [x, y, width, height] in the window in Loupe's convention for masks: a turned
    card's box is its rect turned about its own centre (the centre mapped, the size scaled)."""
    a, b, c, d, tx, ty = matrix(layer["transform"])
    top, right, bottom, left = inset(layer["clip"]) if layer["clip"] != "none" else [0, 0, 0, 0]
    x, y = (left + PHONE["width"] - right) / 2, (top + PHONE["height"] - bottom) / 2
    cx, cy = a * x + c * y + tx, b * x + d * y + ty
    width = (PHONE["width"] - left - right) * math.hypot(a, b)
    height = (PHONE["height"] - top - bottom) * math.hypot(c, d)
    return [cx - width / 2, cy - height / 2, width, height]


def shadow_alpha(box_shadow):
    """The alpha of a computed box-shadow's colour (`rgba(0, 0, 0, 0.24) 0px 4px 36px 0px`)."""
    match = re.search(r"rgba?\(([^)]*)\)", box_shadow)
    if not match:
        return 0.0
    parts = match.group(1).split(",")
    return float(parts[3]) if len(parts) == 4 else 1.0


def visible(layer):
    return layer["shown"] and layer["visibility"] == "visible" and layer["opacity"] > 0.01


def check_frame(where, frame, expected, drawn=False):
    """One sampled frame against the JSON keyframe `expected`: every layer the plan shows is where
    its mask is at the plan's opacity; no layer shows that the plan has at opacity 0; layers the
    plan does not have (the crossfade page, the blur) are not drawn. `drawn`: the page draws this
    frame's motion itself (a finger holds the card), so the covered page's view is in or out at
    once where a played keyframe would fade it over one interval. Returns the worst distance."""
    layers, mask, opacity = frame["layers"], expected["mask"], expected["opacity"]
    card = [mask["x"], mask["y"], mask["width"], mask["height"]]
    worst = 0.0
    fade = DRAWN_OPACITY if drawn else FRAME_OPACITY

    def near(name, actual, wanted, tolerance=FRAME_GEOMETRY):
        nonlocal worst
        off = max(abs(a - w) for a, w in zip(actual, wanted))
        if tolerance == FRAME_GEOMETRY:
            worst = max(worst, off)
        check(off <= tolerance, f"{where}: {name} is {[round(v, 3) for v in actual]}, the plan {[round(v, 3) for v in wanted]}")

    def shown(name):
        return layers[name]["opacity"] if visible(layers[name]) else 0.0

    for name, wanted in (("destination", opacity["destination"]), ("snapshot", opacity["sourceContent"]),
                         ("background", opacity["background"])):
        near(f"the {name} layer's opacity", [shown(name)], [wanted], fade)
        if visible(layers[name]):
            near(f"the {name} layer's drawn box (its clip under its transform)", drawn_box(layers[name]), card)
    for name in ("page", "blur"):
        check(not visible(layers[name]), f"{where}: the {name} layer shows ({layers[name]}), which this plan does not have")
    check(frame["phase"] == "detail" or not visible(layers["done"]), f"{where}: Done shows while the card is not at rest")
    near("the dimming's opacity", [shown("dimming")], [opacity["dimming"]], fade)
    shadow = layers["shadow"]
    check(shadow["background"] in ("rgba(0, 0, 0, 0)", "transparent"), f"{where}: the shadow layer has a background {shadow['background']}")
    if visible(shadow):
        near("the shadow's box", shadow["box"], card)
        near("the shadow's opacity", [shadow_alpha(shadow["boxShadow"]) * shadow["opacity"]], [expected["shadow"]["opacity"]], fade)
    covered = opacity.get("covered", 1)
    choices = expected.get("coveredSwitch", [covered]) if drawn else [covered]
    near("the covered page's opacity", [shown("covered")], [min(choices, key=lambda choice: abs(choice - shown("covered")))], fade)
    if visible(layers["covered"]):
        a, _, _, d, tx, ty = matrix(layers["covered"]["transform"])
        wanted = expected["covered"]
        near("the covered page's scale (× the window's height)", [a * PHONE["height"], d * PHONE["height"]],
             [wanted[0] * PHONE["height"], wanted[3] * PHONE["height"]])
        near("the covered page's translation", [tx, ty], [wanted[4], wanted[5]])
    if "source" in layers:
        near("the source thumbnail's opacity", [shown("source")], [opacity["sourceSlot"]], fade)
    return worst


def expected_frame(frame, rest, flight, timeline, fine, release_time, touched=0):
    """The JSON keyframe a sampled frame should show, and whether the page draws it itself: the resting
    frame before a gesture is recognised, the closing plan at its animation's time, the motion at
    the drawn sample's time while a finger holds the card (`fine`: the same timeline at 240 fps,
    whose motion is the same at every frame rate, docs/behaviour.md), and the timeline's keyframes
    as the page plays them from the release on."""
    phase, time_ms = frame["phase"], frame["time"]
    if phase == "detail":
        return rest, False
    if phase == "closing":
        return (frame_at(flight["keyframes"], time_ms / 1000) if time_ms is not None else rest), False
    if phase == "tracking" or (phase == "settling" and time_ms is None):
        # While Loupe is being asked, the page holds the card where the fingers let go.
        return frame_at(fine["keyframes"], touched + frame["tracked"]), True
    if phase == "settling":
        return frame_at(timeline["keyframes"], release_time + time_ms / 1000), False
    return None, False


def timeline_at_240(session, request):
    body = dict(request, animation=dict(request.get("animation") or {}, frameRate=240))
    status, _, answer = fetch(session.base + "/v1/timelines", {"Content-Type": "application/json"}, json.dumps(body).encode())
    check(status == 200, f"POST /v1/timelines at 240 fps answered {status}: {answer[:300]!r}")
    return json.loads(answer)


def record_dismissal(session, name, dismiss, ends="grid"):
    """Opens a picture, records every frame while `dismiss(session)` dismisses it, and checks each
    frame against the plan (the opening's resting frame, the closing plan or the gesture's
    timeline). The card lands on the thumbnail as the grid draws it in the last frame."""
    open_picture(session, 3)
    time.sleep(0.2)
    rest = session.js("window.loupePrototype.lastPlan.keyframes.at(-1)")
    session.js(FRAME_RECORDER)
    dismiss(session)
    session.wait_phase(ends, timeout=5)
    time.sleep(0.1)
    session.js("window.loupeStopFrames()")
    frames = session.js("window.loupeFrames")
    count = len(frames)
    flight = session.js("window.loupePrototype.lastPlan")
    timeline = session.js("window.loupePrototype.lastTimeline")
    request = session.js("window.loupePrototype.lastTimelineRequest")
    release_time = request["events"][-1]["time"] if request else 0
    # A grab's timeline starts with the app's call at 0 and the finger's touches from the grab on.
    touched = next((event["time"] for event in request["events"] if event["type"] == "touchesBegan"), 0) if request else 0
    fine = timeline_at_240(session, request) if any(frame["phase"] == "tracking" for frame in frames) else None
    phases, worst, checked = [], 0.0, 0
    for index, frame in enumerate(frames):
        if not phases or phases[-1] != frame["phase"]:
            phases.append(frame["phase"])
        if frame["phase"] in ("tracking", "settling") and timeline is None:
            raise Failure(f"{name}: frames while tracking but no timeline")
        expected, drawn = expected_frame(frame, rest, flight, timeline, fine, release_time, touched)
        if expected is None:
            continue
        where = f"{name}, frame {index} ({frame['phase']}, {frame['time']} ms, sample {frame['tracked']})"
        worst = max(worst, check_frame(where, frame, expected, drawn))
        checked += 1
    if ends == "grid":
        # The card lands where the grid, unmoved again, draws the thumbnail.
        after = frames[-1]
        landing = (timeline if "tracking" in phases else flight)["keyframes"][-1]["mask"]
        compare(f"{name}: the card's last mask and the thumbnail on the grid", [landing["x"], landing["y"], landing["width"], landing["height"]],
                after["layers"]["source"]["box"])
        check(after["phase"] == "grid" and not after["layers"]["destination"]["shown"] and after["layers"]["source"]["opacity"] == 1
              and matrix(after["layers"]["covered"]["transform"]) == [1, 0, 0, 1, 0, 0],
              f"{name}: back on the grid the stage is hidden and the grid and thumbnail shown, unmoved: {after['layers']['covered']}")
    check(checked >= 10, f"{name}: only {checked} frames checked ({count} recorded, phases {phases})")
    print(f"  {name}: {checked} of {count} frames ({' → '.join(phases)}) as planned, largest difference {worst:.2f} px")


def dismissal_frames(session):
    """Issue 45 §8: each dismissal the prototype has (Done's pop, a swipe down, a pinch, the edge
    swipe, iOS 26's content back swipe, a swipe that cancels, a presentation's swipe down and
    Done, and a pop grabbed mid-flight and swiped down), sampled every animation frame: each
    layer's opacity, transform, clip, visibility and background against the plan or timeline at
    that frame's time, and the card landing on the thumbnail where the grid draws it."""
    width, height = PHONE["width"], PHONE["height"]
    swipe = lambda s: s.touch_path([line((width / 2, height * 0.35), (width / 2 + 20, height * 0.75), 14)])
    pinch_in = lambda s: s.touch_path([line((width / 2 - 130, height / 2), (width / 2 - 35, height / 2 + 10), 12),
                                       line((width / 2 + 130, height / 2), (width / 2 + 35, height / 2 - 10), 12)])

    def done(s):
        s.tap(*s.center("#done"))

    record_dismissal(session, "Done (pop)", done)
    record_dismissal(session, "swipe down", swipe)
    record_dismissal(session, "pinch", pinch_in)
    record_dismissal(session, "edge swipe", lambda s: s.touch_path([line((6, height * 0.5), (330, height * 0.5 + 30), 14)]))
    record_dismissal(session, "swipe down let go early (cancel)",
                     lambda s: s.touch_path([line((width / 2, height * 0.35), (width / 2, height * 0.35 + 60), 10) + [(width / 2, height * 0.35 + 60)] * 20]),
                     ends="detail")
    session.tap(*session.center("#done"))
    session.wait_phase("grid", timeout=5)
    session.setting("ios26", True)
    record_dismissal(session, "content back swipe (iOS 26)",
                     lambda s: s.touch_path([line((width * 0.3, height * 0.5), (width * 0.95, height * 0.5 + 12), 14)]))
    session.setting("ios26", False)
    session.js("document.querySelector('#settings-form input[name=kind][value=presentation]').click()")
    record_dismissal(session, "presentation: swipe down (dismiss)", swipe)
    record_dismissal(session, "presentation: Done (dismiss)", done)
    session.js("document.querySelector('#settings-form input[name=kind][value=navigation]').click()")

    def grabbed_pop(s):
        # Done in slow motion, the card grabbed mid-flight and swiped down: the settle at full speed.
        s.setting("slowMotion", True)
        s.tap(*s.center("#done"))
        s.page.wait_for("(() => { const a = document.querySelector('[data-layer=destination]').getAnimations()[0];"
                        " return document.body.dataset.phase === 'closing' && a && a.currentTime > 100; })()", timeout=5)
        s.setting("slowMotion", False)
        x, y = s.center("[data-layer=shadow]")
        s.touch_path([line((x, y), (x + 10, y + 200), 14)])

    record_dismissal(session, "a pop grabbed mid-flight and swiped down", grabbed_pop)


def desktop(session):
    session.viewport(DESKTOP, touch=False)
    session.load()
    # A mouse drag down dismisses (pointerType mouse: an indirect pan).
    open_picture(session, 1, tap=False)
    session.drag(line((640, 250), (660, 650), 16))
    session.wait_phase("grid", timeout=5)
    request = session.js("window.loupePrototype.lastTimelineRequest.events[0]")
    check(request["gesture"] == "pan" and request["input"] == "indirect", f"mouse drag began {request}")
    check(session.js("window.loupePrototype.lastTimeline.releases.at(-1).outcome") == "finish", "the drag should dismiss")
    # ctrl + wheel is a trackpad pinch.
    open_picture(session, 5, tap=False)
    for _ in range(6):
        session.page.call("Input.dispatchMouseEvent", type="mouseWheel", x=640, y=400, deltaX=0, deltaY=30, modifiers=2)
        time.sleep(0.016)
    session.wait_phase("grid", timeout=5)
    release = session.js("window.loupePrototype.lastTimeline.releases.at(-1)")
    check(release["gesture"] == "pinch" and release["outcome"] == "finish", f"ctrl+wheel release {release}")
    print("  desktop: mouse drag and ctrl+wheel pinch dismissed")
    # The picture of the "Zoom transitions" guide's ghosting: no alignment rect, slow motion, the
    # plan panel open.
    session.setting("alignmentRect", False)
    session.setting("slowMotion", True)
    session.click(*session.center("[data-drawer=panel]"))
    session.click(*session.center(".thumb"))
    session.page.wait_for("[...document.querySelectorAll('#panel figure img')].every(i => i.complete && i.naturalWidth > 0) "
                          "&& document.querySelectorAll('#panel figure:not([hidden])').length === 2", timeout=5)
    warnings = session.js("[...document.querySelectorAll('#panel .warnings li')].map(li => li.textContent)")
    check(warnings and "Waiting" not in warnings[0], f"the panel should list the plan's warnings in words: {warnings}")
    session.page.wait_for("(() => { const a = document.querySelector('[data-layer=destination]').getAnimations()[0];"
                          " return a && a.currentTime > 55; })()", timeout=5)
    session.screenshot("5-desktop-double-ferry.png")
    # The rest of this slow zoom was checked on the phone; the browser closes mid-flight.


def spring_easing(session):
    """The waapi rendering's `easing` (a CSS linear() function), played by Chromium on an element
    of its own, follows the plan's progress within options.easingTolerance (default 0.001, issue 25
    §4) plus what Chromium's own float arithmetic adds, overshoot included."""
    body = {"transition": "push", "container": {"width": 393, "height": 852, "cornerRadius": 55},
            "source": {"frame": {"x": 16, "y": 120, "width": 110, "height": 110}, "cornerRadius": 8},
            "animation": {"spring": {"response": 0.5, "dampingRatio": 0.45}}}
    plan = plan_json(session.base, body)
    status, _, answer = fetch(session.base + "/v1/plans?format=waapi", {"Content-Type": "application/json"},
                              json.dumps(body).encode())
    check(status == 200, f"POST /v1/plans?format=waapi answered {status}")
    easing = json.loads(answer)["easing"]
    duration = plan["duration"] * 1000
    times = [keyframe["time"] * 1000 for keyframe in plan["keyframes"]]
    played = session.js(
        "(() => { const element = document.createElement('div'); element.style.position = 'absolute';"
        " document.body.append(element);"
        f" const animation = element.animate([{{left: '0px'}}, {{left: '1000px'}}], {{duration: {duration}, easing: {json.dumps(easing)}, fill: 'both'}});"
        f" animation.pause(); const values = {json.dumps(times)}.map(t => {{ animation.currentTime = t;"
        " return parseFloat(getComputedStyle(element).left) / 1000; }); element.remove(); return values; })()")
    check(isinstance(played, list) and len(played) == len(times), f"the easing did not play: {played!r:.200}")
    worst = max(abs(value - keyframe["progress"]) for value, keyframe in zip(played, plan["keyframes"]))
    overshoot = max(keyframe["progress"] for keyframe in plan["keyframes"])
    check(overshoot > 1.01, f"the test spring should overshoot, peaks at {overshoot}")
    accuracy = json.loads(answer)["easingAccuracy"]
    check(accuracy["tolerance"] == 0.001 and accuracy["maximumError"] <= 0.001 and accuracy["stops"] == len(easing.split(",")),
          f"easingAccuracy {accuracy} does not describe the easing")
    # The keyframes' own progress is the spring's, except the last (at rest): within the tolerance,
    # plus Chromium's computed `left` (1/64 px of 1000 px).
    check(worst <= 0.001 + 0.00002, f"the easing played by Chromium is {worst:.5f} from the plan's progress (at most 0.001)")
    print(f"  linear() easing: {len(easing.split(','))} stops, worst {worst:.4f} over {len(times)} keyframes, peak {overshoot:.3f}")


README_EXAMPLE_CHECK = """
    const grid = document.createElement('div');
    grid.style.cssText = 'position: fixed; left: 0; top: 0; width: 100%; height: 100%; background: #eee';
    const thumbnail = document.createElement('div');
    thumbnail.style.cssText = 'position: absolute; left: 16px; top: 120px; width: 110px; height: 110px; background: #c84';
    grid.append(thumbnail);
    document.body.append(grid);
    const page = document.createElement('div');
    page.style.background = '#48c';
    await zoom('push', thumbnail, page, grid);
    const rest = page.getBoundingClientRect();
    const pushed = {box: [rest.left, rest.top, rest.width, rest.height], stages: document.querySelectorAll('.loupe-stage').length,
                    gridOpacity: getComputedStyle(grid).opacity, thumbnailOpacity: getComputedStyle(thumbnail).opacity};
    await zoom('pop', thumbnail, page, grid);
    const popped = {stages: document.querySelectorAll('.loupe-stage').length, pageAttached: page.isConnected,
                    animations: grid.getAnimations({subtree: true}).length, gridOpacity: getComputedStyle(grid).opacity};
    grid.remove();
    return {pushed, popped, viewport: [innerWidth, innerHeight]};
"""


def readme_web_example(session):
    """Issue 45 §2: the README's complete web example (its first js block), run as printed
    against this server: a push leaves the page at rest filling the viewport over a hidden grid,
    and the pop that follows leaves nothing behind (no stage, no animation, the grid shown)."""
    code = re.search(r"```js\n(.*?)```", (ROOT / "README.md").read_text(), re.S).group(1)
    check('const LOUPE = "http://localhost:8080";' in code, "the README's web example does not start with its LOUPE constant")
    code = code.replace('"http://localhost:8080"', json.dumps(session.base))
    result = session.js("(async () => {\n" + code + README_EXAMPLE_CHECK + "})()")
    width, height = result["viewport"]
    pushed, popped = result["pushed"], result["popped"]
    compare("the pushed page's box", pushed["box"], [0, 0, width, height])
    check(pushed["stages"] == 1 and pushed["gridOpacity"] == "0" and pushed["thumbnailOpacity"] == "0",
          f"after the push: {pushed}")
    check(popped == {"stages": 0, "pageAttached": False, "animations": 0, "gridOpacity": "1"}, f"after the pop: {popped}")
    print(f"  README web example: push to {pushed['box']}, pop cleaned up")


CSS_PLAYER = """((css, names, times) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    const holder = document.createElement('div');
    holder.style.position = 'fixed'; holder.style.left = '0px'; holder.style.top = '0px'; holder.style.zIndex = '100000';
    const container = document.createElement('div');
    container.className = 'loupe-container';
    for (const name of names) {
        const layer = document.createElement('div');
        layer.className = 'loupe-' + name;
        container.append(layer);
    }
    holder.append(container);
    document.body.append(holder);
    const animations = container.getAnimations({subtree: true});
    const destination = container.querySelector('.loupe-destination');
    const samples = times.map(t => {
        for (const animation of animations) { animation.pause(); animation.currentTime = t; }
        const r = destination.getBoundingClientRect();
        return {box: [r.left, r.top, r.width, r.height], clip: getComputedStyle(destination).clipPath};
    });
    const count = animations.length;
    holder.remove();
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter(s => s !== sheet);
    return {count, samples};
})"""


def css_rendering(session):
    """The css rendering, applied as a stylesheet to the markup it documents and played by
    Chromium's own CSS animations: the destination's box and clip follow the plan within 1 px."""
    body = {"transition": "push", "container": {"width": 393, "height": 852, "cornerRadius": 55},
            "source": {"frame": {"x": 16, "y": 120, "width": 110, "height": 110}, "cornerRadius": 8},
            "destination": {"frame": {"x": 0, "y": 0, "width": 393, "height": 852},
                            "alignmentRect": {"x": 0, "y": 0, "width": 393, "height": 393}}}
    plan = plan_json(session.base, body)
    status, _, answer = fetch(session.base + "/v1/plans?format=css", {"Content-Type": "application/json"},
                              json.dumps(body).encode())
    check(status == 200, f"POST /v1/plans?format=css answered {status}")
    css = answer.decode()
    names = re.findall(r"@keyframes loupe-([a-z]+)", css)
    check("destination" in names, f"the css has no destination layer: {names}")
    page = body["destination"]["frame"]
    duration_ms = plan["duration"] * 1000
    times = [duration_ms * share for share in (0, 0.1, 0.25, 0.4, 0.55, 0.7, 0.85, 1)]
    played = session.js(f"{CSS_PLAYER}({json.dumps(css)}, {json.dumps(names)}, {json.dumps(times)})")
    check(played and played["count"] == len(names), f"expected {len(names)} CSS animations, got {played and played['count']}")
    worst = 0.0
    for t, sample in zip(times, played["samples"]):
        state = interpolate(plan["keyframes"], t / 1000, page)
        a, _, _, d, tx, ty = state["transform"]
        worst = max(worst, compare(f"css destination box at {t:.1f} ms", sample["box"], [tx, ty, a * page["width"], d * page["height"]]))
        worst = max(worst, compare(f"css clip-path inset at {t:.1f} ms", inset(sample["clip"]), state["inset"]))
    print(f"  css: {len(names)} layers, {len(times)} moments, largest difference {worst:.3f} px")


VIEW_TRANSITION_PLAYER = """((css, body, times) => new Promise((resolve, reject) => {
    if (!document.startViewTransition) { reject(new Error('no document.startViewTransition')); return; }
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    const place = (element, frame) => Object.assign(element.style, {position: 'fixed', left: frame.x + 'px', top: frame.y + 'px',
        width: frame.width + 'px', height: frame.height + 'px', zIndex: '100000'});
    const source = document.createElement('div'), page = document.createElement('div');
    place(source, body.source.frame); source.style.background = 'rgb(200, 60, 60)';
    place(page, body.destination.frame); page.style.background = 'rgb(60, 60, 200)';
    const reverse = body.transition === 'pop' || body.transition === 'dismiss';
    const [before, after] = reverse ? [page, source] : [source, page];
    before.style.viewTransitionName = 'loupe-zoom';
    document.body.append(before);
    const cleanUp = () => { source.remove(); page.remove(); document.adoptedStyleSheets = document.adoptedStyleSheets.filter(s => s !== sheet); };
    const transition = document.startViewTransition(() => {
        before.remove(); before.style.viewTransitionName = '';
        after.style.viewTransitionName = 'loupe-zoom'; document.body.append(after);
    });
    transition.ready.then(() => {
        const animations = document.getAnimations().filter(a => (a.effect.pseudoElement || '').startsWith('::view-transition'));
        const root = document.documentElement;
        const samples = times.map(t => {
            for (const animation of animations) { animation.pause(); animation.currentTime = t; }
            const group = getComputedStyle(root, '::view-transition-group(loupe-zoom)');
            const image = getComputedStyle(root, reverse ? '::view-transition-old(loupe-zoom)' : '::view-transition-new(loupe-zoom)');
            return {width: parseFloat(group.width), height: parseFloat(group.height), transform: group.transform,
                    radius: parseFloat(group.borderTopLeftRadius), pageTransform: image.transform, pageOpacity: parseFloat(image.opacity)};
        });
        const names = animations.map(a => a.effect.pseudoElement + ' ' + a.animationName);
        // Held at a third of the way for a screenshot; window.loupeEndTransition() ends it.
        for (const animation of animations) { animation.currentTime = times[times.length - 1] / 3; }
        window.loupeEndTransition = () => { transition.skipTransition(); return transition.finished.then(cleanUp, cleanUp).then(() => true); };
        resolve({names, samples});
    }, (error) => { cleanUp(); reject(error); });
}))"""


def matrix(text):
    """A computed `matrix(a, b, c, d, tx, ty)` (or `none`) as six numbers."""
    if text == "none":
        return [1, 0, 0, 1, 0, 0]
    return [float(part) for part in text[text.index("(") + 1:text.rindex(")")].split(",")]


def view_transition(session):
    """The view-transition rendering in a real same-document view transition: Chromium's own
    pseudo-elements, paused at several moments, put the group's box on the plan's mask and the
    page's image on the plan's transform within 1 px, for a push and a pop."""
    width, height = session.js("[window.innerWidth, window.innerHeight]")
    for transition in ("push", "pop"):
        body = {"transition": transition, "container": {"width": width, "height": height, "cornerRadius": 40},
                "source": {"frame": {"x": 24, "y": 140, "width": 120, "height": 90}, "cornerRadius": 10},
                "destination": {"frame": {"x": 0, "y": 0, "width": width, "height": height},
                                "alignmentRect": {"x": 0, "y": 0, "width": width, "height": width * 0.75}}}
        plan = plan_json(session.base, body)
        status, headers, answer = fetch(session.base + "/v1/plans?format=view-transition", {"Content-Type": "application/json"},
                                        json.dumps(body).encode())
        check(status == 200 and headers["Content-Type"] == "text/css; charset=utf-8",
              f"POST /v1/plans?format=view-transition answered {status} {headers['Content-Type']}")
        duration_ms = plan["duration"] * 1000
        times = [duration_ms * share for share in (0, 0.08, 0.2, 0.35, 0.5, 0.7, 0.9, 1)]
        played = None
        for attempt in range(3):  # Chromium sometimes aborts a view transition ("DOM update timed out"): retry
            try:
                played = session.js(f"{VIEW_TRANSITION_PLAYER}({json.dumps(answer.decode())}, {json.dumps(body)}, {json.dumps(times)})")
                break
            except CDPError as error:
                if attempt == 2 or "timed out" not in str(error):
                    raise
        session.screenshot(f"6-view-transition-{transition}.png")
        check(session.js("window.loupeEndTransition()"), "the view transition did not end")
        names = played["names"]
        check(any("loupe-zoom-group" in name for name in names), f"the group does not play the plan: {names}")
        page = body["destination"]["frame"]
        worst = 0.0
        for t, sample in zip(times, played["samples"]):
            state = interpolate(plan["keyframes"], t / 1000, page)
            mask = state["mask"]
            _, _, _, _, x, y = matrix(sample["transform"])
            worst = max(worst, compare(f"{transition}: view-transition group at {t:.1f} ms", [x, y, sample["width"], sample["height"]],
                                       [mask["x"], mask["y"], mask["width"], mask["height"]]))
            a, _, _, d, tx, ty = matrix(sample["pageTransform"])
            pa, _, _, pd, ptx, pty = state["transform"]
            worst = max(worst, compare(f"{transition}: page image at {t:.1f} ms", [tx, ty, a * page["width"], d * page["height"]],
                                       [ptx - mask["x"], pty - mask["y"], pa * page["width"], pd * page["height"]]))
        print(f"  view transition {transition}: {len(names)} animations, {len(times)} moments, largest difference {worst:.3f} px")


CROSS_DOCUMENT_HOOK = """if (location.pathname.startsWith('/prototype/demo-')) {
    // Before the demo's own script: catch the cross-document view transition as the new page is
    // revealed, and hold its animations so the test can put them at any moment.
    window.addEventListener('pagereveal', (event) => {
        const transition = event.viewTransition;
        window.loupeReveal = {transition: Boolean(transition), types: transition ? [...transition.types] : []};
        if (!transition) return;
        transition.ready.then(() => {
            const animations = document.getAnimations().filter((a) => (a.effect.pseudoElement || '').startsWith('::view-transition'));
            for (const animation of animations) animation.pause();
            window.loupeCrossDocument = {transition, animations};
            window.loupeReveal.ready = true;
        }, (error) => { window.loupeReveal.error = String(error); });
    });
}"""

CROSS_DOCUMENT_SAMPLER = """((type, times) => {
    const {animations} = window.loupeCrossDocument;
    const root = document.documentElement;
    const samples = times.map((t) => {
        for (const animation of animations) animation.currentTime = t;
        const group = getComputedStyle(root, '::view-transition-group(loupe-zoom)');
        const children = getComputedStyle(root, '::view-transition-group-children(loupe-zoom)');
        return {width: parseFloat(group.width), height: parseFloat(group.height), transform: group.transform,
                radius: parseFloat(group.borderTopLeftRadius), childrenRadius: parseFloat(children.borderTopLeftRadius),
                childrenOverflow: children.overflowX};
    });
    if (times.length) for (const animation of animations) animation.currentTime = times[times.length - 1] / 3;
    return {samples, typed: root.matches(`:active-view-transition-type(${type})`),
            names: animations.map((a) => a.effect.pseudoElement + ' ' + a.animationName),
            nested: CSS.supports('view-transition-group', 'contain'),
            saved: JSON.parse(sessionStorage.getItem('loupe-demo-view-transition')).requests[type]};
})"""


def cross_document_view_transition(session):
    """Issue 25 §3: the demo's two pages (served by Loupe) navigate with a real cross-document view
    transition playing the stylesheet Loupe answers (`viewTransitionNavigation: "cross-document"`,
    `viewTransitionClass`, `viewTransitionGroup: "contain"`). On the page navigated to, the
    transition is typed push (then pop) by the stylesheet's @view-transition, and the card's group,
    paused at several moments, is on the plan's mask within 1 px, as in the same-document test. Where
    the browser has nested view transition groups (Chromium 140+), the detail page's title nests in
    the card (an animation runs on ::view-transition-group-children) and its clip follows the
    card's corner radius; where it has not, that rule is dropped (the documented fallback) and only
    the flat tree is checked."""
    hook = session.page.call("Page.addScriptToEvaluateOnNewDocument", source=CROSS_DOCUMENT_HOOK)["identifier"]
    try:
        session.page.call("Page.navigate", url=session.base + "/prototype/demo-grid.html")
        session.page.wait_for("document.readyState === 'complete' && document.querySelectorAll('.card').length === 6")
        for type, trigger in (("push", "#card-1"), ("pop", "#back")):
            # The page navigated from still holds its own reveal (the push's, on the detail page):
            # forget it, so only the page navigated to can answer the wait below (under load the
            # old document answered first, and the pop read the push's types).
            session.js("window.loupeReveal = undefined, true")
            session.click(*session.center(trigger))
            deadline = time.monotonic() + 15
            reveal = None
            while time.monotonic() < deadline:
                try:
                    reveal = session.js("window.loupeReveal && (window.loupeReveal.ready || window.loupeReveal.error) ? window.loupeReveal : null")
                except CDPError:
                    reveal = None  # the old document is going away
                if reveal:
                    break
                time.sleep(0.05)
            check(reveal and reveal.get("ready"), f"{type}: no cross-document view transition on the page navigated to: {reveal}")
            check(reveal["types"] == [type], f"{type}: the transition's types are {reveal['types']}, not [{type!r}]")
            width, height = session.js("[innerWidth, innerHeight]")
            played = session.js(f"{CROSS_DOCUMENT_SAMPLER}({json.dumps(type)}, [])")
            body = played["saved"]
            check(body["container"]["width"] == width and body["container"]["height"] == height,
                  f"{type}: the demo planned for {body['container']}, the viewport is {width}x{height}")
            plan = plan_json(session.base, body)
            duration_ms = plan["duration"] * 1000
            times = [duration_ms * share for share in (0, 0.1, 0.25, 0.4, 0.55, 0.7, 0.9, 1)]
            played = session.js(f"{CROSS_DOCUMENT_SAMPLER}({json.dumps(type)}, {json.dumps(times)})")
            check(played["typed"], f"{type}: :active-view-transition-type({type}) does not match the document")
            names = played["names"]
            check(any(f"card-{type}-group" in name for name in names), f"{type}: the group does not play the plan: {names}")
            session.screenshot(f"8-cross-document-{type}.png")
            worst = 0.0
            for t, sample in zip(times, played["samples"]):
                state = interpolate(plan["keyframes"], t / 1000, body["destination"]["frame"])
                mask = state["mask"]
                _, _, _, _, x, y = matrix(sample["transform"])
                worst = max(worst, compare(f"{type}: cross-document group at {t:.1f} ms", [x, y, sample["width"], sample["height"]],
                                           [mask["x"], mask["y"], mask["width"], mask["height"]]))
            nested = [name for name in names if name.startswith("::view-transition-group-children(loupe-zoom)")]
            if played["nested"]:
                # The detail page's title (on the new page of a push, the old of a pop) nests in the card: the children pseudo-element exists and
                # clips to the card's radius at every moment.
                check(nested and f"card-{type}-children" in nested[0], f"{type}: no nested group animation: {names}")
                for t, sample in zip(times, played["samples"]):
                    check(sample["childrenOverflow"] == "clip" and abs(sample["childrenRadius"] - sample["radius"]) <= 0.01,
                          f"{type}: at {t:.1f} ms the nested group clips with radius {sample['childrenRadius']}, the card's is {sample['radius']}")
            elif not played["nested"]:
                check(not nested, f"{type}: nested group animations without nested groups: {nested}")
            print(f"  cross-document {type}: types {reveal['types']}, {len(names)} animations"
                  f"{', nested group clipped' if nested else ''}, {len(times)} moments, largest difference {worst:.3f} px")
            session.js("window.loupeCrossDocument.transition.skipTransition(), true")
            session.page.wait_for("document.readyState === 'complete' && !document.activeViewTransition")
    finally:
        try:
            session.page.call("Page.removeScriptToEvaluateOnNewDocument", identifier=hook)
        except CDPError:
            pass  # already gone with the page's last navigation; never hide the check's own failure


def plan_at_address(session):
    """Issue 36 §6: demo-address.html links a plan's view-transition stylesheet with
    <link rel="stylesheet" href> and shows its SVG filmstrip with <img src>, both at the plan's GET
    address; no script asks Loupe for anything. The stylesheet must have loaded from the address
    (its rules are the view-transition rendering's), the picture must have decoded, and a tap must
    play a same-document view transition whose group animation is the linked stylesheet's, as long
    as the plan. At phone size: the plan's container is the 393 x 852 viewport."""
    session.viewport(PHONE, touch=True)
    session.page.call("Page.navigate", url=session.base + "/prototype/demo-address.html")
    session.page.wait_for("document.readyState === 'complete' && document.getElementById('filmstrip').complete")
    loaded = session.js("""(() => {
        const sheet = [...document.styleSheets].find((s) => s.href && s.href.includes('/v1/plans/1.'));
        const image = document.getElementById('filmstrip');
        return {href: sheet ? new URL(sheet.href).pathname + new URL(sheet.href).search : null,
                rules: sheet ? [...sheet.cssRules].map((r) => r.cssText) : [],
                image: new URL(image.src).pathname + new URL(image.src).search,
                width: image.naturalWidth, height: image.naturalHeight};
    })()""")
    check(loaded["href"] and loaded["href"].endswith("?format=view-transition"), f"no stylesheet from a plan address: {loaded['href']}")
    check(any("::view-transition-group(loupe-zoom)" in rule for rule in loaded["rules"]),
          f"the linked stylesheet is not the plan's view transition: {loaded['rules'][:3]}")
    check(loaded["width"] > 0 and loaded["height"] > 0, f"the filmstrip at {loaded['image']} did not decode")
    # The same bytes a POST of the request gets: the address holds the request.
    status, headers, body = fetch(session.base + loaded["href"])
    check(status == 200 and "max-age" in headers.get("Cache-Control", ""), f"GET {loaded['href']}: {status} {headers.get('Cache-Control')}")
    request = json.loads(zlib.decompress(base64.urlsafe_b64decode(address_key(loaded["href"]))))
    posted = fetch(session.base + "/v1/plans?format=view-transition", {"Content-Type": "application/json"}, json.dumps(request).encode())
    check(posted[2] == body, "the address's stylesheet differs from the POST's")
    plan = plan_json(session.base, request)
    session.click(*session.center("#thumb"))
    session.page.wait_for("document.getAnimations().some((a) => (a.effect?.pseudoElement ?? '').startsWith('::view-transition-group(loupe-zoom)'))")
    played = session.js("""(() => {
        const group = document.getAnimations().find((a) => (a.effect?.pseudoElement ?? '').startsWith('::view-transition-group(loupe-zoom)'));
        return {name: group.animationName, duration: group.effect.getComputedTiming().duration, open: document.body.classList.contains('open')};
    })()""")
    check(played["open"], "the tap did not open the page")
    check(abs(played["duration"] - plan["duration"] * 1000) < 1, f"the group animation lasts {played['duration']} ms, the plan {plan['duration'] * 1000:.1f}")
    session.screenshot("9-plan-at-address.png")
    session.page.wait_for("!document.getAnimations().some((a) => (a.effect?.pseudoElement ?? '').startsWith('::view-transition'))")
    print(f"  stylesheet ({len(loaded['rules'])} rules) and filmstrip ({loaded['width']}x{loaded['height']}) from the plan's address;"
          f" the tap played {played['name']} for {played['duration']:.1f} ms")
    # Issue 45 §8: at another window size the page links the same request sized to the window.
    session.viewport(DESKTOP, touch=False)
    session.page.call("Page.navigate", url=session.base + "/prototype/demo-address.html")
    session.page.wait_for("document.readyState === 'complete' && !document.getElementById('plan-stylesheet').href.includes('eNpdzk0OwiAQBeC7')"
                          " && document.getElementById('filmstrip').complete && document.getElementById('filmstrip').naturalWidth > 0")
    resized = session.js("""(() => ({href: document.getElementById('plan-stylesheet').href, hint: document.getElementById('hint').textContent,
        rules: [...document.styleSheets].filter((s) => s.href && s.href.includes('/v1/plans/1.')).map((s) => s.cssRules.length)}))()""")
    sized = json.loads(zlib.decompress(base64.urlsafe_b64decode(address_key(new_path(resized["href"])))))
    check(sized["container"]["width"] == DESKTOP["width"] and sized["container"]["height"] == DESKTOP["height"],
          f"the desktop page's plan is sized {sized['container']}, not the window")
    check(resized["rules"] and resized["rules"][0] > 0, "the resized address's stylesheet did not load")
    check("Tap" in resized["hint"], "the page does not say what to do")
    print(f"  at {DESKTOP['width']}x{DESKTOP['height']} the page links the plan sized to the window ({resized['rules'][0]} rules)")


def conformance_self_check(session):
    """Issue 43 §6: the prototype checks its own playback. demo-conformance.html plays a push and
    a pop with each player (Element.animate with the waapi answer, CSS animations with the css
    rendering), records the visible card, its radius, the dimming and the source's opacity every
    frame, and asks /v1/conformance: its own playback conforms at the default tolerances. The same
    playback with its easing replaced by CSS `ease` over 300 ms does not, and the failing checks
    name the card and the travel times. The verdict's SVG is shown."""
    session.viewport(PHONE, touch=False)
    session.page.call("Page.navigate", url=session.base + "/prototype/demo-conformance.html")
    session.page.wait_for("document.readyState === 'complete' && window.loupeConformance !== undefined")
    results = []
    for transition in ("push", "pop"):
        for player in ("waapi", "css"):
            for easing in ("plan", "ease300"):
                verdict = session.js(f"""(async () => {{
                    for (const [id, value] of [['transition', '{transition}'], ['player', '{player}'], ['easing', '{easing}']]) document.getElementById(id).value = value;
                    document.body.dataset.state = 'starting';
                    document.getElementById('controls').requestSubmit();
                    while (!['done', 'failed'].includes(document.body.dataset.state)) await new Promise((resolve) => setTimeout(resolve, 20));
                    const chart = document.getElementById('chart');
                    await chart.decode().catch(() => null);
                    return {{state: document.body.dataset.state, text: document.getElementById('verdict').textContent,
                            verdict: window.loupeConformance.lastVerdict, frames: window.loupeConformance.lastRequest.observed.frames.length,
                            chart: chart.naturalWidth}};
                }})()""")
                label = f"{transition} by {player} with {easing}"
                check(verdict["state"] == "done", f"{label}: {verdict['text']}")
                checks = verdict["verdict"]["checks"]
                failing = [c["name"] for c in checks if not c["conforms"]]
                check(verdict["chart"] > 0, f"{label}: the verdict's SVG did not decode")
                if easing == "plan":
                    check(verdict["verdict"]["conforms"], f"{label}: the page's own playback does not conform: "
                          + json.dumps([c for c in checks if not c["conforms"]]))
                else:
                    check(not verdict["verdict"]["conforms"], f"{label}: an ease over 300 ms conforms")
                    # The issue's travel checks: travel50, travel90 and settle.
                    check(any(name.startswith("card.") for name in failing) and ({"travel50", "travel90", "settle"} & set(failing)),
                          f"{label}: the failing checks do not name the card and the travel times: {failing}")
                results.append(f"{label}: {verdict['frames']} frames, {'conforms' if not failing else 'fails ' + ', '.join(failing)}")
    session.screenshot("10-conformance.png")
    for result in results:
        print("  " + result)


def new_path(url):
    """A URL's path and query."""
    from urllib.parse import urlsplit
    parts = urlsplit(url)
    return parts.path + ("?" + parts.query if parts.query else "")


def address_key(target):
    """The base64 of an address's key (after its version), padded."""
    key = target.split("?")[0].rsplit("/", 1)[1][2:]
    return key + "=" * (-len(key) % 4)


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--url", required=True)
    arguments.add_argument("--artifacts", default="artifacts/browser")
    arguments.add_argument("--chromium")
    options = arguments.parse_args()
    os.makedirs(options.artifacts, exist_ok=True)
    base = options.url.rstrip("/")
    started = time.monotonic()

    check_http(base)
    print("http: GET / and assets with CSP, nosniff, ETag and 304")
    browser = Browser(options.chromium, log_path=os.path.join(options.artifacts, "chromium.log"))
    page = browser.page()
    session = Session(page, base, options.artifacts)
    try:
        for domain in ("Page", "Runtime", "Log"):
            page.call(f"{domain}.enable")
        # CSP violations become console errors, which fail the test below.
        page.call("Page.addScriptToEvaluateOnNewDocument", source=(
            "document.addEventListener('securitypolicyviolation', (e) => "
            "console.error('CSP violation', e.violatedDirective, e.blockedURI));"))
        session.viewport(PHONE, touch=True)
        session.load()
        steps = [("slow-motion zoom against the plan", slow_motion_zoom), ("swipe down", swipe_down), ("pinch", pinch),
                 ("Done", done_button), ("blur behind", blur_behind), ("reduce motion", reduced_motion),
                 ("View Transitions switch", view_transition_switch), ("grab mid-flight", grab_mid_flight),
                 ("leading-edge swipe", edge_swipe), ("iOS 26 switch", ios26_switch),
                 ("every frame of each dismissal against its plan", dismissal_frames), ("desktop", desktop),
                 ("the spring as a linear() easing", spring_easing), ("the css rendering", css_rendering),
                 ("the view-transition rendering", view_transition),
                 ("a cross-document view transition between the demo's two pages", cross_document_view_transition),
                 ("a plan linked at its address", plan_at_address), ("the README's web example", readme_web_example),
                 ("the prototype checks its own playback", conformance_self_check)]
        for name, step in steps:
            step_started = time.monotonic()
            print(f"{name}:")
            try:
                step(session)
            except (Failure, CDPError):
                session.screenshot("failure.png")
                raise
            print(f"  ok ({time.monotonic() - step_started:.1f} s)")
        page.evaluate("1")  # collect the last events
        errors = []
        for event in page.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                errors.append(params["exceptionDetails"].get("exception", {}).get("description") or params["exceptionDetails"]["text"])
            elif method == "Runtime.consoleAPICalled" and params["type"] in ("error", "assert"):
                errors.append(" ".join(str(arg.get("value", arg.get("description"))) for arg in params["args"]))
            elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
                errors.append(f"{params['entry']['text']} {params['entry'].get('url', '')}")
        check(not errors, "console errors:\n  " + "\n  ".join(errors))
        print("console: no errors, no exceptions, no CSP violations")
    finally:
        page.close()
        browser.close()
    print(f"browser test passed in {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    try:
        main()
    except (Failure, CDPError) as error:
        print(f"browser test FAILED: {error}", file=sys.stderr)
        sys.exit(1)
