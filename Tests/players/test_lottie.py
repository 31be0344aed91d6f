"""format=lottie played by a player no one here wrote: rlottie (Samsung's C++ Lottie renderer,
through the rlottie-python package, which ships it), against a running `loupe serve`.
scripts/lottie-test starts the server and installs the package in a venv.

    python Tests/players/test_lottie.py --url http://127.0.0.1:PORT --artifacts artifacts/lottie

For each request (push, pop, present, dismiss, a tvOS slide, a popover, a bouncy crossfade push),
the JSON plan and the Lottie answer of the same request are fetched, and:
  1. rlottie loads the animation; its frame count is op - ip + 1 (rlottie counts the out point)
     and op is the plan's keyframe count, so frame k is keyframe k.
  2. With only the `card` layer kept, the alpha channel's bounding box at several frames (first,
     quarter, half, three quarters, last, and the widest mask: a bouncy spring's overshoot) is
     the plan's mask rect at that keyframe, clipped to the canvas, within 1.5 px (antialiased
     edges reach into the next pixel).
  3. Whole frames render (the other layers do not hide the card), and frames after 0 are not
     empty (a last keyframe with tangents makes rlottie draw nothing after frame 0).
  4. An image swapped into the `destination` asset shows inside the card at the end of a push,
     and one in the `source` asset at its start: the asset ids and mattes work.
  5. Issue 25 §5 (lottie_schema.py): every example's Lottie answer, and seeded random requests',
     validate against the Lottie 1.0 JSON Schema from PyPI's lottie-specs and keep the spec's
     keyframe rules (times strictly increasing, i/o on every keyframe but the last).
Rendered frames go to --artifacts as PNGs.
"""
import argparse
import base64
import io
import json
import os
import sys
import urllib.request

from PIL import Image
from rlottie_python import LottieAnimation

import lottie_schema

TOLERANCE = 1.5  # px
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def example(name):
    with open(os.path.join(ROOT, "examples", name), encoding="utf-8") as file:
        return json.load(file)


REQUESTS = {
    "push": example("push.json"),
    "pop": example("pop.json"),
    "present": example("present.json"),
    "dismiss": example("dismiss.json"),
    "tvos-slide": example("tvos-fallback.json"),
    "popover": {"transition": "present", "container": {"width": 820, "height": 1180},
                "destination": {"frame": {"x": 100, "y": 200, "width": 400, "height": 500},
                                "presentationStyle": "popover"}},
    # Overshoot past the container (the box is clipped to the canvas) and the crossfade mode.
    "bouncy-crossfade": {**example("push.json"), "animation": {"frameRate": 60, "spring": "bouncy"},
                         "options": {"backgroundMode": "crossfade", "motionPath": "arc"}},
}


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def post(url, path, body):
    request = urllib.request.Request(url + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.headers.get("Content-Type"), response.read().decode("utf-8")


def only(lottie, names):
    """The animation with only the top-level layers named `names`."""
    copy = dict(lottie)
    copy["layers"] = [layer for layer in lottie["layers"] if layer["nm"] in names]
    return copy


def with_image(lottie, asset_id, colour):
    """The animation with image asset `asset_id` replaced by a solid `colour` PNG of its size."""
    copy = json.loads(json.dumps(lottie))
    for asset in copy["assets"]:
        if asset.get("id") == asset_id:
            image = Image.new("RGBA", (max(1, round(asset["w"])), max(1, round(asset["h"]))), colour)
            buffer = io.BytesIO()
            image.save(buffer, "PNG")
            asset["p"] = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()
    return copy


def render(lottie, frame):
    return LottieAnimation.from_data(json.dumps(lottie)).render_pillow_frame(frame_num=frame)


def expected_box(mask, width, height):
    left, top = max(0.0, mask["x"]), max(0.0, mask["y"])
    right, bottom = min(float(width), mask["x"] + mask["width"]), min(float(height), mask["y"] + mask["height"])
    return (left, top, right, bottom) if right > left and bottom > top else None


def check_request(url, name, body, artifacts):
    content_type, text = post(url, "/v1/plans?format=lottie", body)
    check(content_type == "application/vnd.loupe.lottie+json", f"{name}: Content-Type {content_type}")
    lottie = json.loads(text)
    plan = json.loads(post(url, "/v1/plans", body)[1])
    keyframes = plan["keyframes"]
    width, height = lottie["w"], lottie["h"]

    animation = LottieAnimation.from_data(text)
    total = animation.lottie_animation_get_totalframe()
    check(lottie["op"] == len(keyframes), f"{name}: op {lottie['op']}, {len(keyframes)} keyframes")
    check(total == lottie["op"] - lottie["ip"] + 1, f"{name}: rlottie counts {total} frames for op {lottie['op']}")
    check(animation.lottie_animation_get_size() == (width, height), f"{name}: size {animation.lottie_animation_get_size()}")

    last = len(keyframes) - 1
    widest = max(range(len(keyframes)), key=lambda k: keyframes[k]["mask"]["width"])
    frames = sorted({0, last // 4, last // 2, 3 * last // 4, last, widest})
    card = only(lottie, {"card"})
    worst = 0.0
    for frame in frames:
        keyframe = keyframes[frame]
        image = render(card, frame)
        image.save(os.path.join(artifacts, f"{name}-card-{frame:03d}.png"))
        whole = animation.render_pillow_frame(frame_num=frame)
        whole.save(os.path.join(artifacts, f"{name}-{frame:03d}.png"))
        check(whole.getchannel("A").getbbox() is not None, f"{name} frame {frame}: nothing drawn")
        drawn = image.getchannel("A").getbbox()
        wanted = expected_box(keyframe["mask"], width, height)
        visible = max(keyframe["opacity"]["destination"], keyframe["opacity"]["sourceContent"]) > 0.01
        if wanted is None or not visible:
            check(drawn is None, f"{name} frame {frame}: the card is off the canvas or transparent, but rlottie drew {drawn}")
            continue
        check(drawn is not None, f"{name} frame {frame}: the card drew nothing; the mask is {keyframe['mask']}")
        error = max(abs(a - b) for a, b in zip(drawn, wanted))
        worst = max(worst, error)
        check(error <= TOLERANCE, f"{name} frame {frame}: card drawn at {drawn}, the mask is {wanted} (off by {error:.2f} px)")
    print(f"  {name}: {len(keyframes)} frames at {lottie['fr']} fps, card within {worst:.2f} px of the mask at frames {frames}")
    return lottie, keyframes


def check_images(name, lottie, keyframes, artifacts):
    """Swapped images show inside the card: the destination at the end, the source at the start."""
    last = len(keyframes) - 1
    for asset, colour, frame, opacity in (("destination", (255, 0, 0, 255), last, "destination"),
                                          ("source", (0, 255, 0, 255), 0, "sourceContent")):
        if not any(a.get("id") == asset for a in lottie["assets"]) or keyframes[frame]["opacity"][opacity] < 0.99:
            continue
        image = render(only(with_image(lottie, asset, colour), {"card"}), frame)
        image.save(os.path.join(artifacts, f"{name}-{asset}-image-{frame:03d}.png"))
        mask = keyframes[frame]["mask"]
        centre = (int(mask["x"] + mask["width"] / 2), int(mask["y"] + mask["height"] / 2))
        pixel = image.getpixel(centre)
        # rlottie's alpha matte lets about 1 % of the placeholder through.
        check(max(abs(a - b) for a, b in zip(pixel, colour)) <= 10,
              f"{name} frame {frame}: the {asset} image should fill the card's centre {centre}, found {pixel}")
        outside = (int(mask["x"] + mask["width"]) + 3, centre[1])
        if outside[0] < lottie["w"]:
            check(image.getpixel(outside)[3] == 0, f"{name} frame {frame}: the {asset} image leaks out of the card at {outside}")
        print(f"  {name}: the {asset} image fills the card at frame {frame}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--artifacts", default="artifacts/lottie")
    arguments = parser.parse_args()
    os.makedirs(arguments.artifacts, exist_ok=True)
    failures = 0
    for name, body in REQUESTS.items():
        try:
            lottie, keyframes = check_request(arguments.url, name, body, arguments.artifacts)
            check_images(name, lottie, keyframes, arguments.artifacts)
        except Failure as failure:
            failures += 1
            print(f"FAIL {failure}", file=sys.stderr)
    print("the Lottie 1.0 schema and keyframe rules:")
    schema_failures = lottie_schema.run(arguments.url)
    for failure in schema_failures:
        print(f"FAIL {failure}", file=sys.stderr)
    if failures or schema_failures:
        print(f"test_lottie: {failures} of {len(REQUESTS)} requests failed, {len(schema_failures)} schema failures", file=sys.stderr)
        return 1
    print(f"test_lottie: {len(REQUESTS)} requests passed; every answer is a valid Lottie 1.0 file")
    return 0


if __name__ == "__main__":
    sys.exit(main())
