"""Comparing results of the same board across tables: IMPs, matchpoints (with Neuberg), Butler,
cross-IMPs, victory points, team matches, handicap (贴点) and the asynchronous pool (复式记分).

Pure functions over NS-relative scores (ints, or floats for averages): no I/O, no clock. Only
:mod:`~qipai.duplicate.event`, which scores a whole event from its table results, reads contracts
through ``qipai.bridge``. Bad input raises :class:`ScoringError`, a ``ValueError``.

>>> from qipai.duplicate import imps, vp, matchpoints, butler, cross_imps
>>> imps(450), vp(22, 16), matchpoints([420, 450, 420])
(10, (15.38, 4.62), [1.0, 4.0, 1.0])
>>> butler([420, 450, 420, -50, 420]), cross_imps([420, 450, 420])
([0.0, 1.0, 0.0, -10.0, 0.0], [-0.5, 1.0, -0.5])
"""

from .butler import Trim, TrimRule, butler, butler_datum, round_datum, trim_count, trimmed_mean
from .errors import PoolBoardRetired, ScoringError
from .event import (
    BoardResult,
    EventResult,
    MatchResult,
    Method,
    PairStanding,
    Problem,
    Room,
    ScoredResult,
    TableResult,
    TeamStanding,
    score_event,
    table_score,
)
from .handicap import (
    EVEN_HCP,
    Calibration,
    ExpectationTable,
    calibrated_handicap,
    calibration,
    classic_handicap,
)
from .imps import IMP_BOUNDS, imps
from .matchpoints import (
    AVERAGE,
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    Adjusted,
    BoardScore,
    Entry,
    Scale,
    ew_matchpoints,
    matchpoint_top,
    matchpoints,
    neuberg,
    percentages,
    score_board,
)
from .pool import MAX_RESULTS, MIN_RESULTS, PoolBoard
from .teams import TeamMatch, board_imps, team_match
from .vp import TAU, blitz, vp, vp_for, vp_formula, vp_table
from .ximp import cross_imps

__all__ = [
    "AVERAGE",
    "AVERAGE_MINUS",
    "AVERAGE_PLUS",
    "EVEN_HCP",
    "IMP_BOUNDS",
    "MAX_RESULTS",
    "MIN_RESULTS",
    "TAU",
    "Adjusted",
    "BoardResult",
    "BoardScore",
    "Calibration",
    "Entry",
    "EventResult",
    "ExpectationTable",
    "MatchResult",
    "Method",
    "PairStanding",
    "PoolBoard",
    "PoolBoardRetired",
    "Problem",
    "Room",
    "Scale",
    "ScoredResult",
    "ScoringError",
    "TableResult",
    "TeamMatch",
    "TeamStanding",
    "Trim",
    "TrimRule",
    "blitz",
    "board_imps",
    "butler",
    "butler_datum",
    "calibrated_handicap",
    "calibration",
    "classic_handicap",
    "cross_imps",
    "ew_matchpoints",
    "imps",
    "matchpoint_top",
    "matchpoints",
    "neuberg",
    "percentages",
    "round_datum",
    "score_board",
    "score_event",
    "table_score",
    "team_match",
    "trim_count",
    "trimmed_mean",
    "vp",
    "vp_for",
    "vp_formula",
    "vp_table",
]
