"""Helpers for the container checks: podman, loopback HTTP, free ports, the host binary.

Every server these checks start listens on 127.0.0.1 only, and every request goes to 127.0.0.1:
containers share the host's network (no bridge, no NAT) and are told LOUPE_HOST=127.0.0.1 and a
free PORT.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOOPBACK = "127.0.0.1"


def image() -> str:
    name = os.environ.get("LOUPE_IMAGE")
    if not name:
        pytest.fail("LOUPE_IMAGE is not set: run this through scripts/container-test")
    return name


def host_binary() -> str:
    binary = os.environ.get("LOUPE_BIN")
    if not binary:
        pytest.fail("LOUPE_BIN is not set: run this through scripts/container-test")
    return binary


def podman(*arguments: str, check: bool = True, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(["podman", *arguments], capture_output=True, text=True, timeout=timeout)
    if check and result.returncode != 0:
        pytest.fail(f"podman {' '.join(arguments)} exited {result.returncode}:\n{result.stderr.strip()}")
    return result


def inspect(kind: str, name: str) -> dict:
    return json.loads(podman(kind, "inspect", name).stdout)[0]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((LOOPBACK, 0))
        return probe.getsockname()[1]


def request(port: int, method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None, timeout: float = 10) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection(LOOPBACK, port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def status(port: int, path: str) -> int | None:
    try:
        return request(port, "GET", path, timeout=2)[0]
    except OSError:
        return None


def wait_for(port: int, path: str, expected: int, timeout: float, alive=None) -> float:
    """Polls until GET path answers `expected`; returns the seconds it took."""
    started = time.monotonic()
    while status(port, path) != expected:
        if alive is not None and not alive():
            pytest.fail(f"the server stopped before {path} answered {expected}")
        if time.monotonic() - started > timeout:
            pytest.fail(f"{path} on port {port} did not answer {expected} within {timeout:.0f} s")
        time.sleep(0.1)
    return time.monotonic() - started


def container_state(name: str) -> dict:
    return inspect("container", name)["State"]


def process_status(pid: int) -> dict[str, str]:
    """/proc/PID/status of a container's process as the host sees it (no user namespace)."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return fields


def process_environment(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    return dict(item.decode().split("=", 1) for item in raw.split(b"\0") if item)


def log_lines(name: str) -> tuple[list[str], list[str]]:
    """The container's stdout and stderr lines, as `podman logs` gives them."""
    result = podman("logs", name)
    return ([line for line in result.stdout.splitlines() if line.strip()],
            [line for line in result.stderr.splitlines() if line.strip()])


def json_log_messages(lines: list[str]) -> list[str]:
    messages = []
    for line in lines:
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            pytest.fail(f"a log line is not JSON: {line!r}")
        assert isinstance(record, dict) and {"time", "level", "msg"} <= record.keys(), f"not a log record: {line!r}"
        messages.append(record["msg"])
    return messages


def offered_formats(command: str) -> list[str]:
    """The formats `loupe plan` or `loupe lifecycle` offers, as the binary lists them when asked
    for one it lacks."""
    result = subprocess.run([host_binary(), command, "--format", "none", "/dev/null"], capture_output=True, text=True)
    marker = "one of "
    assert result.returncode == 2 and marker in result.stderr, result.stderr
    offered = result.stderr.split(marker, 1)[1].split(", not")[0]
    return [name.strip() for name in offered.split(",")]


class HostServer:
    """`loupe serve` from the host binary, on a free loopback port: what the container's
    answers are compared with where no CLI command gives them (timelines, the web page)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [host_binary(), "serve", "--host", LOOPBACK, "--port", str(self.port), "--log-level", "off"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(self.port, "/healthz", 200, 15, alive=lambda: self.process.poll() is None)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
