"""Shared setup for the contract tests: the spec, the running server, and an HTTP client.

scripts/contract starts `loupe serve` and passes its address in LOUPE_URL (and the API key it
was started with in LOUPE_API_KEY); these tests never start a server themselves.
"""
import json
import os
import pathlib
import urllib.request

import pytest
import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def spec():
    return yaml.safe_load((ROOT / "openapi.yaml").read_text())


@pytest.fixture(scope="session")
def server():
    url = os.environ.get("LOUPE_URL")
    if not url:
        pytest.fail("LOUPE_URL is not set: run the contract tests with scripts/contract")
    return url, os.environ.get("LOUPE_API_KEY")


def post_json(server, path, body):
    """POSTs `body` as JSON to the server under test (with its API key) and parses the answer."""
    url, key = server
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    request = urllib.request.Request(url + path, data=json.dumps(body).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())
