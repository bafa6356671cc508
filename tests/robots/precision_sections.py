"""The sections of systems/precision.txt taken from systems/natural.txt, kept in step.

Precision's own rules (the strong club, 1D, 2C, 2D, 1H-1S) come first in its file; after the
``MARKER`` line come natural's responses to a major, its notrump structure shifted for a 13-15
notrump (responder's ranges two points up, opener's two down), its weak-two and preempt
responses, and everything from its competition sections on. ``test_systems_mixed`` checks the
file matches; after changing natural.txt, run ``python tests/robots/precision_sections.py`` to
rewrite the copied part.
"""

from __future__ import annotations

import re
from pathlib import Path

SYSTEMS = Path(__file__).resolve().parents[2] / "src" / "qipai" / "robots" / "systems"
MARKER = "# ---- Below: sections taken from natural.txt (tests/robots/precision_sections.py) ----"

_RESPONDER = {
    "hcp 8-9": "hcp 10-11",
    "hcp 10+": "hcp 12+",
    "hcp 10-15": "hcp 12-17",
    "hcp -7": "hcp -9",
    "hcp 8+": "hcp 10+",
    "hcp 16-17": "hcp 18-19",
    "hcp 18-19": "hcp 20-21",
    "hcp 5-9": "hcp 7-11",
    "8-9 HCP": "10-11 HCP",
    "8-9点": "10-11点",
    "8+ HCP": "10+ HCP",
    "8点以上": "10点以上",
    "at most 7 HCP": "at most 9 HCP",
    "7点以下": "9点以下",
    "10-15 HCP": "12-17 HCP",
    "10-15点": "12-17点",
    "16-17 HCP": "18-19 HCP",
    "16-17点": "18-19点",
    "18-19 HCP": "20-21 HCP",
    "18-19点": "20-21点",
}
_OPENER = {
    "hcp 16-17": "hcp 14-15",
    "hcp 15": "hcp 13",
    "hcp 17": "hcp 15",
    "hcp -16": "hcp -14",
    "hcp 16": "hcp 14",
    "pts 17+": "pts 15+",
    "15-17 HCP": "13-15 HCP",
    "15-17点": "13-15点",
}


def _sub(text: str, table: dict[str, str]) -> str:
    keys = sorted(table, key=len, reverse=True)
    pattern = re.compile("|".join(re.escape(k) + r"(?![0-9+])" for k in keys))
    return pattern.sub(lambda m: table[m.group(0)], text)


def _shift_notrump(lines: list[str]) -> list[str]:
    out: list[str] = []
    table: dict[str, str] | None = None
    for line in lines:
        if line.startswith("@ "):
            # the caller is responder when the pattern's length is 2, 6, ... (opener 4, 8, ...)
            table = _RESPONDER if len(line[2:].split()) % 4 == 2 else _OPENER
        elif "|" in line and table is not None:
            call, rest = line.split("|", 1)
            line = call + "|" + _sub(rest, table)
        out.append(line)
    return out


def _banner(lines: list[str], title: str) -> int:
    """The index of the ``# ====`` line above the section headed ``title``."""
    i = next(k for k, line in enumerate(lines) if line.startswith(f"# {title}"))
    return i - 1


def copied_sections(natural: str) -> str:
    lines = natural.split("\n")
    major = lines[
        _banner(lines, "Responses to 1 of a major") : _banner(lines, "Responses to 1 of a minor")
    ]
    nt_start = _banner(lines, "Notrump openings")
    nt_end = lines.index("@ 2NT P")
    weak = _banner(lines, "Weak twos and preempts")
    weak_end = lines.index("@ 2D P")
    pre = lines.index("@ 3x P")
    comp = _banner(lines, "Competition: overcalls")
    parts = [
        MARKER,
        "# (as natural: responses to a major and opener's rebids, for an 11-15 major)",
        *major,
        "# (as natural, shifted for a 13-15 notrump)",
        *_shift_notrump(lines[nt_start:nt_end]),
        "# (as natural: weak twos in the majors and preempts)",
        *lines[weak:weak_end],
        *lines[pre:comp],
        "# (as natural from here on: competition, slams, judgement, forced calls)",
        *lines[comp:],
    ]
    return "\n".join(parts)


def expected_precision() -> str:
    own = (SYSTEMS / "precision.txt").read_text(encoding="utf-8").split(MARKER)[0]
    return own + copied_sections((SYSTEMS / "natural.txt").read_text(encoding="utf-8"))


if __name__ == "__main__":
    (SYSTEMS / "precision.txt").write_text(expected_precision(), encoding="utf-8")
