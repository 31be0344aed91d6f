"""Issue 25 §5: format=lottie proven against the Lottie 1.0 JSON Schema, which the Lottie Animation
Community publishes with the specification (https://lottie.github.io/lottie-spec/1.0/) and PyPI's
`lottie-specs` ships (`lottie_specs.load_specs()`), validated with `jsonschema` (draft 2020-12, the
schema's own `$schema`). scripts/lottie-test installs both, pinned, and test_lottie.py calls `run`.

For every plan request in examples/ and for seeded random requests:
  1. The Lottie answer validates against the schema (every error is listed with its JSON path).
  2. The spec's keyframe rules, which a JSON Schema cannot state: in every animated property the
     keyframes' times `t` are strictly increasing, and every keyframe but the last has its `i` and
     `o` easing tangents (the last may have none; rlottie needs it bare).
First the validator itself is shown to reject answers broken on purpose, so a schema that accepted
anything would fail the test instead of passing it.
"""
import copy
import json
import os
import random
import urllib.request

import jsonschema
import lottie_specs

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RANDOM_REQUESTS = 24
SEED = 0x10771E


class SchemaFailure(Exception):
    pass


def post(url, body):
    request = urllib.request.Request(url + "/v1/plans?format=lottie", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def validator():
    schema = lottie_specs.load_specs()
    jsonschema.Draft202012Validator.check_schema(schema)
    return schema, jsonschema.Draft202012Validator(schema)


def schema_errors(validator, lottie):
    return [f"/{'/'.join(str(part) for part in error.absolute_path)}: {error.message[:160]}"
            for error in sorted(validator.iter_errors(lottie), key=lambda error: list(error.absolute_path))]


def keyframe_errors(lottie):
    """The spec's keyframe rules over every animated property (`{"a": 1, "k": [keyframes]}`)."""
    errors, count = [], 0

    def walk(value, path):
        nonlocal count
        if isinstance(value, dict):
            frames = value.get("k")
            if value.get("a") == 1 and isinstance(frames, list):
                count += 1
                times = [frame.get("t") for frame in frames]
                if len(frames) < 2:
                    errors.append(f"{path}: an animated property with {len(frames)} keyframe(s)")
                if any(not isinstance(t, (int, float)) for t in times):
                    errors.append(f"{path}: a keyframe without a time: {times[:6]}")
                elif any(b <= a for a, b in zip(times, times[1:])):
                    errors.append(f"{path}: times not strictly increasing: {times[:12]}")
                for index, frame in enumerate(frames[:-1]):
                    if "i" not in frame or "o" not in frame:
                        errors.append(f"{path}/k/{index}: no i/o tangents before the last keyframe")
                        break
            for key, item in value.items():
                walk(item, f"{path}/{key}")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, f"{path}/{index}")

    walk(lottie, "")
    return errors, count


def example_requests():
    names = sorted(name for name in os.listdir(os.path.join(ROOT, "examples"))
                   if name.endswith(".json") and not name.startswith(("lifecycle-", "timeline-", "conformance-")))
    for name in names:
        with open(os.path.join(ROOT, "examples", name), encoding="utf-8") as file:
            yield name, json.load(file)


def random_request(rng):
    """A random accepted plan request: transition, container, source or none, presentation,
    platform, spring, frame rate and options, as AnswerSizeTests draws them."""
    width, height = rng.uniform(120, 2000), rng.uniform(120, 2000)
    body = {"transition": rng.choice(["push", "pop", "present", "dismiss"]),
            "container": {"width": width, "height": height, "cornerRadius": rng.uniform(0, 60)},
            "animation": {"frameRate": rng.choice([24, 30, 60, 120]),
                          "spring": {"response": rng.uniform(0.1, 1.5), "dampingRatio": rng.uniform(0.2, 1.5)}}}
    if rng.random() < 0.85:
        side = rng.uniform(10, min(width, height) / 2)
        body["source"] = {"frame": {"x": rng.uniform(0, width - side), "y": rng.uniform(0, height - side),
                                    "width": side, "height": side}, "cornerRadius": rng.uniform(0, 20)}
    if body["transition"] in ("present", "dismiss") and rng.random() < 0.5:
        body["destination"] = {"presentationStyle": rng.choice(["fullScreen", "overFullScreen", "pageSheet", "popover"])}
    if rng.random() < 0.2:
        body["platform"] = {"os": rng.choice(["iOS", "iPadOS", "tvOS", "visionOS"])}
    options = {}
    if rng.random() < 0.4:
        options["backgroundMode"] = rng.choice(["crossfade", "zoom"])
    if rng.random() < 0.3:
        options["motionPath"] = "arc"
    if rng.random() < 0.2:
        options["reduceMotion"] = True
    if rng.random() < 0.4:
        options["precision"] = rng.randint(0, 6)
    if options:
        body["options"] = options
    return body


def check_validator_rejects(validator, lottie):
    """Answers broken on purpose must fail: the schema is really applied."""
    broken = {
        "no width": lambda doc: doc.pop("w"),
        "a frame rate that is text": lambda doc: doc.update({"fr": "sixty"}),
        "a layer whose in point is text": lambda doc: doc["layers"][0].update({"ip": "zero"}),
        "an opacity that is text": lambda doc: doc["layers"][0]["ks"].update({"o": "opaque"}),
    }
    for what, breaking in broken.items():
        doc = copy.deepcopy(lottie)
        breaking(doc)
        if not schema_errors(validator, doc):
            raise SchemaFailure(f"the Lottie 1.0 schema accepted an answer with {what}")
    doc = copy.deepcopy(lottie)
    for layer in doc["layers"]:
        for key in ("o", "p", "s"):
            prop = layer.get("ks", {}).get(key)
            if isinstance(prop, dict) and prop.get("a") == 1 and len(prop["k"]) > 2:
                prop["k"][1]["t"] = prop["k"][0]["t"]
                del prop["k"][0]["i"]
                errors, _ = keyframe_errors(doc)
                if len(errors) < 2:
                    raise SchemaFailure(f"the keyframe rules missed a repeated time and a missing tangent: {errors}")
                return
    raise SchemaFailure("no animated layer transform to break in the first answer")


def run(url):
    """Validates every example's and the random requests' Lottie answers; returns the failures."""
    schema, checker = validator()
    failures = []
    requests = list(example_requests())
    rng = random.Random(SEED)
    requests += [(f"random-{index}", random_request(rng)) for index in range(RANDOM_REQUESTS)]
    checked = animated = 0
    refused = []
    for index, (name, body) in enumerate(requests):
        try:
            lottie = post(url, body)
        except urllib.error.HTTPError as error:
            if name.startswith("random-") and error.code == 422:
                refused.append(json.loads(error.read() or b"{}").get("errors", [{}])[0].get("pointer", "?"))
                continue  # a random request over a limit (the keyframe limit), refused as it should be
            failures.append(f"{name}: HTTP {error.code}")
            continue
        if index == 0:
            try:
                check_validator_rejects(checker, lottie)
            except SchemaFailure as failure:
                failures.append(str(failure))
        errors = schema_errors(checker, lottie)
        keyframes, count = keyframe_errors(lottie)
        if errors:
            failures.append(f"{name}: not a Lottie 1.0 file: " + "; ".join(errors[:5]))
        if keyframes:
            failures.append(f"{name}: keyframe rules broken: " + "; ".join(keyframes[:5]))
        checked += 1
        animated += count
    print(f"  schema: {checked} answers ({len(list(example_requests()))} examples, the rest seeded random) valid against "
          f"{schema.get('$id')} (lottie-specs, $version {schema.get('$version')}); keyframe rules in {animated} animated properties"
          + (f"; {len(refused)} random requests refused with 422 at {sorted(set(refused))}" if refused else ""))
    return failures
