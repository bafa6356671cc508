"""Analysis: double-dummy tables, par, solving positions and judging claims (through DDS, in
``dds.py`` only), plus fast dealing with constraints and hand evaluation.

The dealing and evaluation modules' names (their ``__all__``) are exported too, each loaded on
first use: ``from qipai.analysis import hcp``.

>>> from qipai.analysis import DDTable, par
>>> from qipai.bridge import Seat, Vulnerability
>>> str(par(DDTable.parse("77667775576677566775"), Seat.SOUTH, Vulnerability.NONE))
'NS +90: 1NTS 1NTN'
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING, Any

# The double-dummy side, loaded now: the function names par and solve must win over the
# submodules of the same names, which a later first import would otherwise bind here.
from .claims import claim_is_valid, max_claim
from .dds import (
    MAX_TABLES_PER_CALL,
    DDSError,
    DDTable,
    analyse_play,
    analyse_plays,
    check_deal,
    dd_table,
    dd_tables,
    dds_info,
    set_threads,
    threads,
)
from .par import Par, ParContract, par
from .solve import dd_costs, dd_tricks_left, play_trace, play_traces, solve

if TYPE_CHECKING:
    # The dealing and evaluation modules (another part of the project), loaded on first use.
    from .dealer import *  # noqa: F403
    from .dealscript import *  # noqa: F403
    from .evaluate import *  # noqa: F403

# The double-dummy side's names; the dealing modules' names come on demand (see __dir__).
__all__ = [
    "MAX_TABLES_PER_CALL",
    "DDSError",
    "DDTable",
    "Par",
    "ParContract",
    "analyse_play",
    "analyse_plays",
    "check_deal",
    "claim_is_valid",
    "dd_costs",
    "dd_table",
    "dd_tables",
    "dd_tricks_left",
    "dds_info",
    "max_claim",
    "par",
    "play_trace",
    "play_traces",
    "set_threads",
    "solve",
    "threads",
]

# Modules whose ``__all__`` is exported too, whichever of them exist: dealing and evaluation.
_OPTIONAL_PREFIXES = ("dealer", "dealscript", "evaluate")


def _optional_modules() -> list[str]:
    return sorted(
        m.name
        for m in pkgutil.iter_modules(__path__)  # noqa: F405 - the package's own path
        if m.name.startswith(_OPTIONAL_PREFIXES)
    )


def __getattr__(name: str) -> Any:
    for module in _optional_modules():
        mod = importlib.import_module(f"{__name__}.{module}")
        if name in getattr(mod, "__all__", ()):
            value = getattr(mod, name)
            globals()[name] = value
            return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    names = set(globals())
    for module in _optional_modules():
        names |= set(getattr(importlib.import_module(f"{__name__}.{module}"), "__all__", ()))
    return sorted(names)
