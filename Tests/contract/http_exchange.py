"""Sends the request an `x-request` describes and returns what came back, over a plain socket
so that malformed requests (bare LF, HTTP/2.0 in the request line, a Content-Length with no
body) can be sent exactly as written.

x-request (an extension on an example or a response in openapi.yaml) has these members, all
optional:

  method, path   default: the operation's
  query          the query string without "?"
  headers        added to the defaults (Content-Type: application/json and, on /v1, the API
                 key); a null value removes a default
  body           a JSON value, sent as compact JSON
  rawBody        text sent as the body, byte for byte
  contentLength  send only the head, announcing this many body bytes (a body-too-large test)
  raw            the whole request as text (\\r\\n included): for framing errors; "{a*9000}"
                 stands for 9000 "a"s, so oversized requests stay short in the spec
  revalidate     first send the request plainly, then again with If-None-Match: its ETag
  addressOf      a JSON request body: a GET of its address (`{collection}/{key}`), the key made
                 here with Python's zlib (`address_key`), so Loupe reads a key it did not write

A path may hold "{a*9000}" too, and an operation's own "{key}" becomes the key of `{}`, and its
"{format}" (a rendering's own path, `/v1/plans.{format}`) becomes `svg`, which every collection
with renderings offers.
"""
import base64
import json
import re
import socket
import urllib.parse
import zlib


def address_key(body):
    """The key of an address holding `body` (a JSON value): version 1, the base64url (unpadded)
    of a zlib stream of its compact JSON (docs/api.md)."""
    text = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()
    return "1." + base64.urlsafe_b64encode(zlib.compress(text, 9)).decode().rstrip("=")


def expand(text):
    """"{a*9000}" stands for 9000 "a"s."""
    return re.sub(r"\{(.)\*(\d+)\}", lambda match: match.group(1) * int(match.group(2)), text)


class Response:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers  # list of (name, value)
        self.body = body

    def header(self, name):
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None

    def json(self):
        return json.loads(self.body)


def head_and_body(request, path, method, api_key):
    """The bytes to send for an x-request on (method, path)."""
    if "raw" in request:
        return expand(request["raw"]).encode()
    method = request.get("method", method).upper()
    target = expand(request.get("path", path))
    if "addressOf" in request:
        target = target.replace("{key}", address_key(request["addressOf"]))
    target = target.replace("{key}", address_key({})).replace("{format}", "svg")
    if request.get("query"):
        target += "?" + request["query"]
    headers = {"Host": "loupe.test", "Connection": "close"}
    if method in ("POST", "QUERY"):
        headers["Content-Type"] = "application/json"
    if api_key and target.startswith("/v1/"):
        headers["Authorization"] = "Bearer " + api_key
    for name, value in (request.get("headers") or {}).items():
        for existing in [key for key in headers if key.lower() == name.lower()]:
            del headers[existing]
        if value is not None:
            headers[name] = value
    if "body" in request:
        body = json.dumps(request["body"], separators=(",", ":"), ensure_ascii=False).encode()
    else:
        body = request.get("rawBody", "").encode()
    if "contentLength" in request:
        headers["Content-Length"] = str(request["contentLength"])
        body = b""
    elif body or method in ("POST", "QUERY"):
        headers["Content-Length"] = str(len(body))
    head = f"{method} {target} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items()) + "\r\n"
    return head.encode() + body


def exchange(base_url, payload, timeout=30):
    """Sends `payload` on a new connection and reads one response."""
    address = urllib.parse.urlsplit(base_url)
    with socket.create_connection((address.hostname, address.port), timeout=timeout) as connection:
        try:
            connection.sendall(payload)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server may answer and close before reading everything (413)
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = connection.recv(65536)
            if not chunk:
                break
            received += chunk
        head, _, body = received.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ")[1])
        headers = [tuple(part.strip() for part in line.split(":", 1)) for line in lines[1:] if ":" in line]
        response = Response(status, headers, body)
        length = response.header("Content-Length")
        if length is not None:
            while len(body) < int(length):
                chunk = connection.recv(65536)
                if not chunk:
                    break
                body += chunk
        response.body = body
        return response


def send(base_url, api_key, request, path, method):
    """Sends an x-request; with `revalidate`, the second (conditional) exchange's response."""
    if request.get("revalidate"):
        first = exchange(base_url, head_and_body(request, path, method, api_key))
        conditional = dict(request)
        conditional["headers"] = dict(request.get("headers") or {}, **{"If-None-Match": first.header("ETag") or '"none"'})
        return exchange(base_url, head_and_body(conditional, path, method, api_key))
    return exchange(base_url, head_and_body(request, path, method, api_key))
