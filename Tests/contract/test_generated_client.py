"""openapi.yaml generates a typed Python client with openapi-python-client, unmodified, and that
client carries every request example to the running server and back.

The client is generated once per run into a temporary directory, as
`openapi-python-client generate --path openapi.yaml --meta none --config <GENERATOR_CONFIG>`
would generate it (the same `generate` function the command calls; it returns the warnings
the command prints, so they can be checked one by one). The generator's own post-hooks run
(`ruff check --fix-only` and `ruff format`, from the ruff pinned next to it in
requirements.txt; offline). They are not only cosmetic: the generator's template writes
`if td != 1and ...` for an optional `const: 1` member, a SyntaxWarning (and a SyntaxError in a
later Python) that `ruff format` rewrites to `1 and`.

For every named request example of every /v1 POST operation:
  1. the request model parses it (`Model.from_dict`) into generated types all the way down, and
     `to_dict()` gives the same JSON back (the one normalisation: members are compared sorted,
     because `to_dict()` writes required members before optional ones; numbers are compared as
     JSON text, so 55 and 55.0 differ);
  2. the generated endpoint function sends the model with the API key as a bearer token; the
     server answers 200, the answer parses into the documented response model, again typed all
     the way down, whose `to_dict()` is the body's JSON;
  3. a raw POST of the example's own JSON gets the same status and body bytes. The ETag hashes
     the request's members in their order (openapi.yaml, ETag), so it is compared with a raw
     POST of the members in the order `to_dict()` writes them.

"Typed all the way down" matters because a generated union falls back to the raw JSON value
when no member parses (and unknown members land in `additional_properties`): without that
check a model that types nothing would round-trip trivially.
"""
import importlib
import json
import pathlib
import re
import sys
import tempfile
import time
import types
import typing
import warnings

import attrs
import httpx
import pytest
import yaml

from conftest import ROOT
from http_exchange import send

SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text())
PACKAGE = "loupe_client"
# The generator's config file (openapi-python-client's `--config`): fixed names, default post-hooks,
# and the two media types it does not know read as text (docs/api.md, "Generating a client"):
# without them it skips the SVG and JUnit renderings' operations with a warning.
GENERATOR_CONFIG = {"project_name_override": "loupe-client", "package_name_override": PACKAGE,
                    "content_type_overrides": {"image/svg+xml": "text/plain", "application/vnd.loupe.junit+xml": "text/plain"}}
# The generator's one known limitation here: it parses no YAML body, so getContract's
# application/yaml answer stays unparsed (the endpoint is generated; `.content` has the bytes).
# Any other warning (an endpoint, a model or a post-hook skipped) fails the generation test.
KNOWN_WARNINGS = [("WARNING parsing GET /openapi.yaml within operations.", "Unsupported content_type application/yaml"),
                  ("WARNING parsing GET /openapi-3.2.yaml within operations.", "Unsupported content_type application/yaml")]


def component_name(schema):
    reference = schema["$ref"]
    assert reference.startswith("#/components/schemas/"), reference
    return reference.rsplit("/", 1)[1]


def post_operations():
    """(path, operationId, tag, request schema name, response schema name, examples) for each /v1 POST."""
    for path, item in SPEC["paths"].items():
        operation = item.get("post")
        if not path.startswith("/v1/") or operation is None or "{format}" in path:
            continue
        body = operation["requestBody"]["content"]["application/json"]
        response = operation["responses"]["200"]["content"]["application/json"]
        yield path, operation["operationId"], operation["tags"][0], component_name(body["schema"]), \
            component_name(response["schema"]), body.get("examples") or {}


OPERATIONS = list(post_operations())
EXAMPLES = [pytest.param(path, operation_id, tag, request, response, example["value"], id=f"{operation_id} {name}")
            for path, operation_id, tag, request, response, examples in OPERATIONS
            for name, example in examples.items()]


def snake_case(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def canonical(value):
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


# MARK: - Generation


@pytest.fixture(scope="module")
def generated():
    """Generates the client; yields (package, generator warnings, seconds taken)."""
    from openapi_python_client import generate
    from openapi_python_client.config import Config, ConfigFile, MetaType

    with tempfile.TemporaryDirectory(prefix="loupe-client-") as directory:
        directory = pathlib.Path(directory)
        config_path = directory / "openapi-python-client.yaml"
        config_path.write_text(yaml.safe_dump(GENERATOR_CONFIG))
        config = Config.from_sources(ConfigFile.load_from_path(config_path), MetaType.NONE, ROOT / "openapi.yaml",
                                     "utf-8", overwrite=True, output_path=directory / PACKAGE)
        started = time.monotonic()
        with pytest.MonkeyPatch.context() as patch:
            # The post-hooks run `ruff` from PATH: the one installed beside this Python.
            patch.setenv("PATH", str(pathlib.Path(sys.executable).parent), prepend=":")
            errors = generate(config=config)
        seconds = time.monotonic() - started
        problems = [(error.level.value, error.header.strip(), error.detail or "") for error in errors]
        if not (directory / PACKAGE / "__init__.py").exists():
            pytest.fail(f"openapi-python-client generated no client: {problems}")
        sys.path.insert(0, str(directory))
        try:
            yield importlib.import_module(PACKAGE), problems, seconds
        finally:
            sys.path.remove(str(directory))
            for name in [name for name in sys.modules if name == PACKAGE or name.startswith(PACKAGE + ".")]:
                del sys.modules[name]


def test_client_generates_without_warnings(generated):
    package, problems, seconds = generated
    unexpected = [(level, header, detail) for level, header, detail in problems
                  if level != "WARNING" or not any(header == known and text in detail for known, text in KNOWN_WARNINGS)]
    assert not unexpected, "openapi-python-client reported:\n" + "\n".join(map(": ".join, unexpected))
    assert seconds < 30, f"generation took {seconds:.1f} s"
    # Every generated module compiles without a warning (SyntaxWarning included) and imports.
    root = pathlib.Path(package.__file__).parent
    files = sorted(root.rglob("*.py"))
    assert len(files) > 50, f"only {len(files)} modules generated"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for file in files:
            compile(file.read_text(), str(file), "exec")
    for file in files:
        importlib.import_module(".".join((PACKAGE, *file.relative_to(root).with_suffix("").parts)).removesuffix(".__init__"))
    # The known warning leaves getContract's endpoint in place, its body unparsed.
    contract = SPEC["paths"]["/openapi.yaml"]["get"]
    importlib.import_module(f"{PACKAGE}.api.{contract['tags'][0]}.{snake_case(contract['operationId'])}")


def test_every_v1_post_operation_is_generated_with_examples(generated):
    package, _, _ = generated
    assert {operation_id for _, operation_id, *_ in OPERATIONS} == {"createPlan", "playLifecycle", "createTimeline", "createConformanceVerdict"}
    for path, operation_id, tag, request, response, examples in OPERATIONS:
        assert examples, f"{operation_id} has no request example"
        module = importlib.import_module(f"{PACKAGE}.api.{tag}.{snake_case(operation_id)}")
        assert callable(module.sync_detailed), f"{operation_id}: no sync_detailed"
        models = importlib.import_module(f"{PACKAGE}.models")
        assert hasattr(models, request) and hasattr(models, response), f"{operation_id}: {request} or {response} not generated"


# MARK: - Typed all the way down


def conforms(value, hint, models, where):
    """Problems (strings) where `value` is not of the generated type `hint`, recursively."""
    origin = typing.get_origin(hint)
    if hint is typing.Any:
        return []
    if origin in (typing.Union, types.UnionType):
        members = typing.get_args(hint)
        attempts = [conforms(value, member, models, where) for member in members]
        if any(not attempt for attempt in attempts):
            return []
        # A value of one member's class: that member's problems; otherwise it fits none.
        for member, attempt in zip(members, attempts):
            if isinstance(member, type) and member not in (int, float) and isinstance(value, member):
                return attempt
        return [f"{where}: {value!r:.120} is none of {hint}"]
    if origin is typing.Literal:
        return [] if any(type(value) is type(option) and value == option for option in typing.get_args(hint)) else \
            [f"{where}: {value!r:.120} is not {hint}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r:.120} is not a list"]
        return [problem for index, item in enumerate(value)
                for problem in conforms(item, typing.get_args(hint)[0], models, f"{where}[{index}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r:.120} is not a dict"]
        return [problem for key, item in value.items()
                for problem in conforms(item, typing.get_args(hint)[1], models, f"{where}.{key}")]
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r:.120} is not None"]
    if hint in (float, int):
        fits = isinstance(value, (int, float) if hint is float else int) and not isinstance(value, bool)
        return [] if fits else [f"{where}: {value!r:.120} is not {'a number' if hint is float else 'an integer'}"]
    if not isinstance(value, hint):
        return [f"{where}: {value!r:.120} is not a {hint.__name__}"]
    if attrs.has(hint):
        return typed(value, models, where)
    return []


def typed(model, models, where="body"):
    """Problems where a generated model kept raw JSON: every field must be of its annotated
    type, and `additional_properties` (members the schema does not name) must be empty unless
    the schema types them (a map of generated models)."""
    hints = typing.get_type_hints(type(model), localns=vars(models))
    problems = []
    for field in attrs.fields(type(model)):
        value = getattr(model, field.name)
        if field.name == "additional_properties":
            if value and hints[field.name] == dict[str, typing.Any]:
                problems.append(f"{where}: members {sorted(value)} are not in the model {type(model).__name__}")
            else:
                problems += conforms(value, hints[field.name], models, where)
        else:
            problems += conforms(value, hints[field.name], models, f"{where}.{field.name}")
    return problems


def test_the_typed_check_sees_raw_json(generated):
    """The check above is not vacuous: a member the model does not know, and a union that fell
    back to the raw value, are both reported."""
    package, _, _ = generated
    models = importlib.import_module(f"{PACKAGE}.models")
    path, operation_id, tag, request, response, examples = OPERATIONS[0]
    value = next(iter(examples.values()))["value"]
    model = getattr(models, request).from_dict(dict(value, extraneous=1))
    assert any("extraneous" in problem for problem in typed(model, models))
    assert not typed(getattr(models, request).from_dict(value), models)
    broken = getattr(models, request).from_dict(value)
    union_field = next(field for field in attrs.fields(type(broken)) if typing.get_origin(
        typing.get_type_hints(type(broken), localns=vars(models))[field.name]) in (typing.Union, types.UnionType)
        and attrs.has(type(getattr(broken, field.name))))
    setattr(broken, union_field.name, {"raw": "json"})
    assert typed(broken, models), f"a raw dict in {union_field.name} went unnoticed"


# MARK: - The examples, through the client


@pytest.fixture(scope="module")
def client(generated, server):
    package, _, _ = generated
    url, key = server
    with package.AuthenticatedClient(base_url=url, token=key, timeout=httpx.Timeout(30),
                                     raise_on_unexpected_status=True) as client:
        yield client


@pytest.mark.parametrize("path,operation_id,tag,request_model,response_model,value", EXAMPLES)
def test_request_example_round_trips_through_the_generated_client(generated, client, server, path, operation_id, tag,
                                                                   request_model, response_model, value):
    package, _, _ = generated
    models = importlib.import_module(f"{PACKAGE}.models")
    endpoint = importlib.import_module(f"{PACKAGE}.api.{tag}.{snake_case(operation_id)}")

    # 1. The example into the typed request model and back.
    model = getattr(models, request_model).from_dict(value)
    problems = typed(model, models)
    assert not problems, f"{request_model} kept raw JSON:\n" + "\n".join(problems[:10])
    assert canonical(model.to_dict()) == canonical(value), \
        f"{request_model}.from_dict(example).to_dict() is not the example:\n{canonical(model.to_dict())}\n{canonical(value)}"

    # 2. Through the generated endpoint function; the answer into the typed response model.
    answer = endpoint.sync_detailed(client=client, body=model)
    assert answer.status_code == 200, f"{answer.status_code}: {answer.content[:300]!r}"
    assert isinstance(answer.parsed, getattr(models, response_model)), f"parsed as {type(answer.parsed).__name__}"
    problems = typed(answer.parsed, models)
    assert not problems, f"{response_model} kept raw JSON:\n" + "\n".join(problems[:10])
    body = json.loads(answer.content)
    assert canonical(answer.parsed.to_dict()) == canonical(body), f"{response_model}.to_dict() differs from the body it parsed"

    # 3. What the server answers to the example's own JSON, posted raw.
    url, key = server
    raw = send(url, key, {"body": value}, path, "post")
    assert raw.status == answer.status_code
    assert raw.body == answer.content, "the typed client's request got a different answer than the raw example"
    # The ETag hashes the request's members in their order (openapi.yaml, ETag), and to_dict()
    # may order them differently from the example: it is the one a raw POST in that order gets.
    same_order = send(url, key, {"body": model.to_dict()}, path, "post")
    assert same_order.header("ETag") == answer.headers.get("ETag")


@pytest.mark.parametrize("path,operation_id,tag,request_model,response_model,value", EXAMPLES)
def test_generated_client_fetches_the_answer_at_its_address(generated, client, server, path, operation_id, tag,
                                                             request_model, response_model, value):
    """Issue 36 §5: the GET address operations, generated from the 3.1 document, fetch what a
    QUERY's Content-Location names, typed all the way down, byte for byte."""
    package, _, _ = generated
    models = importlib.import_module(f"{PACKAGE}.models")
    url, key = server
    queried = send(url, key, {"body": value}, path, "query")
    assert queried.status == 200
    address = queried.header("Content-Location")
    assert address and address.startswith(path + "/"), address
    getter = next(operation["operationId"] for operation in [SPEC["paths"][path + "/{key}"]["get"]])
    endpoint = importlib.import_module(f"{PACKAGE}.api.{tag}.{snake_case(getter)}")
    answer = endpoint.sync_detailed(key=address[len(path) + 1:], client=client)
    assert answer.status_code == 200, f"{answer.status_code}: {answer.content[:300]!r}"
    assert isinstance(answer.parsed, getattr(models, response_model)), f"parsed as {type(answer.parsed).__name__}"
    assert not typed(answer.parsed, models)
    assert answer.content == queried.body
    assert answer.headers.get("ETag") == queried.header("ETag")


def rendering_operations():
    """(collection, POST operation, GET operation, the formats) for each `/v1/….{format}` pair."""
    for path, item in SPEC["paths"].items():
        if path.startswith("/v1/") and path.endswith(".{format}") and "post" in item:
            address = SPEC["paths"][path.removesuffix(".{format}") + "/{key}.{format}"]["get"]
            parameter = next(p for p in item["post"]["parameters"] if "$ref" in p and p["$ref"].endswith("Rendering"))
            formats = SPEC["components"]["parameters"][parameter["$ref"].rsplit("/", 1)[1]]["schema"]["enum"]
            yield path.removesuffix(".{format}"), item["post"], address, formats


RENDERINGS = [pytest.param(collection, post, get, name, id=f"{collection}.{name}")
              for collection, post, get, formats in rendering_operations() for name in formats]


def test_every_rendering_has_its_operations():
    assert {str(param.id) for param in RENDERINGS} == {
        "/v1/plans.css", "/v1/plans.waapi", "/v1/plans.svg", "/v1/plans.view-transition", "/v1/plans.lottie",
        "/v1/lifecycle.svg", "/v1/conformance.junit", "/v1/conformance.svg"}


@pytest.mark.parametrize("collection,post,get,name", RENDERINGS)
def test_every_rendering_through_its_generated_functions(generated, client, server, collection, post, get, name):
    """Issue 45 §4: the function generated for `/v1/plans.{format}` (and each rendering's) answers
    the rendering as text, the bytes a raw `?format=` gets; the address's function fetches the same."""
    models = importlib.import_module(f"{PACKAGE}.models")
    tag = post["tags"][0]
    posting = importlib.import_module(f"{PACKAGE}.api.{tag}.{snake_case(post['operationId'])}")
    fetching = importlib.import_module(f"{PACKAGE}.api.{tag}.{snake_case(get['operationId'])}")
    request_model = component_name(post["requestBody"]["content"]["application/json"]["schema"])
    value = next(iter(post["requestBody"]["content"]["application/json"]["examples"].values()))["value"]
    body = getattr(models, request_model).from_dict(value)
    format_type = getattr(models, post["operationId"][0].upper() + post["operationId"][1:] + "Format")

    answer = posting.sync_detailed(format_type(name), client=client, body=body)
    assert answer.status_code == 200, f"{answer.status_code}: {answer.content[:300]!r}"
    assert isinstance(answer.parsed, str) and answer.parsed, f"parsed as {type(answer.parsed).__name__}"
    url, key = server
    raw = send(url, key, {"body": body.to_dict(), "query": "format=" + name}, collection, "post")
    assert raw.status == 200 and raw.body == answer.content
    assert answer.parsed == raw.body.decode()
    assert not answer.headers["content-type"].startswith("application/json")

    address = answer.headers["content-location"]
    assert address.startswith(collection + "/1.") and address.endswith("?format=" + name), address
    address_format = getattr(models, get["operationId"][0].upper() + get["operationId"][1:] + "Format")
    fetched = fetching.sync_detailed(address[len(collection) + 1:].split("?")[0], address_format(name), client=client)
    assert fetched.status_code == 200 and fetched.parsed == answer.parsed


def test_other_formats_through_the_generated_clients_http_session(client, server):
    """docs/api.md, "Generating a client": the generated functions parse JSON answers; the other
    formats come through the client's own HTTP session (its base URL and API key), as the doc
    shows, for every route and every format it offers."""
    bodies = {"/v1/plans": json.loads((ROOT / "examples/push.json").read_text()),
              "/v1/lifecycle": json.loads((ROOT / "examples/lifecycle-push.json").read_text()),
              "/v1/conformance": json.loads((ROOT / "examples/conformance-lifecycle-swapped.json").read_text())}
    formats = {"/v1/plans": ["css", "waapi", "svg", "view-transition", "lottie"], "/v1/lifecycle": ["svg"],
               "/v1/conformance": ["junit", "svg"]}
    session = client.get_httpx_client()
    for path, body in bodies.items():
        for name in formats[path]:
            answer = session.post(path, params={"format": name}, json=body)
            assert answer.status_code == 200, f"{path} as {name}: {answer.status_code} {answer.text[:200]}"
            assert answer.text and not answer.headers["content-type"].startswith("application/json"), f"{path} as {name}"
