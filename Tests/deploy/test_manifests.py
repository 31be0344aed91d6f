"""The deployment files agree with the code.

Reads deploy/kubernetes/ (through its kustomization.yaml), docs/operations-reference.md and the
settings table the built binary prints (`loupe serve --help`: every flag, environment variable
and default), and checks that the manifests cannot drift from them: probes, ports, the grace period
against the shutdown timing, the user, every environment variable, the image version and the
documented configuration and metrics. These are the checks `podman kube play` cannot make (the
schema's kinds and versions, the Service, the autoscaler, the disruption budget, the timing
arithmetic); what the image says (its USER, port, labels, HEALTHCHECK) is read from the built
image by Tests/deploy/test_image.py, and the Deployment is played by Tests/deploy/test_kube_play.py
(both run by scripts/container-test).

Run by scripts/check-deploy, which sets LOUPE_BIN to the built `loupe`.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
KUBERNETES = ROOT / "deploy" / "kubernetes"
OPERATIONS = ROOT / "docs" / "operations-reference.md"
# After the drain delay and the shutdown grace, the process flushes its log queue (up to 1 s,
# LogSink.close) before it exits.
EXIT_MARGIN_SECONDS = 1


# MARK: - What the code says


def loupe(*arguments: str, environment: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    binary = os.environ.get("LOUPE_BIN")
    if not binary:
        pytest.fail("LOUPE_BIN is not set: run this through scripts/check-deploy")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    env.update(environment or {})
    return subprocess.run([binary, *arguments], capture_output=True, text=True, env=env, timeout=30)


def parse_help(text: str) -> dict[str, dict[str, str]]:
    """`loupe serve --help` settings: flag -> {"env": ..., "default": ...}. The help prints each
    setting as a flag line, then `env NAME, default VALUE` on the next line."""
    settings: dict[str, dict[str, str]] = {}
    flag = None
    for line in text.splitlines():
        match = re.match(r"^\s{2}(--[a-z0-9][a-z0-9-]*)", line)
        if match:
            flag = match.group(1)
            continue
        match = re.match(r"^\s+env (\S+), default (.*)$", line)
        if match and flag:
            settings[flag] = {"env": match.group(1), "default": match.group(2).strip()}
            flag = None
    return settings


@pytest.fixture(scope="session")
def settings() -> dict[str, dict[str, str]]:
    result = loupe("serve", "--help")
    assert result.returncode == 0, result.stderr
    parsed = parse_help(result.stdout)
    assert len(parsed) >= 10, f"could not read the settings from `loupe serve --help`:\n{result.stdout}"
    return parsed


@pytest.fixture(scope="session")
def by_env(settings) -> dict[str, dict[str, str]]:
    return {value["env"]: {"flag": flag, **value} for flag, value in settings.items()}


@pytest.fixture(scope="session")
def version() -> str:
    result = loupe("version")
    assert result.returncode == 0, result.stderr
    return result.stdout.split()[1]


# MARK: - What the manifests say


@pytest.fixture(scope="session")
def kustomization() -> dict:
    return yaml.safe_load((KUBERNETES / "kustomization.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def resources(kustomization) -> dict[str, dict]:
    found = {}
    for name in kustomization["resources"]:
        for document in yaml.safe_load_all((KUBERNETES / name).read_text(encoding="utf-8")):
            if document:
                assert document["kind"] not in found, f"two {document['kind']} resources"
                found[document["kind"]] = document
    return found


@pytest.fixture(scope="session")
def deployment(resources) -> dict:
    return resources["Deployment"]


@pytest.fixture(scope="session")
def pod(deployment) -> dict:
    return deployment["spec"]["template"]["spec"]


@pytest.fixture(scope="session")
def container(pod) -> dict:
    containers = pod["containers"]
    assert len(containers) == 1, "one container per pod"
    return containers[0]


@pytest.fixture(scope="session")
def manifest_env(container) -> dict[str, dict]:
    return {item["name"]: item for item in container.get("env", [])}


def effective(name: str, manifest_env, by_env) -> str:
    """A setting's value in the pod: the manifest's env, else the default. (The image sets only
    PORT, to its default; Tests/deploy/test_image.py checks the image's PORT against the
    manifest's containerPort.)"""
    if name in manifest_env and "value" in manifest_env[name]:
        return str(manifest_env[name]["value"])
    return by_env[name]["default"]


def seconds(name: str, manifest_env, by_env) -> float:
    return float(effective(name, manifest_env, by_env))


# MARK: - The kustomization


def test_kustomization_lists_every_manifest(kustomization):
    listed = set(kustomization["resources"])
    present = {path.name for path in KUBERNETES.glob("*.yaml")} - {"kustomization.yaml"}
    assert listed == present, "kustomization.yaml resources must be exactly the manifests in deploy/kubernetes"


def test_resources_have_the_expected_kinds_and_api_versions(resources):
    expected = {
        "Deployment": "apps/v1",
        "Service": "v1",
        "HorizontalPodAutoscaler": "autoscaling/v2",
        "PodDisruptionBudget": "policy/v1",
    }
    assert {kind: document["apiVersion"] for kind, document in resources.items()} == expected


def test_the_image_tag_is_the_release(kustomization, container, version):
    images = {image["name"]: image for image in kustomization.get("images", [])}
    name = container["image"].split(":")[0]
    assert name in images, f"kustomization.yaml has no images entry for {name}"
    # The image's OCI version label is checked against both in Tests/deploy/test_image.py.
    assert images[name]["newTag"] == version, "the image tag (kustomization.yaml) and `loupe version` must agree"


# MARK: - Ports and probes


def test_container_port_is_the_port_the_service_listens_on(container, manifest_env, by_env):
    ports = {port["name"]: port for port in container["ports"]}
    assert "http" in ports, "the container port is named http (probes and the Service refer to it)"
    listening = int(effective("PORT", manifest_env, by_env))
    assert ports["http"]["containerPort"] == listening, "containerPort must be the port loupe listens on (PORT)"


@pytest.mark.parametrize("probe, path", [("readinessProbe", "/readyz"), ("livenessProbe", "/healthz")])
def test_probes_call_the_health_routes_on_the_http_port(container, probe, path):
    assert probe in container, f"no {probe}"
    get = container[probe]["httpGet"]
    assert get["path"] == path
    assert get["port"] in ("http", container["ports"][0]["containerPort"])
    assert get.get("scheme", "HTTP") == "HTTP"


def test_probed_and_scraped_routes_exist():
    contract = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    for path in ("/healthz", "/readyz", "/metrics"):
        assert path in contract["paths"], f"{path} is not in openapi.yaml"


def test_scrape_annotations_point_at_the_metrics_route(deployment, container):
    annotations = deployment["spec"]["template"]["metadata"].get("annotations", {})
    if "prometheus.io/port" in annotations:
        assert int(annotations["prometheus.io/port"]) == container["ports"][0]["containerPort"]
        assert annotations.get("prometheus.io/path", "/metrics") == "/metrics"


def test_service_routes_to_the_named_port_of_these_pods(resources, deployment, container):
    service = resources["Service"]
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert service["spec"]["selector"].items() <= labels.items(), "the Service selects no pod"
    names = {port["name"] for port in container["ports"]}
    for port in service["spec"]["ports"]:
        assert port["targetPort"] in names or port["targetPort"] in {p["containerPort"] for p in container["ports"]}


# MARK: - Shutdown


def test_grace_period_outlasts_drain_delay_and_shutdown_grace(pod, container, manifest_env, by_env):
    drain = seconds("LOUPE_SHUTDOWN_DRAIN_DELAY", manifest_env, by_env)
    grace = seconds("LOUPE_SHUTDOWN_GRACE", manifest_env, by_env)
    pre_stop = container.get("lifecycle", {}).get("preStop")
    hook = 0
    if pre_stop:
        assert "sleep" in pre_stop, "only a preStop sleep can be accounted for; see docs/operations.md"
        hook = pre_stop["sleep"]["seconds"]
    needed = hook + drain + grace + EXIT_MARGIN_SECONDS
    period = pod.get("terminationGracePeriodSeconds", 30)
    assert period > needed, (
        f"terminationGracePeriodSeconds {period} must exceed preStop {hook} s + drain delay {drain} s "
        f"+ shutdown grace {grace} s + {EXIT_MARGIN_SECONDS} s, or requests in flight are killed"
    )


def test_readiness_fails_before_the_listener_closes(container, manifest_env, by_env):
    drain = seconds("LOUPE_SHUTDOWN_DRAIN_DELAY", manifest_env, by_env)
    probe = container["readinessProbe"]
    noticed_after = probe.get("periodSeconds", 10) * probe.get("failureThreshold", 3)
    assert drain > 0, "set LOUPE_SHUTDOWN_DRAIN_DELAY so traffic stops before the listener closes"
    assert drain >= noticed_after, (
        f"the readiness probe needs {noticed_after} s to see /readyz fail, longer than the {drain} s drain delay"
    )


# MARK: - Security


def test_runs_as_a_numeric_non_root_user(pod, container):
    # That this is the image's USER is checked on the built image (Tests/deploy/test_image.py).
    for context in (pod.get("securityContext", {}), container.get("securityContext", {})):
        assert context.get("runAsNonRoot") is True
        assert isinstance(context.get("runAsUser"), int) and context["runAsUser"] > 0
        assert context.get("runAsGroup", 1) > 0


def test_container_is_locked_down(pod, container):
    context = container["securityContext"]
    assert context.get("readOnlyRootFilesystem") is True
    assert context.get("allowPrivilegeEscalation") is False
    assert context.get("privileged", False) is False
    assert context.get("capabilities", {}).get("drop") == ["ALL"]
    assert not context.get("capabilities", {}).get("add")
    seccomp = context.get("seccompProfile") or pod.get("securityContext", {}).get("seccompProfile")
    assert seccomp and seccomp["type"] == "RuntimeDefault"
    assert pod.get("automountServiceAccountToken") is False


def test_no_service_link_variables(pod):
    # A Service named loupe would otherwise add LOUPE_SERVICE_HOST, LOUPE_PORT... to the
    # environment, next to the LOUPE_* settings.
    assert pod.get("enableServiceLinks") is False


# MARK: - Configuration


def test_every_environment_variable_is_a_setting(manifest_env, by_env):
    unknown = sorted(set(manifest_env) - set(by_env))
    assert not unknown, f"not settings of `loupe serve --help`: {unknown}"


def test_the_manifest_configuration_is_valid(manifest_env):
    # `loupe healthcheck` reads the whole configuration before it probes: exit 2 means the
    # environment is invalid, exit 1 just that nothing listens on port 1.
    literal = {name: str(item["value"]) for name, item in manifest_env.items() if "value" in item}
    result = loupe("healthcheck", "--port", "1", environment=literal)
    assert result.returncode == 1, f"loupe rejects the manifest's environment: {result.stderr.strip()}"


def test_event_loops_match_the_cpu_budget(container, manifest_env):
    # The default is one loop per core of the node, which can be many more than the pod gets.
    assert "LOUPE_EVENT_LOOPS" in manifest_env, "set LOUPE_EVENT_LOOPS; the default counts the node's cores"


def test_resources_are_set(container):
    resources = container["resources"]
    assert "cpu" in resources["requests"], "the HPA measures CPU against the request"
    assert "memory" in resources["requests"] and "memory" in resources["limits"]

    def mebibytes(quantity: str) -> float:
        units = {"Ki": 1 / 1024, "Mi": 1, "Gi": 1024, "K": 1e3 / 2**20, "M": 1e6 / 2**20, "G": 1e9 / 2**20}
        match = re.fullmatch(r"(\d+(?:\.\d+)?)([KMG]i?)?", str(quantity))
        assert match, f"cannot read {quantity}"
        return float(match.group(1)) * (units[match.group(2)] if match.group(2) else 1 / 2**20)

    assert mebibytes(resources["requests"]["memory"]) <= mebibytes(resources["limits"]["memory"])


# MARK: - Scaling and disruption


def test_autoscaler_scales_this_deployment_on_cpu(resources, deployment):
    hpa = resources["HorizontalPodAutoscaler"]["spec"]
    target = hpa["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", deployment["metadata"]["name"])
    assert any(metric["type"] == "Resource" and metric["resource"]["name"] == "cpu" for metric in hpa["metrics"])
    assert 2 <= hpa["minReplicas"] <= hpa["maxReplicas"]


def test_disruption_budget_covers_these_pods_and_allows_drains(resources, deployment):
    pdb = resources["PodDisruptionBudget"]["spec"]
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert pdb["selector"]["matchLabels"].items() <= labels.items()
    minimum = resources["HorizontalPodAutoscaler"]["spec"]["minReplicas"]
    if "minAvailable" in pdb:
        assert isinstance(pdb["minAvailable"], int) and pdb["minAvailable"] < minimum, "a node drain could never evict a pod"
    else:
        assert pdb["maxUnavailable"] not in (0, "0%"), "a node drain could never evict a pod"


# MARK: - The operations reference


def test_operations_guide_documents_every_setting(settings):
    text = OPERATIONS.read_text(encoding="utf-8")
    rows = {}
    for line in text.splitlines():
        cells = [cell.strip().strip("`") for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and re.fullmatch(r"--[a-z][a-z0-9-]*", cells[0]):
            rows[cells[0]] = cells
    for flag, setting in settings.items():
        assert flag in rows, f"docs/operations-reference.md has no table row for {flag}"
        assert rows[flag][1] == setting["env"], f"{flag}: the guide says {rows[flag][1]}, the code {setting['env']}"
        assert rows[flag][2] == setting["default"], f"{flag}: the guide's default is {rows[flag][2]}, the code's {setting['default']}"
    extra = sorted(set(rows) - set(settings))
    assert not extra, f"docs/operations-reference.md documents settings the code does not have: {extra}"


def test_operations_guide_documents_every_metric():
    source = (ROOT / "Sources" / "LoupeService" / "Observability" / "Metrics.swift").read_text(encoding="utf-8")
    names = re.findall(r'(?:family|single)\(\s*"([a-z_]+)"', source)
    assert names, "no metric families found in Metrics.swift"
    documented = set()
    for line in OPERATIONS.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^\|\s*`([a-z_]+)", line)
        if match:
            documented.add(match.group(1))
    missing = [name for name in names if name not in documented]
    assert not missing, f"the metrics table of docs/operations-reference.md has no row for {missing}"
    extra = sorted(name for name in documented - set(names) if name.startswith("loupe_"))
    assert not extra, f"docs/operations-reference.md lists metrics the code does not export: {extra}"
