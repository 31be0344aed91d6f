"""Issue 42 §3: the kernel's share charged as the kernel counts it.

Clients that send `GET /openapi.yaml` (an answer larger than a client's receive buffer) with
`Connection: close` and never read: what Loupe writes waits in its send queue and, once
acknowledged, in the clients' receive buffers, both kernel memory on this host. However many such
clients there are, the kernel's TCP memory (/proc/net/sockstat `mem`, in pages) must grow by no
more than the memory budget plus 16 MiB. (Regression: Loupe stopped charging bytes once the peer
acknowledged them, and with 1,000 clients the kernel held half again the budget.) Run here, not in
the Swift suite, because sockstat counts every socket on the machine: nothing else runs beside it.
"""
import http.client
import re
import socket
import time

import pytest

from edge import Replica

BUDGET = 32 << 20
SLACK = 16 << 20


def tcp_memory_bytes():
    with open("/proc/net/sockstat") as sockstat:
        for line in sockstat:
            if line.startswith("TCP:"):
                fields = line.split()
                return int(fields[fields.index("mem") + 1]) * 4096
    raise AssertionError("no TCP line in /proc/net/sockstat")


def metric(port, name):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", "/metrics")
    text = connection.getresponse().read().decode()
    connection.close()
    match = re.search(rf"^{name} (\S+)$", text, re.M)
    return float(match.group(1))


@pytest.mark.parametrize("clients", [1000, 3000])
def test_never_reading_clients_grow_the_kernels_tcp_memory_by_at_most_the_budget_plus_16_mib(clients):
    replica = Replica("--memory-budget", str(BUDGET))
    sockets = []
    try:
        baseline = tcp_memory_bytes()
        for _ in range(clients):
            client = socket.socket()
            try:
                client.connect(("127.0.0.1", replica.port))
                client.sendall(b"GET /openapi.yaml HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            except OSError:
                pass
            sockets.append(client)
        # Long enough for every answer to be written as far as the kernel takes it, well within
        # the write timeout (30 s) that would reset the connections.
        peak = 0
        for _ in range(8):
            time.sleep(0.5)
            peak = max(peak, tcp_memory_bytes() - baseline)
        charged = metric(replica.port, "loupe_memory_budget_peak_bytes")
        print(f"{clients} never-reading clients: the kernel's TCP memory grew by at most {peak / 2**20:.1f} MiB; "
              f"the budget's peak {charged / 2**20:.1f} MiB of {BUDGET >> 20}")
        assert charged <= BUDGET
        assert peak <= BUDGET + SLACK, f"grew {peak / 2**20:.1f} MiB over a {BUDGET >> 20} MiB budget"
        # Loupe still answers beside them.
        probe = http.client.HTTPConnection("127.0.0.1", replica.port, timeout=10)
        probe.request("GET", "/healthz")
        assert probe.getresponse().status == 200
        probe.close()
    finally:
        for client in sockets:
            client.close()
        replica.stop()
