"""The field validators every form and JSON handler uses: one rule per kind of field, each
refusing with a 400 that names the field and what it must be (the message has its Chinese in
``qipai.web.errors``).

A JSON body gives typed values (``true``, ``3``); a form gives text. Each validator takes
either: a number may come as ``"3"`` from a form, a checkbox as the word a browser sends for a
ticked box (``checked``). A JSON ``true``/``false`` field takes booleans only.

>>> whole({"rounds": "3"}, "rounds", None, 1, 30)
3
>>> checked("on"), checked(None), checked("yes")
(True, False, True)
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from typing import Any

from starlette.exceptions import HTTPException

TICKED = frozenset({"on", "1", "true", "yes"})
"""What a form sends for a ticked checkbox (browsers send ``on``; scripts write the others),
compared without case. An unticked checkbox sends nothing."""
TABLE_NAME_MOST = 60
"""The most characters a table's name may have."""
EVENT_NAME_MOST = 80
"""The most characters an event's name may have."""


def checked(value: object) -> bool:
    """Whether a form's checkbox was ticked (``value`` as the form sent it, None if absent)."""
    return isinstance(value, str) and value.strip().lower() in TICKED


def unknown_fields(data: Mapping[str, Any], allowed: Collection[str]) -> None:
    """400 naming the fields of ``data`` not in ``allowed``."""
    extra = set(data) - set(allowed)
    if extra:
        raise HTTPException(400, f"unknown field(s): {', '.join(sorted(extra))}")


def text(data: Mapping[str, Any], key: str, default: str | None, low: int, high: int) -> str:
    """A string of ``low`` to ``high`` characters once stripped of surrounding spaces."""
    value = data.get(key, default)
    if not isinstance(value, str) or not low <= len(value.strip()) <= high:
        raise HTTPException(400, f"'{key}' must be {low} to {high} characters")
    return value.strip()


def number(data: Mapping[str, Any], key: str, default: float | None, lo: float, hi: float) -> float:
    """A number from ``lo`` to ``hi`` (a form's text is read as one)."""
    value = data.get(key, default)
    if isinstance(value, str) and value.strip():
        try:
            value = float(value)
        except ValueError:
            raise HTTPException(400, f"'{key}' must be a number, not {value!r}") from None
    if isinstance(value, bool) or not isinstance(value, int | float) or math.isnan(value):
        raise HTTPException(400, f"'{key}' must be a number")
    if not lo <= value <= hi:
        raise HTTPException(400, f"'{key}' must be from {lo:g} to {hi:g}, not {value:g}")
    return float(value)


def whole(data: Mapping[str, Any], key: str, default: int | None, lo: int, hi: int) -> int:
    """A whole number from ``lo`` to ``hi``."""
    value = number(data, key, default, lo, hi)
    if value != int(value):
        raise HTTPException(400, f"'{key}' must be a whole number, not {value:g}")
    return int(value)


def flag(data: Mapping[str, Any], key: str, default: bool) -> bool:
    """A JSON ``true`` or ``false`` (forms give theirs through :func:`checked`)."""
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise HTTPException(400, f"'{key}' must be true or false")
    return value


def robot_level(value: object, levels: Collection[int]) -> int | None:
    """A robot level among ``levels``, or None (no robots): a JSON number or null, or a form's
    text (``""`` and ``"none"`` for none). Only ASCII digits are read: ``"²".isdigit()``."""
    if isinstance(value, str):
        value = (
            None
            if value in ("", "none")
            else int(value)
            if value.isascii() and value.isdigit() and len(value) <= 3
            else value
        )
    if value is not None and (
        isinstance(value, bool) or not isinstance(value, int) or value not in levels
    ):
        offered = ", ".join(map(str, sorted(levels))) or "none are installed"
        raise HTTPException(
            400, f"'robot_level' must be null (no robots) or a robot level ({offered})"
        )
    return value
