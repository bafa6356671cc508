"""JSON text for the wire and the store, by orjson: a busy server encodes every event several
times (the log line, each connection's message), and the standard library's encoder was measured
at a tenth of the server's time. The text is the standard library's compact form; non-string
keys become strings as there."""

from __future__ import annotations

from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(value: Any) -> str:
    """``value`` as compact JSON text (UTF-8 characters as they are, not ``\\u`` escapes)."""
    return orjson.dumps(value, option=_OPTIONS).decode()
