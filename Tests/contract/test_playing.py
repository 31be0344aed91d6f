"""docs/playing.md's arithmetic, checked against the running server (issue 45 §3): the page-space
clip it derives from a JSON keyframe (the mask taken back through the inverse of the transform)
is the `clip-path: inset(...)` Loupe's own WAAPI rendering writes for the destination, frame by
frame, and a zoom's matrices only scale and move (b = c = 0), as the doc's native snippets assume.
"""
import json
import re

import pytest

from conftest import ROOT, post_json as post


def page_clip(keyframe):
    """docs/playing.md, "The clip in the page's coordinates"."""
    a, b, c, d, tx, ty = keyframe["transform"]
    mask = keyframe["mask"]
    return {"left": (mask["x"] - tx) / a, "top": (mask["y"] - ty) / d, "width": mask["width"] / a,
            "height": mask["height"] / d, "radius": mask["cornerRadius"] / a}


def inset(clip_path):
    numbers = [float(value) for value in re.findall(r"-?[\d.]+", clip_path)]
    top, right, bottom, left = numbers[:4]
    return top, right, bottom, left, numbers[4]


@pytest.mark.parametrize("example", ["push.json", "pop.json", "present.json", "alignment-rect.json"])
def test_the_docs_clip_is_the_one_loupes_waapi_rendering_writes(server, example):
    body = json.loads((ROOT / "examples" / example).read_text())
    body.get("options", {}).pop("precision", None)  # full precision: the formula, not the rounding, is checked
    plan = post(server, "/v1/plans", body)
    waapi = post(server, "/v1/plans?format=waapi", body)
    frames = waapi["keyframes"]["destination"]
    frame = body.get("destination", {}).get("frame") or {"x": 0, "y": 0, **body["container"]}
    width, height = frame["width"], frame["height"]
    assert len(frames) == len(plan["keyframes"]), "a keyframe per JSON keyframe"
    for keyframe, rendered in zip(plan["keyframes"], frames):
        a, b, c, d, _, _ = keyframe["transform"]
        assert b == 0 and c == 0, f"{example}: a zoom's matrix only scales and moves: {keyframe['transform']}"
        clip = page_clip(keyframe)
        top, right, bottom, left, radius = inset(rendered["clipPath"])
        expected = (clip["top"], width - clip["left"] - clip["width"], height - clip["top"] - clip["height"], clip["left"], clip["radius"])
        for name, got, want in zip(("top", "right", "bottom", "left", "radius"), (top, right, bottom, left, radius), expected):
            # The WAAPI answer writes lengths to 3 decimals; a rest frame's zero radius is `round 0`.
            assert abs(got - want) <= 0.002 + 1e-6 * abs(want) or (name == "radius" and rendered["offset"] == 1), \
                f"{example} at {keyframe['time']:.4f} s: {name} {got}, the doc's formula gives {want}"
