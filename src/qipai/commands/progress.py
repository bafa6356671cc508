"""A one-line progress bar for long commands (``convert`` over folders, ``analyze`` over an
archive): drawn on a terminal, silent on files and pipes so that output stays clean."""

from __future__ import annotations

from typing import TextIO


class ProgressBar:
    """``show(done, name)`` redraws the line; ``clear()`` wipes it when the work is over."""

    WIDTH = 30

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.on = total > 1 and stream.isatty()

    def show(self, done: int, name: str = "") -> None:
        if self.on:
            filled = self.WIDTH * done // self.total
            bar = "#" * filled + "." * (self.WIDTH - filled)
            self.stream.write(f"\r[{bar}] {done}/{self.total} {name[:30]:<30}")
            self.stream.flush()

    def clear(self) -> None:
        if self.on:
            self.stream.write("\r" + " " * 72 + "\r")
            self.stream.flush()
