"""The result of an event: every pair's total, the ranking of those that completed enough
boards, and the masterpoints.

A pair is ranked when it completed (played, or scored as a bye) at least the completion
threshold's share of the boards of the rounds closed so far (all the event's boards once it is
finished). Ranked pairs come first, by total, then more boards completed, then the earlier
registration, so no two share a place; then the pairs below the threshold, withdrawn pairs
among them, in the same order with no rank. Masterpoints go to the ranked pairs of a finished
event only (a cancelled event awards none), by their place among the ranked pairs of people: a
robot pair the director entered ranks but wins none and takes no one's.
"""

from __future__ import annotations

from dataclasses import dataclass

from .masterpoints import masterpoints_for
from .scoring import tallies
from .settings import Scoring
from .state import EventState, Pair, Status

__all__ = ["Standing", "Standings", "standings"]


@dataclass(frozen=True)
class Standing:
    """One pair's line. ``rank`` is None below the threshold; ``total`` is IMPs (``ximp``,
    ``imp``) or the average percentage (``mp``)."""

    rank: int | None
    pair: int
    players: tuple[str, str]
    total: float
    boards_completed: int
    boards_played: int
    bye_boards: int
    withdrawn_after: int | None
    masterpoints: int

    @property
    def name(self) -> str:
        return " & ".join(self.players)


@dataclass(frozen=True)
class Standings:
    """The standings of ``event`` at one moment; ``final`` once it is finished or cancelled.
    ``boards`` is the number of boards the threshold is taken of, ``required`` the fewest
    completed boards that rank."""

    event: str
    scoring: Scoring
    status: Status
    rounds: int
    boards: int
    required: int
    rows: tuple[Standing, ...]

    @property
    def final(self) -> bool:
        return self.status in (Status.FINISHED, Status.CANCELLED)

    @property
    def ranked(self) -> tuple[Standing, ...]:
        return tuple(r for r in self.rows if r.rank is not None)

    def masterpoints_by_player(self) -> dict[str, int]:
        """Each awarded player's masterpoints (both players of a pair get the pair's)."""
        return {
            player: row.masterpoints
            for row in self.rows
            if row.masterpoints
            for player in row.players
        }


def _pair(state: EventState, number: int) -> Pair:
    pair = state.pair(number)
    assert pair is not None, f"pair {number} has a tally but is not registered"
    return pair


def standings(state: EventState) -> Standings:
    """The standings of ``state`` over its closed rounds (provisional while it runs)."""
    settings = state.settings
    closed = sum(1 for r in state.rounds if not r.is_open)
    boards = closed * settings.boards_per_round
    required = settings.required_boards(boards)
    t = tallies(state)

    def key(number: int) -> tuple[float, int, int]:
        return (-t[number].total, -t[number].boards_completed, number)

    ordered = sorted(t, key=key)
    ranked = [n for n in ordered if boards > 0 and t[n].boards_completed >= required]
    others = [n for n in ordered if n not in ranked]
    finished = state.status is Status.FINISHED
    # Robot pairs rank where they finish but win nothing and take no one's place in the
    # awards: masterpoints go by place among the people's ranked pairs.
    people = [n for n in ranked if not _pair(state, n).robots]
    rows = []
    for place, number in enumerate([*ranked, *others], 1):
        tally = t[number]
        pair = _pair(state, number)
        rank = place if number in ranked else None
        points = (
            masterpoints_for(people.index(number) + 1, len(people))
            if finished and number in people
            else 0
        )
        rows.append(
            Standing(
                rank=rank,
                pair=number,
                players=pair.players,
                total=tally.total,
                boards_completed=tally.boards_completed,
                boards_played=tally.boards_played,
                bye_boards=tally.bye_boards,
                withdrawn_after=pair.withdrawn_after,
                masterpoints=points,
            )
        )
    return Standings(
        event=settings.name,
        scoring=settings.scoring,
        status=state.status,
        rounds=closed,
        boards=boards,
        required=required,
        rows=tuple(rows),
    )
