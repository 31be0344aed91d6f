"""Processes for the edge tests: Loupe replicas and Debian's nginx in front of them, configured
with deploy/nginx/loupe.conf (the file docs/operations.md gives operators), and a small HTTP/1.1
load client that speaks QUERY (wrk's request parser refuses the method).
"""
import http.client
import os
import pathlib
import re
import signal
import socket
import subprocess
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("LOUPE_BINARY", str(ROOT / ".build/debug/loupe"))
NGINX = os.environ.get("LOUPE_NGINX", "/usr/sbin/nginx")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Replica:
    """`loupe serve` on a free loopback port; `arguments` are extra flags."""

    def __init__(self, *arguments):
        self.log = tempfile.NamedTemporaryFile(prefix="loupe-edge-", suffix=".log", delete=False)
        self.process = subprocess.Popen([BINARY, "serve", "--host", "127.0.0.1", "--port", "0", *arguments],
                                        stdout=self.log, stderr=subprocess.STDOUT)
        self.port = None
        for _ in range(200):
            match = re.search(r'"msg":"listening".*?"port":"(\d+)"', pathlib.Path(self.log.name).read_text())
            if match:
                self.port = int(match.group(1))
                break
            if self.process.poll() is not None:
                raise RuntimeError("loupe exited: " + pathlib.Path(self.log.name).read_text())
            time.sleep(0.05)
        assert self.port, "loupe did not report its port"

    def requests(self, route, method=None, status=None):
        """Loupe's own count of requests to `route` (from /metrics), by method and status."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.request("GET", "/metrics")
        text = connection.getresponse().read().decode()
        connection.close()
        total = 0
        for line in text.splitlines():
            match = re.match(r'loupe_http_requests_total\{route="([^"]*)",method="([^"]*)",status="([^"]*)"\} (\d+)', line)
            if match and match.group(1) == route and method in (None, match.group(2)) and status in (None, match.group(3)):
                total += int(match.group(4))
        return total

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()
        os.unlink(self.log.name)


class Nginx:
    """nginx with deploy/nginx/loupe.conf in front of `replicas`: its upstream servers, port and
    cache directory replaced, inside a minimal main configuration. `extra` is added to the
    location's directives (a test's way to make the cache misbehave)."""

    def __init__(self, replicas, extra=""):
        self.directory = tempfile.mkdtemp(prefix="loupe-nginx-")
        os.chmod(self.directory, 0o777)  # the workers run as an unprivileged user
        self.port = free_port()
        site = (ROOT / "deploy/nginx/loupe.conf").read_text()
        servers = "".join(f"    server 127.0.0.1:{replica.port} max_fails=1 fail_timeout=5s;\n" for replica in replicas)
        site, count = re.subn(r"(?m)^    server 127\.0\.0\.1:\d+[^\n]*\n", "", site)
        assert count >= 1, "deploy/nginx/loupe.conf has no upstream server line"
        site = site.replace("upstream loupe {\n", "upstream loupe {\n" + servers)
        site = re.sub(r"listen \d+;", f"listen 127.0.0.1:{self.port};", site)
        site = site.replace("/var/cache/nginx/loupe", f"{self.directory}/cache")
        if extra:
            site, count = re.subn(r"(?m)^(        proxy_cache loupe;\n)", lambda match: match.group(1) + f"        {extra}\n", site)
            assert count == 1, "deploy/nginx/loupe.conf has no proxy_cache line"
        main = f"""
pid {self.directory}/nginx.pid;
error_log {self.directory}/error.log warn;
worker_processes 1;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {self.directory}/body;
    proxy_temp_path {self.directory}/proxy;
    fastcgi_temp_path {self.directory}/fastcgi;
    uwsgi_temp_path {self.directory}/uwsgi;
    scgi_temp_path {self.directory}/scgi;
{site}
}}
"""
        self.configuration = f"{self.directory}/nginx.conf"
        pathlib.Path(self.configuration).write_text(main)
        subprocess.run([NGINX, "-c", self.configuration, "-e", f"{self.directory}/error.log"], check=True)
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)

    def stop(self):
        pid_file = pathlib.Path(self.directory, "nginx.pid")
        if pid_file.exists():
            os.kill(int(pid_file.read_text()), signal.SIGTERM)
            for _ in range(100):
                if not pid_file.exists():
                    break
                time.sleep(0.05)
        subprocess.run(["rm", "-rf", self.directory], check=False)


def request(port, method, target, body=None, headers=None):
    """One exchange on a new connection: (status, headers dict with lower-case names, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = dict(headers or {})
    if body is not None:
        headers.setdefault("Content-Type", "application/json")
    connection.request(method, target, body=body, headers=headers)
    response = connection.getresponse()
    data = response.read()
    result = response.status, {name.lower(): value for name, value in response.getheaders()}, data
    connection.close()
    return result


def load(port, method, bodies, seconds, clients, during=None, at=None):
    """`clients` threads, each on its own keep-alive connection, send `method` with the bodies in
    turn for `seconds`; `during` is called once after `at` seconds. Returns (answered, failed, first
    failures): a failure is an exception or a status other than 200."""
    stop = time.monotonic() + seconds
    counts = {"answered": 0, "failed": 0}
    failures = []
    lock = threading.Lock()

    def client(index):
        connection = None
        sent = index
        while time.monotonic() < stop:
            body = bodies[sent % len(bodies)]
            sent += 1
            try:
                if connection is None:
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                connection.request(method, "/v1/plans", body=body, headers={"Content-Type": "application/json"})
                response = connection.getresponse()
                response.read()
                ok = response.status == 200
                outcome = response.status
            except (OSError, http.client.HTTPException) as error:
                ok = False
                outcome = repr(error)
                connection.close()
                connection = None
            with lock:
                counts["answered" if ok else "failed"] += 1
                if not ok and len(failures) < 5:
                    failures.append(outcome)
        if connection:
            connection.close()

    threads = [threading.Thread(target=client, args=(index,)) for index in range(clients)]
    for thread in threads:
        thread.start()
    if during:
        time.sleep(at)
        during()
    for thread in threads:
        thread.join()
    return counts["answered"], counts["failed"], failures


def varied_bodies(count):
    """`count` different pushes (the source's width varies), so no answer cache absorbs the load."""
    template = (ROOT / "examples/push.json").read_text()
    return [re.sub(r'"width": *110', f'"width": {80 + index % 200}', template, count=1).encode() for index in range(count)]
