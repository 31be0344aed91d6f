"""openapi.yaml proven against the running server.

Every request example is sent in every format its operation offers and must get a 200 whose
body validates against the documented schema. Every response example that says how to
provoke it (`x-request`, see http_exchange.py) is provoked: the status, Content-Type and
required headers must be the documented ones, the body must validate against the schema and
contain the example (objects: every member given; arrays: same length, element by element;
text ending in "..." : a prefix). Examples that cannot be provoked on demand (a server
shutting down or at its connection limit, an internal error, a timeout) say why in
`x-untestable` and are checked against their schema only. So the spec and the code cannot
drift apart silently.
"""
import json
import re
import xml.etree.ElementTree as ElementTree

import pytest
import yaml
from openapi_schema_validator import OAS31Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from conftest import ROOT
from http_exchange import send

SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text())
REGISTRY = Registry().with_resource("urn:loupe:openapi", Resource.from_contents(SPEC, default_specification=DRAFT202012))
METHODS = ["get", "put", "post", "delete", "options", "head", "patch"]
FORMATS = {"application/json": "json", "text/css": "css", "application/vnd.loupe.waapi+json": "waapi", "image/svg+xml": "svg",
           "application/vnd.loupe.junit+xml": "junit",
           "application/vnd.loupe.lottie+json": "lottie"}


def escape(token):
    return str(token).replace("~", "~0").replace("/", "~1")


def resolve(node, pointer):
    """Follows a local $ref; returns the node and its JSON pointer in the spec."""
    while isinstance(node, dict) and "$ref" in node:
        pointer = node["$ref"][1:]
        node = SPEC
        for token in pointer.split("/")[1:]:
            node = node[token.replace("~1", "/").replace("~0", "~")]
    return node, pointer


def validate(instance, schema_pointer):
    validator = OAS31Validator({"$ref": "urn:loupe:openapi#" + schema_pointer}, registry=REGISTRY,
                               format_checker=OAS31Validator.FORMAT_CHECKER)
    errors = sorted(validator.iter_errors(instance), key=lambda error: list(error.path))
    assert not errors, "\n".join(f"{list(error.path)}: {error.message[:300]}" for error in errors[:5])


def contains(example, actual, where="body"):
    if isinstance(example, dict):
        assert isinstance(actual, dict), f"{where}: expected an object, got {actual!r:.200}"
        for key, value in example.items():
            assert key in actual, f"{where}: missing member {key!r}"
            contains(value, actual[key], f"{where}.{key}")
    elif isinstance(example, list):
        assert isinstance(actual, list) and len(actual) == len(example), f"{where}: expected {len(example)} elements, got {actual!r:.300}"
        for index, (expected, got) in enumerate(zip(example, actual)):
            contains(expected, got, f"{where}[{index}]")
    elif isinstance(example, str) and example.endswith("..."):
        assert isinstance(actual, str) and actual.startswith(example[:-3]), f"{where}: expected a prefix {example[:-3]!r:.300}, got {actual!r:.300}"
    else:
        assert example == actual, f"{where}: expected {example!r:.300}, got {actual!r:.300}"


def operations():
    for path, item in SPEC["paths"].items():
        for method in METHODS:
            if method in item:
                yield path, method, item[method], f"/paths/{escape(path)}/{method}"


def parsed_body(response, media_type):
    """The body as the documented media type reads it: JSON parsed, text as text (XML checked)."""
    text = response.body.decode("utf-8")
    if media_type.endswith("json"):
        return json.loads(text)
    if media_type == "application/yaml":
        return yaml.safe_load(text)
    if media_type == "image/svg+xml":
        root = ElementTree.fromstring(response.body)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
    if media_type == "application/vnd.loupe.junit+xml":
        root = ElementTree.fromstring(response.body)
        assert root.tag == "testsuites" and root.find("testsuite") is not None
    if media_type == "text/css":
        assert text.count("{") == text.count("}") and "@keyframes" in text
    return text


def check_response(response, status, documented, pointer, example=None):
    """Status, Content-Type, required headers, schema and (when given) the example."""
    assert str(response.status) == str(status), f"status {response.status}, documented {status}: {response.body[:300]!r}"
    for name, header in (documented.get("headers") or {}).items():
        header, header_pointer = resolve(header, f"{pointer}/headers/{escape(name)}")
        value = response.header(name)
        if header.get("required"):
            assert value is not None, f"header {name} is required"
        if value is not None and "schema" in header:
            validate(value, header_pointer + "/schema")
    content = documented.get("content") or {}
    if not content:
        assert response.body == b"", f"{status} has no content, but the body is {response.body[:100]!r}"
        return
    content_type = (response.header("Content-Type") or "").split(";")[0].strip().lower()
    assert content_type in content, f"Content-Type {content_type!r} is not one of {list(content)}"
    body = parsed_body(response, content_type)
    if "schema" in content[content_type]:
        validate(body, f"{pointer}/content/{escape(content_type)}/schema")
    if example is not None:
        contains(example, body)


# MARK: - Request examples


def request_examples():
    for path, method, operation, pointer in operations():
        body = (operation.get("requestBody") or {}).get("content", {}).get("application/json", {})
        responses = operation.get("responses", {})
        ok, ok_pointer = resolve(responses.get("200", {}), f"{pointer}/responses/200")
        for name, example in (body.get("examples") or {}).items():
            for media_type in ok.get("content", {}):
                yield pytest.param(path, method, example["value"], media_type, ok, ok_pointer,
                                   id=f"{method.upper()} {path} {name} as {FORMATS.get(media_type, media_type)}")


@pytest.mark.parametrize("path,method,value,media_type,ok,ok_pointer", list(request_examples()))
def test_request_example_gets_200_in_every_format(server, path, method, value, media_type, ok, ok_pointer):
    """On a rendering's own path (`/v1/plans.{format}`) the path names the format as well: the same
    one, which the server takes as one format."""
    url, key = server
    request = {"body": value, "query": "format=" + FORMATS[media_type]}
    check_response(send(url, key, request, path.replace("{format}", FORMATS[media_type]), method), 200, ok, ok_pointer)


@pytest.mark.parametrize("path,method,value,media_type,ok,ok_pointer", list(request_examples()))
def test_request_example_by_query_and_at_its_address(server, path, method, value, media_type, ok, ok_pointer):
    """Issue 36: QUERY gives POST's bytes and ETag, and its Content-Location is a GET address that
    gives them again, as the address operation documents."""
    url, key = server
    request = {"body": value, "query": "format=" + FORMATS[media_type]}
    target = path.replace("{format}", FORMATS[media_type])
    path = path.removesuffix(".{format}")  # a rendering's answers have the collection's addresses
    posted = send(url, key, request, target, method)
    queried = send(url, key, request, target, "query")
    assert queried.status == posted.status == 200
    assert queried.body == posted.body and queried.header("ETag") == posted.header("ETag")
    assert queried.header("Accept-Query") == "application/json"
    location = queried.header("Content-Location")
    assert location and location.startswith(path + "/1."), location
    assert posted.header("Content-Location") == location
    fetched = send(url, key, {"path": location}, path + "/{key}", "get")
    assert fetched.body == posted.body and fetched.header("ETag") == posted.header("ETag")
    address_ok, address_pointer = resolve(SPEC["paths"][path + "/{key}"]["get"]["responses"]["200"],
                                          f"/paths/{escape(path + '/{key}')}/get/responses/200")
    check_response(fetched, 200, address_ok, address_pointer)


# MARK: - Response examples


def response_examples():
    """(path, method, status, response, pointer, media type, example, name) for every example of
    an operation's responses, and for every standalone example in components.responses: one
    whose x-request names its own `status`, `method` and `path` (404, 405 and framing errors,
    which belong to no operation)."""
    seen = set()
    for path, method, operation, pointer in operations():
        for status, response in operation.get("responses", {}).items():
            response, response_pointer = resolve(response, f"{pointer}/responses/{status}")
            if not response.get("content"):
                yield path, method, status, response, response_pointer, None, response, "(no content)"
            for media_type, content in (response.get("content") or {}).items():
                for name, example in (content.get("examples") or {}).items():
                    if "status" in (example.get("x-request") or {}):
                        continue
                    key = (path, method, response_pointer, media_type, name)
                    if key not in seen:
                        seen.add(key)
                        yield path, method, status, response, response_pointer, media_type, example, name
    for name, response in SPEC["components"]["responses"].items():
        for media_type, content in (response.get("content") or {}).items():
            for example_name, example in (content.get("examples") or {}).items():
                request = example.get("x-request") or {}
                if "status" in request or ("x-untestable" in example and "x-request" not in example):
                    yield (request.get("path", "(any)"), request.get("method", "any"), request.get("status", "(any)"), response,
                           f"/components/responses/{name}", media_type, example, example_name)


def example_id(case):
    path, method, status, _, _, media_type, _, name = case
    return f"{method.upper()} {path} {status} {name}"


CASES = list(response_examples())


@pytest.mark.parametrize("case", CASES, ids=[example_id(case) for case in CASES])
def test_response_example_is_what_the_server_answers(server, case):
    url, key = server
    path, method, status, response, pointer, media_type, example, _ = case
    request = example.get("x-request")
    if request is None:
        assert example.get("x-untestable"), "a response example needs x-request (how to provoke it) or x-untestable (why it cannot be)"
        if media_type and "schema" in response["content"][media_type]:
            validate(example["value"], f"{pointer}/content/{escape(media_type)}/schema")
        pytest.skip(example["x-untestable"])
    status = request.get("status", status)
    actual = send(url, key, request, path, method)
    check_response(actual, status, response, pointer, example.get("value") if media_type else None)


# MARK: - Coverage of the catalogue


def test_every_problem_type_has_an_example():
    """docs/problems.md lists every problem type; each has a response example in openapi.yaml."""
    documented = set(re.findall(r"^\| \[`([a-z-]+)`\]", (ROOT / "docs/problems.md").read_text(), re.MULTILINE))
    assert len(documented) >= 20
    examples = set()

    def collect(node):
        if isinstance(node, dict):
            value = node.get("type")
            if isinstance(value, str) and value.startswith("https://loupe.dev/problems/"):
                examples.add(value.rsplit("/", 1)[1])
            for child in node.values():
                collect(child)
        elif isinstance(node, list):
            for child in node:
                collect(child)

    collect(SPEC)
    assert documented - examples == set(), "problem types without an example in openapi.yaml"
    assert examples - documented == set(), "problem types in openapi.yaml that docs/problems.md does not list"


def test_problem_catalogue_examples_are_openapi_examples():
    """Each docs/problems.md section's example is one of openapi.yaml's (provoked) examples."""
    values = []

    def collect(node):
        if isinstance(node, dict):
            if isinstance(node.get("value"), dict) and "type" in node["value"]:
                values.append(node["value"])
            for child in node.values():
                collect(child)
        elif isinstance(node, list):
            for child in node:
                collect(child)

    collect(SPEC)
    text = (ROOT / "docs/problems.md").read_text()
    sections = re.findall(r"^## ([a-z-]+)\n\n[^\n]*\n\n```json\n(.*?)\n```", text, re.MULTILINE)
    assert len(sections) >= 20
    for kind, example in sections:
        value = json.loads(example)
        assert value["type"].endswith("/" + kind)
        assert value in values, f"docs/problems.md's {kind} example is not an openapi.yaml example"


def test_every_operation_has_request_and_response_examples():
    for path, method, operation, pointer in operations():
        if "requestBody" in operation:
            assert operation["requestBody"]["content"]["application/json"].get("examples"), f"{method} {path}: no request example"
        statuses = [status for status, response in operation["responses"].items()
                    if any(content.get("example") is not None or content.get("examples")
                           for content in (resolve(response, "")[0].get("content") or {}).values())]
        assert "200" in statuses or "204" in statuses, f"{method} {path}: no success example"
