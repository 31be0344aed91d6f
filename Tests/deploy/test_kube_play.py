"""The Kubernetes Deployment, played by `podman kube play` (issue 27 §3).

Plays deploy/kubernetes/deployment.yaml's pod with the image scripts/container-image built, and
checks what a kubelet would make of it: the pod becomes ready, its root file system is read-only,
it runs as 10001 with no capabilities, no new privileges and the runtime's default seccomp
filter, its environment is the manifest's, and a stop (SIGTERM, then the pod's
terminationGracePeriodSeconds before SIGKILL, as the kubelet does it) drains: /readyz answers 503
while plans are still answered, then the process exits 0 before the grace period ends.

The played copy differs from the manifest only where this machine needs it (see
`played_manifest`): the image is the local tag, the pod uses the host's network with loupe on
127.0.0.1 and a free port (podman 4.3's `kube play` cannot publish a port on loopback alone), and
the names are unique. What `kube play` does not prove is in docs/operations.md.
"""

from __future__ import annotations

import copy
import os
import subprocess
import time

import pytest
import yaml

from containers import (
    LOOPBACK, ROOT, container_state, free_port, image, inspect, podman, process_environment, process_status,
    request, status, wait_for,
)

MANIFEST = ROOT / "deploy" / "kubernetes" / "deployment.yaml"
NAME = f"loupe-kube-test-{os.getpid()}"


@pytest.fixture(scope="module")
def manifest() -> dict:
    return yaml.safe_load(MANIFEST.read_text(encoding="utf-8"))


def played_manifest(manifest: dict, port: int) -> dict:
    played = copy.deepcopy(manifest)
    played["metadata"]["name"] = NAME
    pod = played["spec"]["template"]["spec"]
    pod["hostNetwork"] = True
    container = pod["containers"][0]
    container["image"] = image()
    container["imagePullPolicy"] = "Never"
    # With the host's network podman 4.3 refuses container ports (it treats them as port
    # mappings), so the probes name the port by number instead of by its name.
    del container["ports"]
    for probe in ("readinessProbe", "livenessProbe"):
        container[probe]["httpGet"]["port"] = port
    container["env"] = container.get("env", []) + [
        {"name": "PORT", "value": str(port)},
        {"name": "LOUPE_HOST", "value": LOOPBACK},
    ]
    return played


@pytest.fixture(scope="module")
def played(manifest, tmp_path_factory):
    port = free_port()
    path = tmp_path_factory.mktemp("kube") / "deployment.yaml"
    path.write_text(yaml.safe_dump(played_manifest(manifest, port)), encoding="utf-8")
    podman("kube", "down", str(path), check=False)
    output = podman("kube", "play", str(path), timeout=180).stdout
    try:
        # "Pod:\n<id>\nContainer:\n<id>": the pod's containers, the infra container not listed.
        lines = output.split()
        assert "Container:" in lines, output
        workloads = lines[lines.index("Container:") + 1:]
        assert len(workloads) == 1, f"expected one container in the pod:\n{output}"
        name = inspect("container", workloads[0])["Name"]
        wait_for(port, "/readyz", 200, 30, alive=lambda: container_state(name)["Running"])
        yield name, port
    finally:
        podman("kube", "down", str(path), check=False)
        for pod in podman("pod", "ps", "-q", "--filter", f"name=^{NAME}", check=False).stdout.split():
            podman("pod", "rm", "-f", pod, check=False)


def test_the_pod_becomes_ready(played):
    _, port = played
    assert status(port, "/readyz") == 200 and status(port, "/healthz") == 200


def test_the_root_file_system_is_read_only(played):
    name, _ = played
    assert inspect("container", name)["HostConfig"]["ReadonlyRootfs"] is True
    result = podman("exec", name, "/bin/sh", "-c", "touch /usr/local/bin/written", check=False)
    assert result.returncode != 0 and "Read-only file system" in result.stderr, result.stderr


def test_runs_as_10001_locked_down(played, manifest):
    name, _ = played
    context = manifest["spec"]["template"]["spec"]["containers"][0]["securityContext"]
    fields = process_status(container_state(name)["Pid"])
    assert fields["Uid"].split() == [str(context["runAsUser"])] * 4
    assert fields["Gid"].split() == [str(context["runAsGroup"])] * 4
    assert int(fields["CapEff"], 16) == 0 and int(fields["CapPrm"], 16) == 0, "capabilities: drop ALL"
    assert fields["NoNewPrivs"] == "1", "allowPrivilegeEscalation: false"
    assert fields["Seccomp"] == "2", "seccompProfile RuntimeDefault: a filter is loaded"


def test_the_environment_is_the_manifests(played, manifest):
    name, port = played
    environment = process_environment(container_state(name)["Pid"])
    written = manifest["spec"]["template"]["spec"]["containers"][0]["env"]
    for item in written:
        if "value" in item:
            assert environment.get(item["name"]) == str(item["value"]), f"{item['name']}: {environment.get(item['name'])!r}"
        else:
            # The optional Secret does not exist here, so the variable is not set.
            assert item["valueFrom"]["secretKeyRef"]["optional"] is True
            assert item["name"] not in environment
    assert environment["PORT"] == str(port) and environment["LOUPE_HOST"] == LOOPBACK
    # No docker-link variables (enableServiceLinks: false) beside the LOUPE_* settings.
    names = {item["name"] for item in written} | {"PORT", "LOUPE_HOST"}
    extra = sorted(key for key in environment if key.startswith("LOUPE_") and key not in names)
    assert not extra, f"variables the manifest does not set: {extra}"


def test_a_stop_drains_then_exits_0(played, manifest):
    name, port = played
    pod = manifest["spec"]["template"]["spec"]
    grace_period = pod["terminationGracePeriodSeconds"]
    env = {item["name"]: item.get("value") for item in pod["containers"][0]["env"]}
    drain = float(env["LOUPE_SHUTDOWN_DRAIN_DELAY"])
    plan = (ROOT / "examples" / "push.json").read_bytes()
    started = time.monotonic()
    # As the kubelet: the stop signal, then SIGKILL once the grace period is over.
    stop = subprocess.Popen(["podman", "stop", "--time", str(grace_period), name],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(port, "/readyz", 503, 3)
        answered = 0
        while time.monotonic() - started < drain - 1:
            code, _, _ = request(port, "POST", "/v1/plans", plan, {"Content-Type": "application/json"})
            assert code == 200 and status(port, "/readyz") == 503
            answered += 1
            time.sleep(0.2)
        assert answered >= 5, f"only {answered} plans answered during the {drain:.0f} s drain delay"
        stop.wait(timeout=grace_period + 15)
    finally:
        if stop.poll() is None:
            stop.kill()
    elapsed = time.monotonic() - started
    state = container_state(name)
    assert stop.returncode == 0, stop.stderr
    assert state["ExitCode"] == 0, f"exit code {state['ExitCode']}"
    assert elapsed < grace_period, f"{elapsed:.1f} s: the kubelet would have sent SIGKILL"
    assert status(port, "/healthz") is None, "still listening after the exit"
