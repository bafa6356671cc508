"""Formats: what differs between one kind of event and another, behind one small protocol.

The engine (:mod:`~qipai.events.lifecycle`, :mod:`~qipai.events.scoring`,
:mod:`~qipai.events.standings`) is the same for every event: registration, the clock, results,
the director's rulings, scoring each board across all its results, standings and awards. A
:class:`EventFormat` supplies the rest:

* :meth:`~EventFormat.plan`, at the start, fixes what the field will play (a movement made or
  chosen for the number of pairs; nothing for a Swiss event, which pairs as it goes);
* :meth:`~EventFormat.seat` seats a round: its tables (pairs, and each table's boards) and the
  pairs sitting out;
* :meth:`~EventFormat.fields` says which pairs are ranked together (NS and EW apart in a
  two-winner Mitchell);
* :attr:`~EventFormat.shares_ties` (pairs level on total share a place) and
  :attr:`~EventFormat.scores_byes` (a pair sitting out scores the event's bye score, or
  nothing).

:func:`format_of` gives the format of an event's settings.

>>> from datetime import datetime, timedelta, timezone
>>> from qipai.events import EventSettings
>>> t = datetime(2025, 3, 1, 19, 0, tzinfo=timezone.utc)
>>> s = EventSettings("Pairs", t, rounds=6, boards_per_round=3,
...                   round_length=timedelta(minutes=21), format="howell")
>>> movement_for(s, 7).name, movement_for(s, 7).rounds
('Howell07T3B21', 7)
>>> try:
...     movement_for(s, 3)
... except MovementError as e:
...     print(str(e).replace(", 6, 7, 8, 9, 10, 11, 12", ", ..."))
no Howell movement for 3 pairs: the movements serve 4, 5, ..., 13, 14
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Protocol

from .errors import MovementError
from .movements import Movement, Sitting, howell_for, howell_movements, mitchell
from .scoring import tallies
from .settings import EventSettings, Format
from .state import PHANTOM, EventState, Note, Plan, Table
from .swiss import Pairing, first_round, swiss_pairing

__all__ = [
    "EventFormat",
    "MovementFormat",
    "Seating",
    "SwissFormat",
    "format_of",
    "movement_for",
    "pairing_order",
]

Seating = tuple[tuple[Table, ...], tuple[int, ...], tuple[str, ...]]
"""A seated round: its tables (numbered, each with its boards), the pairs sitting out, and
lines for the event's log."""


class EventFormat(Protocol):
    """What a format supplies to the engine (see the module's description)."""

    @property
    def shares_ties(self) -> bool: ...

    @property
    def scores_byes(self) -> bool: ...

    def plan(self, state: EventState, at: datetime) -> EventState:
        """``state`` as registration closes at ``at``, with what the field will play fixed;
        raises :class:`~qipai.events.errors.MovementError` when the field cannot play."""
        ...

    def seat(self, state: EventState, number: int) -> Seating:
        """Round ``number``'s tables and sit-outs."""
        ...

    def fields(self, state: EventState) -> tuple[tuple[str | None, tuple[int, ...]], ...]:
        """The groups of pairs ranked apart, each with its direction (None: one field)."""
        ...


def format_of(settings: EventSettings) -> EventFormat:
    """The format an event's settings name."""
    if settings.format is Format.SWISS:
        return SWISS
    return MOVEMENT


# -- Swiss ----------------------------------------------------------------------------------------


def pairing_order(state: EventState, round_number: int) -> list[int]:
    """The pairs seated in ``round_number``, best first: by total, then boards completed, then
    registration order (round 1: registration order)."""
    active = [p.number for p in state.pairs if p.plays_in(round_number)]
    if round_number == 1:
        return active
    t = tallies(state, scores_byes=True)
    return sorted(active, key=lambda n: (-t[n].total, -t[n].boards_completed, n))


class SwissFormat:
    """The automatic Swiss pairs event: round 1 by registration order, then Swiss pairing on
    the totals so far (:mod:`~qipai.events.swiss`); every table plays the round's boards; the
    odd pair meets the phantom (robots) or sits out and scores the bye score; ties are broken by
    boards completed, then registration order."""

    shares_ties = False
    scores_byes = True

    def plan(self, state: EventState, at: datetime) -> EventState:
        return state

    def seat(self, state: EventState, number: int) -> Seating:
        order = pairing_order(state, number)
        if number == 1:
            pairing = first_round(order)
        else:
            history: list[tuple[int, int]] = []
            for rnd in state.rounds:
                history.extend(t.pairs for t in rnd.tables)
                history.extend((pair, PHANTOM) for pair in rnd.byes)
            pairing = swiss_pairing(order, history)
        tables, byes = _swiss_tables(state, pairing)
        notes = (
            (f"round {number}: {pairing.rematches} rematch(es) unavoidable",)
            if pairing.rematches
            else ()
        )
        boards = state.boards_of(number)
        return tuple(replace(t, boards=boards) for t in tables), byes, notes

    def fields(self, state: EventState) -> tuple[tuple[str | None, tuple[int, ...]], ...]:
        return ((None, tuple(p.number for p in state.pairs)),)


def _swiss_tables(state: EventState, pairing: Pairing) -> tuple[tuple[Table, ...], tuple[int, ...]]:
    """Tables in pairing order (a robot table last) and the byes. Of two pairs, the one that
    has sat NS less often sits NS (the higher-placed one when level)."""
    balance: dict[int, int] = {}
    for rnd in state.rounds:
        for t in rnd.tables:
            balance[t.ns] = balance.get(t.ns, 0) + 1
            balance[t.ew] = balance.get(t.ew, 0) - 1
    tables: list[Table] = []
    robot: list[Table] = []
    byes: list[int] = []
    for a, b in pairing.tables:
        if b == PHANTOM:
            if not state.settings.robot_fill:
                byes.append(a)
            elif balance.get(a, 0) <= 0:
                robot.append(Table(0, a, PHANTOM))
            else:
                robot.append(Table(0, PHANTOM, a))
            continue
        ns, ew = (a, b) if balance.get(a, 0) <= balance.get(b, 0) else (b, a)
        tables.append(Table(0, ns, ew))
    numbered = tuple(replace(t, number=i) for i, t in enumerate([*tables, *robot], 1))
    return numbered, tuple(byes)


SWISS = SwissFormat()


# -- movements ------------------------------------------------------------------------------------


def movement_for(settings: EventSettings, pairs: int) -> Movement:
    """The movement a field of ``pairs`` plays under ``settings``, before it is fitted to the
    event's rounds. A Mitchell has ``ceil(pairs / 2)`` tables (the last EW pair a phantom in
    an odd field); a Howell is the one named, else the one for the field with
    ``boards_per_round`` boards a round, else the one with the fewest boards. A field no
    movement serves raises :class:`MovementError` naming the fields that are served."""
    if pairs < 2:
        raise MovementError(f"a movement needs at least 2 pairs, not {pairs}")
    if settings.format is Format.MITCHELL:
        tables = -(-pairs // 2)
        most = tables if tables % 2 else max(1, tables - 1)
        return mitchell(
            tables,
            boards_per_round=settings.boards_per_round,
            rounds=min(settings.rounds, most),
            arrow_switch=[r for r in settings.arrow_switch if r <= min(settings.rounds, most)],
            phantom=pairs % 2 == 1,
        )
    if settings.movement is not None:
        return howell_for(pairs, settings.movement)
    served = [m for m in howell_movements() if m.pairs == pairs]
    for m in served:
        if _per_round(m) == settings.boards_per_round:
            return m
    return howell_for(pairs)


def _per_round(m: Movement) -> int:
    return max(len(s.boards) for s in m.sittings)


class MovementFormat:
    """A pair game on a movement (Mitchell or Howell): the movement is made or chosen for the
    field at the start and its schedule stored in the state (:class:`~qipai.events.state.Plan`,
    in the event's pair numbers: the i-th registered pair takes the movement's pair i); each
    round seats the movement's sittings. A sitting against the phantom of an odd field, or
    against a pair that has withdrawn, seats robots as the phantom (``PHANTOM``) when
    ``robot_fill``, else the pair sits out (and scores nothing for the round). Pairs level on
    total share a place."""

    shares_ties = True
    scores_byes = False

    def plan(self, state: EventState, at: datetime) -> EventState:
        settings = state.settings
        movement = movement_for(settings, len(state.pairs))
        numbers = [p.number for p in state.pairs]
        phantom = movement.phantom

        def number(position: int) -> int:
            return PHANTOM if position == phantom else numbers[position - 1]

        rounds = min(settings.rounds, movement.rounds)
        if settings.format is Format.HOWELL and settings.movement is None:
            rounds = movement.rounds  # a Howell plays its whole movement
        sittings = tuple(
            Sitting(s.round, s.table, number(s.ns), number(s.ew), s.boards)
            for s in movement.sittings
            if s.round <= rounds
        )
        per_round = _per_round(movement)
        notes: list[Note] = []
        if (rounds, per_round) != (settings.rounds, settings.boards_per_round):
            notes.append(
                Note(
                    at,
                    f"{movement.name} for {len(numbers)} pairs: {rounds} rounds of "
                    f"{per_round} boards",
                )
            )
        plan = Plan(movement.name, sittings, movement.two_winners, movement.description)
        return replace(
            state,
            settings=replace(settings, rounds=rounds, boards_per_round=per_round),
            plan=plan,
            notes=(*state.notes, *notes),
        )

    def seat(self, state: EventState, number: int) -> Seating:
        plan = state.plan
        assert plan is not None, "a movement event is planned at its start"
        robots = state.settings.robot_fill
        tables: list[Table] = []
        byes: list[int] = []
        for s in sorted(plan.round_sittings(number)):
            ns, ew = s.ns, s.ew
            gone = [p for p in (ns, ew) if p != PHANTOM and not _plays(state, p, number)]
            if gone and robots:
                ns, ew = (PHANTOM if p in gone else p for p in (ns, ew))
            if (PHANTOM in (ns, ew) and not robots) or ns == ew == PHANTOM:
                byes.extend(p for p in (ns, ew) if p != PHANTOM and _plays(state, p, number))
                continue
            if gone and not robots:
                byes.extend(p for p in (ns, ew) if p not in gone)
                continue
            tables.append(Table(s.table, ns, ew, boards=s.boards))
        seated = {p for t in tables for p in t.pairs} | set(byes)
        byes.extend(p.number for p in state.pairs if p.plays_in(number) and p.number not in seated)
        return tuple(tables), tuple(sorted(set(byes))), ()

    def fields(self, state: EventState) -> tuple[tuple[str | None, tuple[int, ...]], ...]:
        numbers = tuple(p.number for p in state.pairs)
        plan = state.plan
        if plan is None or not plan.two_winners:
            return ((None, numbers),)
        ns = tuple(n for n in numbers if plan.direction(n) == "NS")
        return (("NS", ns), ("EW", tuple(n for n in numbers if n not in ns)))


def _plays(state: EventState, pair: int, round_number: int) -> bool:
    p = state.pair(pair)
    return p is not None and p.plays_in(round_number)


MOVEMENT = MovementFormat()
