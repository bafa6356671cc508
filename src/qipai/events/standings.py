"""The result of an event: every pair's total, the ranking of those that completed enough
boards, and the masterpoints.

A pair is ranked when it completed (played, or scored as a bye) at least the completion
threshold's share of the boards of the rounds closed so far (all the event's boards once it is
finished). Ranked pairs come first, by total, then more boards completed, then the earlier
registration, so no two share a place in a Swiss event; then the pairs below the threshold,
withdrawn pairs among them, in the same order with no rank. A two-winner movement ranks its NS
and EW pairs apart (each row says its direction), and a movement's pairs level on total share
a place. Masterpoints go to the ranked pairs of a finished event only (a cancelled event awards
none), by their place among the ranked pairs of people of their field (pairs sharing a place
share its award): a robot pair the director entered ranks but wins none and takes no one's.
"""

from __future__ import annotations

from dataclasses import dataclass

from .formats import format_of
from .masterpoints import masterpoints_for
from .scoring import Tally, tallies
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
    direction: str | None = None
    """``NS`` or ``EW`` in a two-winner event (each ranked apart), else None."""

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


def standings(state: EventState) -> Standings:
    """The standings of ``state`` over its closed rounds (provisional while it runs)."""
    settings = state.settings
    fmt = format_of(settings)
    closed = sum(1 for r in state.rounds if not r.is_open)
    boards = closed * settings.boards_per_round
    required = settings.required_boards(boards)
    t = tallies(state, scores_byes=fmt.scores_byes)
    finished = state.status is Status.FINISHED
    registered = {p.number: p for p in state.pairs}
    rows: list[Standing] = []
    for direction, members in fmt.fields(state):
        rows.extend(
            _field_rows(
                registered, t, members, direction, boards, required, fmt.shares_ties, finished
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


def _field_rows(
    registered: dict[int, Pair],
    t: dict[int, Tally],
    members: tuple[int, ...],
    direction: str | None,
    boards: int,
    required: int,
    shares_ties: bool,
    finished: bool,
) -> list[Standing]:
    """The rows of one field (ranked apart from any other): ranked pairs by total (then, when
    the format breaks ties, more boards completed, then registration), then the others."""

    def key(number: int) -> tuple[float, int, int]:
        return (-t[number].total, -t[number].boards_completed, number)

    ordered = sorted((n for n in members if n in t), key=key)
    ranked = [n for n in ordered if boards > 0 and t[n].boards_completed >= required]
    others = [n for n in ordered if n not in ranked]
    rank: dict[int, int] = {}
    for place, number in enumerate(ranked, 1):
        previous = ranked[place - 2] if place > 1 else None
        if shares_ties and previous is not None and t[previous].total == t[number].total:
            rank[number] = rank[previous]
        else:
            rank[number] = place
    # Robot pairs rank where they finish but win nothing and take no one's place in the
    # awards: masterpoints go by place among the people's ranked pairs (pairs sharing a place
    # share its award).
    people = [n for n in ranked if not registered[n].robots]
    people_place: dict[int, int] = {}
    for i, number in enumerate(people, 1):
        before = people[i - 2] if i > 1 else None
        if shares_ties and before is not None and rank[before] == rank[number]:
            people_place[number] = people_place[before]
        else:
            people_place[number] = i
    rows = []
    for number in [*ranked, *others]:
        tally = t[number]
        pair = registered[number]
        points = (
            masterpoints_for(people_place[number], len(people))
            if finished and number in people_place
            else 0
        )
        rows.append(
            Standing(
                rank=rank.get(number),
                pair=number,
                players=pair.players,
                total=tally.total,
                boards_completed=tally.boards_completed,
                boards_played=tally.boards_played,
                bye_boards=tally.bye_boards,
                withdrawn_after=pair.withdrawn_after,
                masterpoints=points,
                direction=direction,
            )
        )
    return rows
