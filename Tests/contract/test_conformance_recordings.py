"""Issue 43 §5: a screen-recording tracker's CSV (swift_transitions' columns t, card_l, card_r,
card_t, card_b) becomes a conformance request with scripts/track-to-observed, and the server
judges it: a 3x recording of examples/push.json's own card, rounded to whole pixels as a
tracker measures them, conforms; the same recording played 40 % slower does not.
"""
import csv
import io
import json
import subprocess
import sys

from conftest import ROOT, post_json as post


def track_csv(keyframes, scale, origin, stretch=1.0, lead=3, lost=()):
    """The tracker's CSV for a card that plays `keyframes` `stretch` times as slowly, in pixels."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["t", "card_l", "card_r", "card_t", "card_b", "colour"])
    rate = 60.0
    first = keyframes[0]["mask"]
    rows = [(k / rate - lead / rate, first) for k in range(lead)]
    rows += [(0.1 + k["time"] * stretch, k["mask"]) for k in keyframes]
    for index, (time, mask) in enumerate(rows):
        if index in lost:
            writer.writerow([f"{time:.4f}", "", "", "", "", "blue"])
            continue
        edges = [mask["x"], mask["x"] + mask["width"], mask["y"], mask["y"] + mask["height"]]
        left, right = (round(origin[0] + edge * scale) for edge in edges[:2])
        top, bottom = (round(origin[1] + edge * scale) for edge in edges[2:])
        writer.writerow([f"{time:.4f}", left, right, top, bottom, "blue"])
    return out.getvalue()


def convert(tmp_path, text, *arguments):
    track = tmp_path / "track.csv"
    track.write_text(text)
    output = subprocess.check_output([sys.executable, str(ROOT / "scripts/track-to-observed"), str(track), *arguments])
    return json.loads(output)


def test_a_trackers_csv_of_the_plans_own_card_conforms(server, tmp_path):
    plan = json.loads((ROOT / "examples/push.json").read_text())
    keyframes = post(server, "/v1/plans", plan)["keyframes"]
    text = track_csv(keyframes, scale=3, origin=(0, 120), lost={10})
    body = convert(tmp_path, text, "--scale", "3", "--origin", "0,120", "--expected", str(ROOT / "examples/push.json"))
    assert list(body) == ["expected", "observed"] and body["expected"]["plan"] == plan
    assert len(body["observed"]["frames"]) == len(keyframes) + 3 - 1, "the row whose card was lost is skipped"
    verdict = post(server, "/v1/conformance", body)
    assert verdict["conforms"], verdict
    assert abs(verdict["alignment"]["offset"] - 0.1) < 0.003


def test_the_same_card_played_slower_does_not_conform(server, tmp_path):
    plan = json.loads((ROOT / "examples/push.json").read_text())
    keyframes = post(server, "/v1/plans", plan)["keyframes"]
    observed = convert(tmp_path, track_csv(keyframes, scale=3, origin=(0, 0), stretch=1.4), "--scale", "3")
    assert list(observed) == ["observed"]
    verdict = post(server, "/v1/conformance", {"expected": {"plan": plan}, **observed})
    failing = {check["name"] for check in verdict["checks"] if not check["conforms"]}
    assert not verdict["conforms"] and {"card.width", "travel90"} <= failing, failing


def test_a_csv_without_the_trackers_columns_is_refused(tmp_path):
    track = tmp_path / "track.csv"
    track.write_text("time,left,right\n0,1,2\n")
    result = subprocess.run([sys.executable, str(ROOT / "scripts/track-to-observed"), str(track)], capture_output=True, text=True)
    assert result.returncode != 0 and "card_l" in result.stderr
