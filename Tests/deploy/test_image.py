"""The image, run as a user runs it (issue 27 §2 and §6).

scripts/container-test builds the image from the committed Dockerfile with podman
(scripts/container-image) and runs these tests with LOUPE_IMAGE (its tag) and LOUPE_BIN (the host's
release build of the same sources). The container shares the host's network and listens on
127.0.0.1 only. Checked: the image's configuration as the engine reads it (user, port, stop signal,
HEALTHCHECK, backtracer) against the Kubernetes manifests and the binary; a container started the
way docs/operations.md starts one (read-only, no capabilities, no new privileges) runs as 10001,
answers /healthz and /readyz, passes `podman healthcheck run`, answers every example in every
format with the bytes of the host's `loupe plan` / `loupe lifecycle` (timelines and the web page:
the bytes of the host's `loupe serve`), drains on SIGTERM and exits 0 within the grace, and logs
JSON lines; a crash in the container prints a symbolicated backtrace.
"""

from __future__ import annotations

import os
import re
import subprocess
import time
from pathlib import Path

import pytest
import yaml

from containers import (
    LOOPBACK, ROOT, HostServer, container_state, free_port, host_binary, image, inspect, json_log_messages,
    log_lines, offered_formats, podman, process_status, request, status, wait_for,
)

EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
BACKTRACER = "/usr/local/libexec/swift/swift-backtrace-static"
# The container's drain delay in these tests, and its shutdown grace (the default).
DRAIN_DELAY = 3
GRACE = 10
NAME = f"loupe-image-test-{os.getpid()}"


# MARK: - The image's configuration, as the engine reads it


@pytest.fixture(scope="module")
def config() -> dict:
    return inspect("image", image())["Config"]


@pytest.fixture(scope="module")
def image_env(config) -> dict[str, str]:
    return dict(item.split("=", 1) for item in config.get("Env", []))


@pytest.fixture(scope="module")
def deployment_container() -> dict:
    deployment = yaml.safe_load((ROOT / "deploy" / "kubernetes" / "deployment.yaml").read_text(encoding="utf-8"))
    return deployment["spec"]["template"]["spec"]["containers"][0]


@pytest.fixture(scope="module")
def deployment_pod() -> dict:
    deployment = yaml.safe_load((ROOT / "deploy" / "kubernetes" / "deployment.yaml").read_text(encoding="utf-8"))
    return deployment["spec"]["template"]["spec"]


def test_the_user_is_numeric_non_root_and_the_manifests_user(config, deployment_pod, deployment_container):
    user, _, group = config.get("User", "").partition(":")
    assert user.isdigit() and user != "0", f"USER {config.get('User')!r} must be numeric and not root"
    for context in (deployment_pod["securityContext"], deployment_container["securityContext"]):
        assert context["runAsUser"] == int(user), "runAsUser must be the image's USER"
        if group and "runAsGroup" in context:
            assert context["runAsGroup"] == int(group)


def test_the_port_is_exposed_and_is_the_manifests_container_port(config, image_env, deployment_container):
    port = image_env.get("PORT")
    assert port, "the image sets no PORT"
    assert f"{port}/tcp" in config.get("ExposedPorts", {}), f"PORT {port} is not exposed"
    assert deployment_container["ports"][0]["containerPort"] == int(port)
    manifest_port = {e["name"]: e.get("value") for e in deployment_container.get("env", [])}.get("PORT")
    assert manifest_port in (None, port)


def test_the_release_label_is_the_binary_and_the_manifests_tag(config):
    version = subprocess.run([host_binary(), "version"], capture_output=True, text=True, check=True).stdout.split()[1]
    kustomization = yaml.safe_load((ROOT / "deploy" / "kubernetes" / "kustomization.yaml").read_text(encoding="utf-8"))
    tag = {entry["name"]: entry for entry in kustomization["images"]}["loupe"]["newTag"]
    assert config["Labels"]["org.opencontainers.image.version"] == version == tag
    assert os.environ.get("LOUPE_IMAGE_TAG", f":{version}").endswith(f":{version}")


def test_stops_with_sigterm_and_checks_health_with_the_binary(config):
    assert config.get("StopSignal") in ("SIGTERM", "15")
    # podman reports it beside Config, docker inside it.
    health = config.get("Healthcheck") or inspect("image", image()).get("Healthcheck")
    assert health, "no HEALTHCHECK in the image (podman keeps it only with --format docker)"
    test = health["Test"]
    assert test[0] == "CMD" and test[1:] == [config["Entrypoint"][0], "healthcheck"], test
    assert config["Entrypoint"] == ["/usr/local/bin/loupe"] and config.get("Cmd") == ["serve"]


def test_the_binary_needs_no_library_beyond_the_runtime_base():
    # The Swift standard library and Foundation are linked statically: ldd, in the image itself.
    result = podman("run", "--rm", "--network", "none", "--entrypoint", "ldd", image(), "/usr/local/bin/loupe")
    assert "not found" not in result.stdout, result.stdout
    assert "libswift" not in result.stdout and "libFoundation" not in result.stdout, result.stdout


def test_the_backtracer_is_in_the_image_and_enabled(image_env):
    setting = image_env.get("SWIFT_BACKTRACE", "")
    options = dict(item.split("=", 1) for item in setting.split(","))
    assert options.get("enable") == "yes" and options.get("interactive") == "no"
    assert options.get("sanitize") == "yes" and options.get("threads") == "all"
    assert options.get("swift-backtrace") == BACKTRACER
    # Present and executable by the image's user, read-only root and all.
    result = podman("run", "--rm", "--network", "none", "--read-only", "--entrypoint", "/bin/sh", image(),
                    "-c", f'test -x {BACKTRACER} && test "$(id -u)" = 10001 && echo ok')
    assert result.stdout.strip() == "ok", result.stderr


# MARK: - A container, run as docs/operations.md runs one


@pytest.fixture(scope="module")
def host_server():
    server = HostServer()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def served():
    port = free_port()
    podman("rm", "-f", "-i", NAME, check=False)
    podman("run", "-d", "--name", NAME, "--network", "host", "--read-only", "--cap-drop", "ALL",
           "--security-opt", "no-new-privileges", "--stop-timeout", "20",
           "-e", f"PORT={port}", "-e", f"LOUPE_HOST={LOOPBACK}", "-e", f"LOUPE_SHUTDOWN_DRAIN_DELAY={DRAIN_DELAY}",
           image())
    try:
        wait_for(port, "/healthz", 200, 20, alive=lambda: container_state(NAME)["Running"])
        yield port
    finally:
        podman("rm", "-f", "-t", "0", NAME, check=False)


def test_runs_as_10001_without_privileges(served):
    fields = process_status(container_state(NAME)["Pid"])
    assert fields["Uid"].split() == ["10001"] * 4 and fields["Gid"].split() == ["10001"] * 4
    assert int(fields["CapEff"], 16) == 0 and fields["NoNewPrivs"] == "1"


def test_listens_on_loopback_only(served):
    # The container shares the host's network: its listener must be on 127.0.0.1 alone.
    listening = Path("/proc/net/tcp").read_text().splitlines()[1:]
    local = [line.split()[1] for line in listening if line.split()[3] == "0A"]
    mine = [address for address in local if int(address.split(":")[1], 16) == served]
    assert mine == ["0100007F:%04X" % served], mine


def test_health_and_readiness(served):
    assert status(served, "/healthz") == 200
    assert status(served, "/readyz") == 200


def test_the_healthcheck_is_kept_and_passes(served):
    result = podman("healthcheck", "run", NAME, check=False)
    assert result.returncode == 0, f"podman healthcheck run: {result.stdout}{result.stderr}"


@pytest.mark.parametrize("example", EXAMPLES, ids=[path.name for path in EXAMPLES])
def test_every_example_in_every_format_is_the_hosts_answer(served, host_server, example):
    body = example.read_bytes()
    headers = {"Content-Type": "application/json"}
    if example.name.startswith(("timeline-", "conformance-")):
        # Timelines and conformance verdicts: the host's server is the reference.
        route = "/v1/timelines" if example.name.startswith("timeline-") else "/v1/conformance"
        code, _, theirs = request(served, "POST", route, body, headers)
        assert code == 200, theirs[:300]
        _, _, ours = request(host_server.port, "POST", route, body, headers)
        assert theirs == ours, f"{example.name}: the container's answer from {route} differs from the host's"
        return
    command, route = ("lifecycle", "/v1/lifecycle") if example.name.startswith("lifecycle-") else ("plan", "/v1/plans")
    for name in offered_formats(command):
        expected = subprocess.run([host_binary(), command, "--format", name, str(example)], capture_output=True, check=True).stdout
        code, _, answer = request(served, "POST", f"{route}?format={name}", body, headers)
        assert code == 200, f"{example.name} as {name}: {code} {answer[:300]!r}"
        assert answer == expected, f"{example.name} as {name}: {len(answer)} bytes, `loupe {command}` prints {len(expected)}"


def test_the_web_page_is_served(served, host_server):
    code, headers, page = request(served, "GET", "/")
    assert code == 200 and headers["content-type"].startswith("text/html")
    assert page == request(host_server.port, "GET", "/")[2], "the container's page differs from the host's"


def test_sigterm_drains_then_exits_0_within_the_grace(served):
    plan = (ROOT / "examples" / "push.json").read_bytes()
    started = time.monotonic()
    podman("kill", "--signal", "TERM", NAME)
    # The drain delay: not ready, still answering.
    wait_for(served, "/readyz", 503, DRAIN_DELAY)
    # Answered, on a listener that is about to close (so the answer closes its connection).
    code, headers, _ = request(served, "POST", "/v1/plans", plan, {"Content-Type": "application/json"})
    assert code == 200 and headers.get("connection") == "close"
    result = podman("wait", NAME, timeout=DRAIN_DELAY + GRACE + 10)
    elapsed = time.monotonic() - started
    assert result.stdout.strip() == "0", f"exit code {result.stdout.strip()} after SIGTERM"
    assert elapsed < DRAIN_DELAY + GRACE + 1, f"{elapsed:.1f} s to stop"


def test_logs_are_json_lines(served):
    stdout, stderr = log_lines(NAME)
    assert not stderr, f"unexpected stderr: {stderr[:5]}"
    messages = json_log_messages(stdout)
    for expected in ("listening", "request", "shutting down", "stopped"):
        assert expected in messages, f"no {expected!r} line in {sorted(set(messages))}"


# MARK: - A crash


def test_a_crash_logs_a_backtrace_to_stderr():
    # Nothing in Loupe crashes on purpose, so the crash is a SIGSEGV sent from outside: the Swift
    # runtime takes it through the same handler as a fault and runs the same backtracer process,
    # which proves the backtracer runs in this image, as this user, on a read-only root, without
    # capabilities. Unlike a fault, a signal sent from outside leaves no instruction to fault
    # again when the handler returns, so the process lives on; the test removes it.
    name = f"{NAME}-crash"
    port = free_port()
    podman("run", "-d", "--name", name, "--network", "host", "--read-only", "--cap-drop", "ALL",
           "--security-opt", "no-new-privileges", "-e", f"PORT={port}", "-e", f"LOUPE_HOST={LOOPBACK}", image())
    try:
        wait_for(port, "/healthz", 200, 20, alive=lambda: container_state(name)["Running"])
        podman("kill", "--signal", "SEGV", name)
        deadline = time.monotonic() + 30
        while True:
            stdout, stderr = log_lines(name)
            if any(line.startswith("Backtrace took") for line in stderr) or time.monotonic() > deadline:
                break
            time.sleep(0.2)
    finally:
        podman("rm", "-f", "-t", "0", name, check=False)
    report = "\n".join(stderr)
    assert "*** Program crashed: " in report, f"no crash report on stderr:\n{report[:2000]}"
    assert 'Thread 0 "loupe" crashed:' in report, report[:2000]
    assert re.search(r"^\s+0\s+0x[0-9a-f]{16} ", report, re.MULTILINE), "no frame in the crashed thread"
    # The loaded images, with their build IDs: what symbolicates the frames afterwards.
    assert re.search(r"^0x[0-9a-f]+.0x[0-9a-f]+ [0-9a-f]{40} loupe +/usr/local/bin/loupe$", report, re.MULTILINE), report[-1500:]
    assert any(line.startswith("Backtrace took") for line in stderr)
    # The report is on stderr; stdout is still JSON lines only.
    json_log_messages(stdout)
