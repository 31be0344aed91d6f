"""Issue 36 §5: the contract in two editions. openapi.yaml is OpenAPI 3.1 (what the generated
client, schemathesis and most tools read); openapi-3.2.yaml is generated from it by
scripts/openapi-3.2 and adds each /v1 collection's QUERY as a `query` operation, which 3.1 cannot
express. Both are validated as OpenAPI documents by openapi-spec-validator (0.8 and later read
3.2), and the server serves each byte for byte.
"""
import subprocess
import sys
import urllib.request

import yaml
from openapi_spec_validator import OpenAPIV31SpecValidator, OpenAPIV32SpecValidator

from conftest import ROOT


def test_the_31_document_is_valid_openapi_31():
    document = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    assert document["openapi"] == "3.1.0"
    OpenAPIV31SpecValidator(document).validate()


def test_the_32_document_is_valid_openapi_32_and_describes_query():
    document = yaml.safe_load((ROOT / "openapi-3.2.yaml").read_text())
    assert document["openapi"] == "3.2.0"
    OpenAPIV32SpecValidator(document).validate()
    for path in ["/v1/plans", "/v1/lifecycle", "/v1/timelines"]:
        query, post = document["paths"][path]["query"], document["paths"][path]["post"]
        assert query["requestBody"] == post["requestBody"], "QUERY takes POST's bodies"
        assert set(query["responses"]) == set(post["responses"]), "and gives its answers"
        assert query["operationId"].startswith("query")


def test_the_32_document_is_generated_from_the_31_one():
    result = subprocess.run([sys.executable, str(ROOT / "scripts/openapi-3.2"), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_the_server_serves_both_editions(server):
    url, _ = server
    for path, name in [("/openapi.yaml", "openapi.yaml"), ("/openapi-3.2.yaml", "openapi-3.2.yaml")]:
        with urllib.request.urlopen(url + path, timeout=10) as response:
            assert response.read() == (ROOT / name).read_bytes(), f"{path} differs from {name}"
