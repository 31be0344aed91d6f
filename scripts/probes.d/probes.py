"""Issue 42 §4: /healthz latency beside 8 clients of the amplified mix (GET addresses of heavy
plans, 1 MB lottie POSTs, heavy css QUERYs), each client its own process so the load can be
pinned with taskset apart from the server's core or left to share both.

Usage: probes.py PORT SECONDS [CPUS]   (CPUS: the load's cores for taskset, e.g. "1"; the probe
runs beside the load). Prints the probes' median, p99 and max, and the requests the mix sent.
"""
import base64
import json
import multiprocessing
import os
import socket
import statistics
import sys
import time
import zlib

PORT = int(sys.argv[1])
SECONDS = float(sys.argv[2])
CPUS = sys.argv[3] if len(sys.argv) > 3 else None


def connect():
    sock = socket.create_connection(("127.0.0.1", PORT), timeout=60)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def read_response(sock):
    buffer = b""
    while b"\r\n\r\n" not in buffer:
        chunk = sock.recv(1 << 16)
        if not chunk:
            return None
        buffer += chunk
    head, rest = buffer.split(b"\r\n\r\n", 1)
    length = 0
    for line in head.decode("latin-1").split("\r\n")[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value)
    have = len(rest)
    while have < length:
        chunk = sock.recv(min(1 << 20, length - have))
        if not chunk:
            return None
        have += len(chunk)
    return int(head.split()[1])


def heavy_plan(k, spring, rate, extra=None):
    body = {"transition": "push", "container": {"width": 393, "height": 852, "cornerRadius": 55},
            "source": {"frame": {"x": 16, "y": 120, "width": 110, "height": 110}, "cornerRadius": 8},
            "destination": {"presentationStyle": "popover", "frame": {"x": 40, "y": 200, "width": 300, "height": 400}},
            "animation": {"frameRate": rate, "spring": spring}, "options": dict(extra or {})}
    body["options"]["note"] = str(k)
    return body


def requests(k):
    """The mix: (request bytes) for client `k`, cycled."""
    css = json.dumps(heavy_plan(k, {"response": 10 - k * 1e-6, "dampingRatio": 1}, 24, {"easingTolerance": 0.0001}))
    lottie = heavy_plan(k, {"response": 4, "dampingRatio": 0.9}, 240)
    lottie["padding"] = "x" * 1_000_000
    lottie = json.dumps(lottie)
    address = "1." + base64.urlsafe_b64encode(
        zlib.compress(json.dumps(heavy_plan(k, {"response": 4, "dampingRatio": 0.9}, 240), separators=(",", ":")).encode(), 9)
    ).decode().rstrip("=")
    return [
        f"QUERY /v1/plans?format=css HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: {len(css)}\r\n\r\n{css}".encode(),
        f"POST /v1/plans?format=lottie HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: {len(lottie)}\r\n\r\n".encode()
        + lottie.encode(),
        f"GET /v1/plans/{address}?format=svg HTTP/1.1\r\nHost: t\r\n\r\n".encode(),
    ]


def client(k, deadline, sent):
    if CPUS:
        os.sched_setaffinity(0, {int(c) for c in CPUS.split(",")})
    mix = requests(k)
    sock = connect()
    index = k
    while time.time() < deadline:
        sock.sendall(mix[index % len(mix)])
        index += 1
        if read_response(sock) is None:
            sock.close()
            sock = connect()
        with sent.get_lock():
            sent.value += 1
    sock.close()


def main():
    deadline = time.time() + SECONDS + 1
    sent = multiprocessing.Value("i", 0)
    clients = [multiprocessing.Process(target=client, args=(k, deadline, sent)) for k in range(8)]
    for process in clients:
        process.start()
    if CPUS:
        os.sched_setaffinity(0, {int(c) for c in CPUS.split(",")})
    time.sleep(1)
    probe = connect()
    latencies = []
    end = time.time() + SECONDS
    while time.time() < end:
        started = time.perf_counter()
        probe.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        read_response(probe)
        latencies.append((time.perf_counter() - started) * 1000)
        time.sleep(0.01)
    for process in clients:
        process.join()
    latencies.sort()
    where = f"load on cores {CPUS}" if CPUS else "load sharing the cores"
    print(f"{where}: {len(latencies)} probes beside {sent.value} requests of the mix: median "
          f"{statistics.median(latencies):.2f} ms, p99 {latencies[int(len(latencies) * 0.99)]:.2f} ms, max {latencies[-1]:.2f} ms")


if __name__ == "__main__":
    main()
