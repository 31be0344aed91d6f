"""A small Dockerfile reader, shared by scripts/container-recipe and test_manifests.py.

It understands what Loupe's Dockerfile uses: stages (FROM ... AS name), line continuations,
comments, and the JSON (exec) and shell forms of RUN, CMD, ENTRYPOINT and HEALTHCHECK. It is
not a general parser: an instruction it does not know is kept as raw text.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Instruction:
    keyword: str  # upper case: FROM, RUN, COPY...
    text: str  # everything after the keyword, continuations joined
    line: int  # 1-based line of the keyword

    def exec_form(self) -> list[str] | None:
        """The JSON array of an exec-form instruction, or None for the shell form."""
        text = self.text.strip()
        if text.startswith("["):
            value = json.loads(text)
            if not (isinstance(value, list) and all(isinstance(item, str) for item in value)):
                raise ValueError(f"line {self.line}: {self.keyword} is not a JSON array of strings")
            return value
        return None

    def command(self) -> list[str]:
        """The argv Docker runs: exec form as is, shell form as /bin/sh -c."""
        argv = self.exec_form()
        return argv if argv is not None else ["/bin/sh", "-c", self.text.strip()]


@dataclass
class Stage:
    base: str
    name: str | None
    instructions: list[Instruction] = field(default_factory=list)

    def all(self, keyword: str) -> list[Instruction]:
        return [item for item in self.instructions if item.keyword == keyword]

    def last(self, keyword: str) -> Instruction | None:
        found = self.all(keyword)
        return found[-1] if found else None

    def workdir(self) -> str:
        directory = "/"
        for item in self.all("WORKDIR"):
            path = item.text.strip()
            directory = path if path.startswith("/") else str(Path(directory) / path)
        return directory

    def env(self) -> dict[str, str]:
        """ENV key=value pairs (and the legacy `ENV key value` form)."""
        values: dict[str, str] = {}
        for item in self.all("ENV"):
            words = shlex.split(item.text)
            if words and "=" not in words[0]:
                values[words[0]] = " ".join(words[1:])
                continue
            for word in words:
                key, _, value = word.partition("=")
                values[key] = value
        return values

    def user(self) -> tuple[str, str | None] | None:
        """The last USER as (user, group)."""
        item = self.last("USER")
        if item is None:
            return None
        user, _, group = item.text.strip().partition(":")
        return user, (group or None)

    def exposed_ports(self) -> list[int]:
        ports = []
        for item in self.all("EXPOSE"):
            for word in item.text.split():
                ports.append(int(word.split("/")[0]))
        return ports

    def copies(self) -> list[tuple[dict[str, str], list[str], str]]:
        """Each COPY as (flags, sources, destination)."""
        result = []
        for item in self.all("COPY"):
            words = item.exec_form() or shlex.split(item.text)
            flags = {}
            while words and words[0].startswith("--"):
                key, _, value = words.pop(0)[2:].partition("=")
                flags[key] = value
            result.append((flags, words[:-1], words[-1]))
        return result

    def healthcheck(self) -> tuple[dict[str, str], Instruction] | None:
        """HEALTHCHECK options and its CMD (as an Instruction, so exec/shell form apply)."""
        item = self.last("HEALTHCHECK")
        if item is None:
            return None
        text = item.text.strip()
        options = {}
        while text.startswith("--"):
            option, _, text = text.partition(" ")
            key, _, value = option[2:].partition("=")
            options[key] = value
            text = text.lstrip()
        keyword, _, rest = text.partition(" ")
        if keyword.upper() != "CMD":
            raise ValueError(f"line {item.line}: HEALTHCHECK without CMD")
        return options, Instruction("CMD", rest.strip(), item.line)


@dataclass
class Dockerfile:
    stages: list[Stage]

    @property
    def runtime(self) -> Stage:
        """The final stage: the image that is shipped."""
        return self.stages[-1]

    def stage(self, name: str) -> Stage:
        for stage in self.stages:
            if stage.name == name:
                return stage
        return self.stages[int(name)]

    @classmethod
    def read(cls, path: Path) -> "Dockerfile":
        return cls.parse(path.read_text(encoding="utf-8"))

    @classmethod
    def parse(cls, text: str) -> "Dockerfile":
        stages: list[Stage] = []
        pending = ""
        start = 0
        for number, raw in enumerate(text.splitlines(), start=1):
            stripped = raw.strip()
            if not pending and (not stripped or stripped.startswith("#")):
                continue
            if pending and stripped.startswith("#"):
                continue  # comments inside a continued instruction are dropped, as Docker does
            if not pending:
                start = number
            if stripped.endswith("\\"):
                pending += stripped[:-1].rstrip() + " "
                continue
            pending += stripped
            keyword, _, rest = pending.partition(" ")
            instruction = Instruction(keyword.upper(), rest.strip(), start)
            pending = ""
            if instruction.keyword == "FROM":
                match = re.fullmatch(r"(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?", instruction.text, re.IGNORECASE)
                if not match:
                    raise ValueError(f"line {start}: cannot read FROM {instruction.text!r}")
                stages.append(Stage(match.group(1), match.group(2)))
            elif not stages:
                if instruction.keyword != "ARG":
                    raise ValueError(f"line {start}: {instruction.keyword} before FROM")
            else:
                stages[-1].instructions.append(instruction)
        if pending:
            raise ValueError("the Dockerfile ends inside a continued line")
        if not stages:
            raise ValueError("no FROM in the Dockerfile")
        return cls(stages)


class DockerIgnore:
    """The .dockerignore rules: glob patterns relative to the context root, `**` for any
    number of directories, `!` to re-include, the last matching rule wins, and a rule that
    matches a directory excludes everything under it."""

    def __init__(self, patterns: list[tuple[bool, re.Pattern[str]]]):
        self.patterns = patterns

    @classmethod
    def read(cls, path: Path) -> "DockerIgnore":
        if not path.exists():
            return cls([])
        patterns = []
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            negated = line.startswith("!")
            glob = line[1:].strip() if negated else line
            glob = glob.strip("/")
            if glob.startswith("./"):
                glob = glob[2:]
            patterns.append((negated, re.compile(cls._translate(glob))))
        return cls(patterns)

    @staticmethod
    def _translate(glob: str) -> str:
        regex = ""
        index = 0
        while index < len(glob):
            char = glob[index]
            if glob.startswith("**/", index):
                regex += "(?:.*/)?"
                index += 3
                continue
            if glob.startswith("**", index):
                regex += ".*"
                index += 2
                continue
            regex += {"*": "[^/]*", "?": "[^/]"}.get(char, re.escape(char))
            index += 1
        return f"^{regex}$"

    def excludes(self, relative: str) -> bool:
        parts = relative.strip("/").split("/")
        candidates = ["/".join(parts[: count + 1]) for count in range(len(parts))]
        excluded = False
        for negated, pattern in self.patterns:
            if any(pattern.match(candidate) for candidate in candidates):
                excluded = not negated
        return excluded
