"""Engines as separate processes behind one adapter per protocol: :class:`Uci` (Stockfish for
chess, Fairy-Stockfish for xiangqi) and :class:`Gtp` (GNU Go). Each command waits at most a
time limit; an engine that does not answer in time is stopped (UCI ``stop``) or killed, and the
caller gets an :class:`EngineError`, one line that names the engine and what it failed at.

python-chess's engine module is not used for chess: it reads an engine's moves as chess moves
only, so it could not serve Fairy-Stockfish's xiangqi; one UCI adapter serves both.
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import subprocess
import time
import weakref
from collections.abc import Callable, Sequence

from ..bridge.errors import QipaiError


class EngineError(QipaiError):
    """An engine is missing, died, or did not answer in time."""


def find(name: str) -> str:
    """The path of the program ``name`` (Debian installs games under /usr/games)."""
    path = shutil.which(name) or shutil.which(name, path="/usr/games")
    if path is None:
        raise EngineError(f"the engine {name!r} is not installed (make test installs it)")
    return path


class Process:
    """A line-oriented child process with deadlines on every read."""

    def __init__(self, argv: Sequence[str]) -> None:
        self.name = os.path.basename(argv[0])
        try:
            self.proc = subprocess.Popen(
                list(argv),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
            )
        except OSError as e:
            raise EngineError(f"{self.name} could not start: {e}") from None
        self._buffer = ""
        self._reaper = weakref.finalize(self, _reap, self.proc)
        """Kills the child and closes its pipes should this be dropped unclosed (a robot left
        by a table that stopped): no engine outlives its owner, and no file is left open."""

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except OSError:
            raise EngineError(f"{self.name} has died (sending {line!r})") from None

    def read_until(self, done: Callable[[str], bool], seconds: float, what: str) -> list[str]:
        """Lines up to and including the first for which ``done`` is true."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + seconds
        lines: list[str] = []
        while True:
            while "\n" in self._buffer:
                line, self._buffer = self._buffer.split("\n", 1)
                lines.append(line.strip())
                if done(line.strip()):
                    return lines
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(what)
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 65536).decode(errors="replace")
                if not chunk:
                    raise EngineError(f"{self.name} has died ({what})")
                self._buffer += chunk

    def close(self) -> None:
        """Ask the engine to quit (killed if it does not within 2 s); its pipes closed."""
        if self.proc.poll() is None:
            try:
                self.send("quit")
                self.proc.wait(timeout=2)
            except (EngineError, subprocess.TimeoutExpired):
                self.kill()
        self._reaper()

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait()


def _reap(proc: subprocess.Popen[str]) -> None:
    """Kill ``proc`` if it still runs, wait for it and close its pipes (each at most once)."""
    if proc.poll() is None:
        proc.kill()
        proc.wait()
    for pipe in (proc.stdin, proc.stdout):
        if pipe is not None:
            with contextlib.suppress(OSError):
                pipe.close()


class Uci:
    """A UCI engine: ``best(fen, moves, ...)`` -> its move, in the engine's own notation."""

    def __init__(
        self, program: str, options: dict[str, str] | None = None, limit: float = 5.0
    ) -> None:
        self.process = Process([find(program)])
        self.limit = limit
        self.process.send("uci")
        self._wait("uciok", "starting")
        for k, v in (options or {}).items():
            self.process.send(f"setoption name {k} value {v}")
        self.process.send("ucinewgame")
        self.process.send("isready")
        self._wait("readyok", "getting ready")

    def _wait(self, word: str, what: str) -> list[str]:
        try:
            return self.process.read_until(lambda s: s.split()[:1] == [word], self.limit, what)
        except TimeoutError:
            self.process.close()
            name = self.process.name
            raise EngineError(f"{name} did not answer in {self.limit}s ({what})") from None

    def candidates(
        self, fen: str, moves: Sequence[str], nodes: int, movetime_ms: int, multipv: int = 1
    ) -> list[str]:
        """The engine's best moves, best first (``multipv`` of them), searched within
        ``nodes`` and ``movetime_ms``; the move time limit is enforced: past it (and a
        margin) the search is stopped, and past that the engine is killed."""
        self.process.send(f"setoption name MultiPV value {multipv}")
        self.process.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        self.process.send(f"go nodes {nodes} movetime {movetime_ms}")
        try:
            lines = self.process.read_until(
                lambda s: s.startswith("bestmove"), movetime_ms / 1000 + 2.0, "searching"
            )
        except TimeoutError:
            self.process.send("stop")
            try:
                lines = self.process.read_until(lambda s: s.startswith("bestmove"), 1.0, "stopping")
            except TimeoutError:
                self.process.kill()
                self.process.close()
                raise EngineError(f"{self.process.name} exceeded its move time") from None
        best = lines[-1].split()[1]
        pv: dict[int, str] = {}
        for line in lines:
            words = line.split()
            if words[:1] == ["info"] and "multipv" in words and "pv" in words:
                rank = int(words[words.index("multipv") + 1])
                pv[rank] = words[words.index("pv") + 1]
        ranked = [pv[k] for k in sorted(pv)] or [best]
        if best in ranked:
            ranked.remove(best)
        return [best, *ranked]

    def close(self) -> None:
        self.process.close()


class Gtp:
    """A GTP engine (GNU Go): ``command("genmove b")`` -> its answer."""

    def __init__(self, argv: Sequence[str], limit: float = 30.0) -> None:
        self.process = Process([find(argv[0]), *argv[1:]])
        self.limit = limit

    def command(self, line: str) -> str:
        """The engine's answer to ``line`` (a GTP answer is "= ..." or "? ...", then an
        empty line); a refusal ("?") is an EngineError."""
        self.process.send(line)
        out: list[str] = []

        def done(s: str) -> bool:
            if not out:
                if s.startswith(("=", "?")):
                    out.append(s)
                return False
            if s == "":
                return True
            out.append(s)
            return False

        try:
            self.process.read_until(done, self.limit, line)
        except TimeoutError:
            self.process.close()
            name = self.process.name
            raise EngineError(f"{name} did not answer {line!r} in {self.limit}s") from None
        answer = "\n".join(out)
        if answer.startswith("?"):
            raise EngineError(f"{self.process.name} refused {line!r}: {answer[1:].strip()}")
        return answer[1:].strip()

    def close(self) -> None:
        self.process.close()
