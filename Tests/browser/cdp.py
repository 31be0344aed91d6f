"""A small Chrome DevTools Protocol client on the standard library: headless Chromium started
with --remote-debugging-port=0, one page target, JSON commands over a WebSocket (RFC 6455,
client side: masked text frames out, fragmented frames and pings handled in).

Commands are synchronous: `call` sends one and reads until its answer, keeping every event that
arrives meanwhile in `events`, which is all the test needs (console errors are events).
"""
import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request


class CDPError(Exception):
    pass


class WebSocket:
    def __init__(self, url, timeout=30):
        address = urllib.parse.urlsplit(url)
        self.socket = socket.create_connection((address.hostname, address.port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.socket.sendall((f"GET {address.path} HTTP/1.1\r\nHost: {address.hostname}:{address.port}\r\n"
                             f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                             "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.socket.recv(4096)
            if not chunk:
                raise CDPError("the DevTools socket closed during the handshake")
            self.buffer += chunk
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise CDPError(f"WebSocket handshake refused: {head[:200]!r}")

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.socket.recv(max(65536, count - len(self.buffer)))
            if not chunk:
                raise CDPError("the DevTools socket closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def _send_frame(self, opcode, payload):
        mask = os.urandom(4)
        length = len(payload)
        if length < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
        elif length < 65536:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length)
        masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
        self.socket.sendall(header + mask + masked)

    def send(self, text):
        self._send_frame(0x1, text.encode())

    def receive(self):
        message = b""
        while True:
            first, second = self._read(2)
            opcode, length = first & 0x0F, second & 0x7F
            if length == 126:
                length = struct.unpack("!H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack("!Q", self._read(8))[0]
            mask = self._read(4) if second & 0x80 else None
            payload = self._read(length)
            if mask:
                payload = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
            if opcode == 0x9:  # ping
                self._send_frame(0xA, payload)
                continue
            if opcode == 0x8:
                raise CDPError("the browser closed the DevTools connection")
            if opcode in (0x0, 0x1, 0x2):
                message += payload
                if first & 0x80:
                    return message.decode()

    def close(self):
        try:
            self._send_frame(0x8, b"")
        except OSError:
            pass
        self.socket.close()


def find_chromium():
    """Debian's chromium package: the binary itself, else the wrapper script on PATH."""
    for candidate in ("/usr/lib/chromium/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise CDPError("chromium is not installed (scripts/browser-test installs it with apt)")


class Browser:
    """Headless Chromium with a throwaway profile, offline apart from the page under test."""

    def __init__(self, binary=None, log_path=os.devnull):
        self.profile = tempfile.mkdtemp(prefix="loupe-chromium-")
        arguments = [binary or find_chromium(), "--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check",
                     "--disable-extensions", "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
                     "--disable-features=Translate,MediaRouter,OptimizationHints",
                     f"--user-data-dir={self.profile}", "--remote-debugging-port=0", "about:blank"]
        self.log = open(log_path, "wb")
        self.process = subprocess.Popen(arguments, stdout=self.log, stderr=subprocess.STDOUT)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.monotonic() + 30
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if self.process.poll() is not None:
                raise CDPError(f"chromium exited with {self.process.returncode} (log: {log_path})")
            if time.monotonic() > deadline:
                raise CDPError("chromium did not open its DevTools port within 30 s")
            time.sleep(0.05)
        self.port = int(open(port_file).read().split()[0])

    def page(self):
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/list", timeout=10))
        target = next(target for target in targets if target["type"] == "page")
        return Page(WebSocket(target["webSocketDebuggerUrl"]))

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)


class Page:
    def __init__(self, socket):
        self.socket = socket
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.receive())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise CDPError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def evaluate(self, expression):
        """The value of a JavaScript expression (promises awaited), as JSON."""
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise CDPError(f"{expression[:80]!r} threw: {details.get('exception', {}).get('description', details.get('text'))}")
        return result["result"].get("value")

    def wait_for(self, expression, timeout=10, interval=0.02):
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise CDPError(f"timed out after {timeout} s waiting for {expression}")
            time.sleep(interval)

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def close(self):
        self.socket.close()
