"""Team matches: two rooms play the same boards and each board is scored in IMPs.

The home team sits NS in the open room and EW in the closed room, so on each board it scores
imps(open room NS score - closed room NS score). The match's IMP margin becomes victory points
on the WBF scale for the number of boards played.

>>> match = team_match([620, -100, 140], [170, -620, 110])
>>> match.board_imps, match.home_imps, match.away_imps
((10, 11, 1), 22, 0)
>>> match.margin, match.home_vp, match.away_vp
(22, 19.23, 0.77)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ._checks import finite_scores
from .errors import ScoringError
from .imps import imps
from .vp import vp_for

__all__ = ["TeamMatch", "board_imps", "team_match"]


def board_imps(open_room_ns: float, closed_room_ns: float) -> int:
    """The home team's IMPs on one board: NS in the open room, EW in the closed room.

    >>> board_imps(420, 420), board_imps(-50, 420), board_imps(-50, -420)
    (0, -10, 9)
    """
    return imps(open_room_ns - closed_room_ns)


@dataclass(frozen=True)
class TeamMatch:
    """A scored match: the home team's IMPs on each board, totals, margin and VPs."""

    board_imps: tuple[int, ...]

    def __post_init__(self) -> None:
        if not self.board_imps:
            raise ScoringError("a team match needs at least one board")

    @property
    def boards(self) -> int:
        """How many boards the match had."""
        return len(self.board_imps)

    @property
    def home_imps(self) -> int:
        """IMPs the home team won, summed over the boards it won."""
        return sum(i for i in self.board_imps if i > 0)

    @property
    def away_imps(self) -> int:
        """IMPs the away team won, summed over the boards it won."""
        return -sum(i for i in self.board_imps if i < 0)

    @property
    def margin(self) -> int:
        """The home team's IMP margin: negative when the away team won."""
        return self.home_imps - self.away_imps

    @property
    def home_vp(self) -> float:
        """The home team's victory points (WBF 2013 scale)."""
        return vp_for(self.margin, self.boards)

    @property
    def away_vp(self) -> float:
        """The away team's victory points (WBF 2013 scale)."""
        return vp_for(-self.margin, self.boards)


def team_match(
    open_room_ns_scores: Sequence[float], closed_room_ns_scores: Sequence[float]
) -> TeamMatch:
    """Score a match from each room's NS scores, board by board in the same order."""
    open_room = finite_scores(open_room_ns_scores)
    closed_room = finite_scores(closed_room_ns_scores)
    if len(open_room) != len(closed_room):
        raise ScoringError(
            f"the open room has {len(open_room)} scores and the closed room {len(closed_room)}:"
            " each board needs a score from both rooms"
        )
    return TeamMatch(tuple(board_imps(o, c) for o, c in zip(open_room, closed_room, strict=True)))
