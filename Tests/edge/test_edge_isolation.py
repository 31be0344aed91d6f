"""Issue 42 §1: no stored answer ever crosses clients, whatever the cache does with Vary.

Debian's nginx runs the shipped deploy/nginx/loupe.conf in front of one replica, in every
combination of the settings that change what an answer varies on: the default CORS setting
(`*`) and a CORS origin list, each with and without API keys. Through it, every client (the
right key, the other valid key, no key, a wrong key, `Basic`, an empty `Bearer`, an
`X-Api-Key` header) asks for one address in every spelling (bare, `?format=`, `?Format=`,
duplicates, `%`-escapes) with every `Accept` and `Origin`, in one order and then the reverse,
so each variant is stored by one client before the others ask. Each answer through the cache
must be the answer Loupe itself gives that very request: the same status, media type, body
and ETag, and no CORS grant Loupe would not have made. (Regression: with Loupe's Vary split
over lines, nginx 1.22 keyed answers on the last line alone and handed a keyed answer to
clients without a key, and one client's CSS to the next client's JSON.)
"""
import base64
import http.client
import itertools

import pytest

from edge import ROOT, Nginx, Replica

PUSH = (ROOT / "examples/push.json").read_bytes()
ALLOWED_ORIGIN = "https://app.example"

SPELLINGS = ["", "?format=css", "?format=svg", "?Format=css", "?format=css&format=svg", "?%66ormat=css", "?format=%63ss",
             "?format=json&extra=1"]
ACCEPTS = [None, "application/json", "text/css", "image/svg+xml", "*/*"]
ORIGINS = [None, ALLOWED_ORIGIN, "https://elsewhere.example"]
KEYED_CLIENTS = {
    "key-one": {"Authorization": "Bearer key-one"},
    "key-two": {"Authorization": "Bearer key-two"},
    "no key": {},
    "wrong key": {"Authorization": "Bearer key-wrong"},
    "basic": {"Authorization": "Basic " + base64.b64encode(b"key-one:").decode()},
    "empty bearer": {"Authorization": "Bearer "},
    "x-api-key": {"X-Api-Key": "key-one"},
}
OPEN_CLIENTS = {"no key": {}, "some credential": {"Authorization": "Bearer anything"}}

SETUPS = {
    "default CORS, no keys": [],
    "CORS origin list, no keys": ["--cors-origins", ALLOWED_ORIGIN],
    "default CORS, API keys": ["--api-keys", "key-one,key-two"],
    "CORS origin list, API keys": ["--api-keys", "key-one,key-two", "--cors-origins", ALLOWED_ORIGIN],
}


class Client:
    """One keep-alive connection, reopened after an error or a close."""

    def __init__(self, port):
        self.port = port
        self.connection = None

    def get(self, target, headers):
        for attempt in range(2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            try:
                self.connection.request("GET", target, headers=headers)
                response = self.connection.getresponse()
                body = response.read()
                fields = {name.lower(): value for name, value in response.getheaders()}
                if response.will_close:
                    self.connection.close()
                    self.connection = None
                return response.status, fields, body
            except (OSError, http.client.HTTPException):
                self.connection.close()
                self.connection = None
                if attempt:
                    raise


@pytest.mark.parametrize("setup", list(SETUPS))
def test_no_stored_answer_reaches_a_client_loupe_would_not_have_given_it(setup):
    arguments = SETUPS[setup]
    keyed = "--api-keys" in arguments
    origin_list = "--cors-origins" in arguments
    clients = KEYED_CLIENTS if keyed else OPEN_CLIENTS
    replica = Replica(*arguments)
    proxy = Nginx([replica])
    try:
        owner = clients["key-one"] if keyed else {}
        direct = Client(replica.port)
        through = Client(proxy.port)
        connection = http.client.HTTPConnection("127.0.0.1", replica.port, timeout=30)
        connection.request("QUERY", "/v1/plans", body=PUSH, headers={"Content-Type": "application/json", **owner})
        response = connection.getresponse()
        response.read()
        assert response.status == 200, response.status
        address = response.getheader("Content-Location")
        connection.close()

        requests = []
        for (name, credential), spelling, accept, origin in itertools.product(clients.items(), SPELLINGS, ACCEPTS, ORIGINS):
            headers = dict(credential)
            if accept:
                headers["Accept"] = accept
            if origin:
                headers["Origin"] = origin
            requests.append((name, address + spelling, headers))

        truth = {}
        hits = 0
        answered = 0
        crossings = []
        for name, target, headers in requests + requests[::-1]:
            identity = (target, tuple(sorted(headers.items())))
            if identity not in truth:
                truth[identity] = direct.get(target, headers)
            status, fields, body = through.get(target, headers)
            hits += fields.get("x-cache-status") == "HIT"
            answered += status == 200
            expected_status, expected_fields, expected_body = truth[identity]
            differences = []
            if status != expected_status:
                differences.append(f"status {status}, Loupe says {expected_status}")
            if fields.get("content-type") != expected_fields.get("content-type"):
                differences.append(f"type {fields.get('content-type')}, Loupe says {expected_fields.get('content-type')}")
            if body != expected_body:
                differences.append(f"a body of {len(body)} bytes, not Loupe's {len(expected_body)}")
            if fields.get("etag") != expected_fields.get("etag"):
                differences.append(f"ETag {fields.get('etag')}, Loupe says {expected_fields.get('etag')}")
            granted, expected_grant = fields.get("access-control-allow-origin"), expected_fields.get("access-control-allow-origin")
            if granted != expected_grant:
                differences.append(f"Access-Control-Allow-Origin {granted}, Loupe says {expected_grant}")
            if differences:
                crossings.append((name, target, headers, fields.get("x-cache-status"), differences))
        print(f"{setup}: {len(requests) * 2} requests through nginx, {hits} HITs, {len(crossings)} crossings")
        assert not crossings, crossings[:5]
        # Each variant a 200 answers is stored by its first request: the second pass is all HITs.
        assert hits >= answered // 2, f"only {hits} HITs of {answered} 200s: the cache was not in play"
        if keyed:
            outsiders = [(target, headers) for name, target, headers in requests if name not in ("key-one", "key-two")]
            assert all(truth[(target, tuple(sorted(headers.items())))][0] == 401 for target, headers in outsiders)
    finally:
        proxy.stop()
        replica.stop()


def test_with_api_keys_a_cache_that_ignores_vary_still_keeps_keyed_answers_to_their_key():
    """The defence in depth: the shipped configuration files stored answers under the
    credential too (proxy_cache_key), so even a cache that drops Vary altogether (here nginx
    told to ignore it) hands a keyed answer to no request with another Authorization field."""
    replica = Replica("--api-keys", "key-one,key-two")
    proxy = Nginx([replica], extra="proxy_ignore_headers Vary;")
    try:
        owner = KEYED_CLIENTS["key-one"]
        connection = http.client.HTTPConnection("127.0.0.1", replica.port, timeout=30)
        connection.request("QUERY", "/v1/plans", body=PUSH, headers={"Content-Type": "application/json", **owner})
        response = connection.getresponse()
        response.read()
        address = response.getheader("Content-Location")
        connection.close()
        through = Client(proxy.port)
        for spelling in SPELLINGS:
            first = through.get(address + spelling, owner)
            again = through.get(address + spelling, owner)
            assert first[0] == again[0] == 200 and again[1]["x-cache-status"] == "HIT"
            for name, credential in KEYED_CLIENTS.items():
                if name in ("key-one", "key-two"):
                    continue
                status, fields, body = through.get(address + spelling, credential)
                assert status == 401 and fields.get("x-cache-status") != "HIT", (name, spelling, status, fields.get("x-cache-status"))
            other = through.get(address + spelling, KEYED_CLIENTS["key-two"])
            assert other[0] == 200 and other[1]["x-cache-status"] == "MISS", (spelling, other[1].get("x-cache-status"))
    finally:
        proxy.stop()
        replica.stop()
