"""Issue 45 §1: every console example in README.md and docs/*.md is run against a running
server, and its output compared with what the doc shows.

A ```console block holds commands (`$ ` lines; a line ending in `\\` continues on the next) and,
after each, the output the doc shows. Each command runs in bash, in a scratch folder that has the
repository's examples/ and a `loupe` on the PATH, with `localhost:8080` pointed at the server
under test. The doc's output is compared with what the command printed (standard output and
error together):

- lines are joined without their line breaks on both sides, so a doc may wrap a long JSON answer
  wherever it likes;
- `...` and `…` (and `…(294 characters)…`) stand for any text, so a doc may shorten an answer;
  what it does show must appear, in order, and the first and last parts must be where they are;
- a whole line in parentheses is the doc's commentary, not output;
- with no shortening, the output must be exactly what the doc shows.

Usage: run.py BINARY   (prints one line per example, and N passed, N failed)
"""
import os
import pathlib
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
WILDCARD = re.compile(r"\s*(?:…\([^)]*\)…|\.\.\.|…)\s*")


def blocks(path):
    """Each console block of `path`: a list of (line number, command, expected output lines)."""
    lines = path.read_text().splitlines()
    found = []
    block = None
    for number, line in enumerate(lines, 1):
        if line.startswith("```"):
            if block:
                found.append(block)
            block = [] if line.strip() == "```console" else None
            continue
        if block is None:
            continue
        if line.startswith("$ "):
            block.append([number, line[2:], []])
        elif block and block[-1][1].endswith("\\") and not block[-1][2]:
            block[-1][1] = block[-1][1][:-1] + " " + line.strip()
        elif block:
            block[-1][2].append(line)
    return [[tuple(example) for example in block] for block in found if block]


def run_block(commands, cwd, environment):
    """Runs a block's commands in one shell, in order (a variable set by one is seen by the
    next); each command's output (standard output and error in the order written) and status."""
    script = []
    for index, command in enumerate(commands):
        script.append(f"echo '@@@ {index} begin'")
        script.append(f"{{ {command}\n}} 2>&1")
        script.append(f"echo \"@@@ {index} end $?\"")
    result = subprocess.run(["bash", "-c", "\n".join(script)], cwd=cwd, env=environment, capture_output=True, text=True, timeout=120)
    outputs = []
    for index in range(len(commands)):
        match = re.search(rf"@@@ {index} begin\n(.*?)@@@ {index} end (\d+)\n", result.stdout, re.S)
        outputs.append((match.group(1), int(match.group(2))) if match else ("(did not run)", -1))
    return outputs


def mismatch(actual, expected_lines):
    """None when the output matches what the doc shows; else the part of the doc not found."""
    shown = [line.rstrip() for line in expected_lines if not (line.startswith("(") and line.rstrip().endswith(")"))]
    expected = "".join(shown)
    actual = actual.replace("\r", "").replace("\n", "")
    parts = WILDCARD.split(expected)
    if len(parts) == 1:
        return None if actual == expected else expected
    if not actual.startswith(parts[0]):
        return "the start: " + parts[0]
    if not actual.endswith(parts[-1]):
        return "the end: " + parts[-1]
    position = len(parts[0])
    for part in parts[1:-1]:
        found = actual.find(part, position)
        if found < 0:
            return part
        position = found + len(part)
    return None if len(actual) - len(parts[-1]) >= position else "the end, overlapping: " + parts[-1]


def main():
    binary = pathlib.Path(sys.argv[1]).resolve()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="loupe-doc-examples-"))
    (scratch / "bin").mkdir()
    (scratch / "bin" / "loupe").symlink_to(binary)
    (scratch / "examples").symlink_to(ROOT / "examples")
    server = subprocess.Popen([str(binary), "serve", "--host", "127.0.0.1", "--port", str(port), "--log-level", "warn"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    passed = failed = 0
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        environment = dict(os.environ, PATH=f"{scratch / 'bin'}:{os.environ['PATH']}")
        for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
            for block in blocks(doc):
                commands = [command.replace("localhost:8080", f"localhost:{port}").replace("127.0.0.1:8080", f"127.0.0.1:{port}")
                            for _, command, _ in block]
                for (number, command, expected), (output, status) in zip(block, run_block(commands, scratch, environment)):
                    where = f"{doc.relative_to(ROOT)}:{number}"
                    # A command whose output the doc does not show must still succeed.
                    missing = mismatch(output, expected) if expected else (None if status == 0 else f"exit status {status}")
                    if missing is None:
                        passed += 1
                        print(f"ok    {where}: {command[:90]}")
                    else:
                        failed += 1
                        print(f"FAIL  {where}: {command[:90]}\n      not in the output: {missing[:400]}\n"
                              f"      the output (exit {status}): {output[:400]}")
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
