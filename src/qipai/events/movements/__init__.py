"""Pair movements (移位): who sits where, against whom, with which boards, in each round.

A :class:`Movement` is a list of sittings (round, table, NS pair, EW pair, boards). Two kinds:

* **Mitchell** (双冠军, two winners): NS pairs stay, EW pairs move up a table and the boards
  down a table each round; with an even number of tables the EW pairs skip a table after half
  the rounds (E. T. Baker's skip Mitchell), so no one plays a board twice, and the last round,
  which would bring each EW pair back to the pair it started against, is not played. An odd
  field leaves a phantom pair (the director's choice: a sit-out or a robot pair). Named rounds
  may be arrow-switched (EW pairs sit NS), so that pairs are ranked as one field.
  :func:`mitchell` makes one for any number of tables.
* **Howell** (单冠军, one winner): every pair meets every other (or, in a 3/4 Howell, most of
  them), from the movement tables shipped here (thebridsk/bridgescorer's, MIT licence; see
  ``NOTICE``): :func:`howell_movements`, :func:`howell_for`.

>>> m = mitchell(4, boards_per_round=3)
>>> m.rounds, m.tables, len(m.boards), m.two_winners
(3, 4, 12, True)
>>> [(s.ns, s.ew, s.boards) for s in m.round_sittings(1)][:2]
[(1, 5, (1, 2, 3)), (2, 6, (4, 5, 6))]
>>> howell_for(7).name, howell_for(7).rounds
('Howell07T3B21', 7)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any

import yaml

from ...bridge.errors import ParseError
from ..errors import MovementError

__all__ = [
    "Movement",
    "MovementError",
    "MovementFileError",
    "Sitting",
    "howell_for",
    "howell_movements",
    "mitchell",
    "parse_movement",
]


class MovementFileError(ParseError):
    """A movement file (or a schedule) that is not sound: it names the file, hand or round."""


@dataclass(frozen=True, order=True)
class Sitting:
    """Pairs ``ns`` and ``ew`` at ``table`` in ``round``, playing ``boards`` there."""

    round: int
    table: int
    ns: int
    ew: int
    boards: tuple[int, ...]

    @property
    def pairs(self) -> tuple[int, int]:
        return (self.ns, self.ew)


@dataclass(frozen=True)
class Movement:
    """A whole movement for ``pairs`` pairs. ``phantom`` is the pair number that stands for
    no one in an odd field (its opponents sit out, or meet a robot pair)."""

    name: str
    pairs: int
    sittings: tuple[Sitting, ...]
    description: str = ""
    phantom: int | None = None

    @property
    def rounds(self) -> int:
        return max(s.round for s in self.sittings)

    @property
    def tables(self) -> int:
        return len({s.table for s in self.sittings})

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(sorted({b for s in self.sittings for b in s.boards}))

    @property
    def two_winners(self) -> bool:
        """Whether every pair always sits the same way (NS and EW are ranked apart)."""
        ns = {s.ns for s in self.sittings}
        return not ns & {s.ew for s in self.sittings}

    def round_sittings(self, round_number: int) -> tuple[Sitting, ...]:
        return tuple(sorted(s for s in self.sittings if s.round == round_number))

    def sitting_out(self, round_number: int) -> tuple[int, ...]:
        """The pairs (from 1 to ``pairs``) not seated in a round, or facing the phantom."""
        here = self.round_sittings(round_number)
        seated = {p for s in here for p in s.pairs if p != self.phantom}
        facing_phantom = {p for s in here if self.phantom in s.pairs for p in s.pairs}
        everyone = set(range(1, self.pairs + 1)) - {self.phantom}
        return tuple(sorted((everyone - seated) | (facing_phantom - {self.phantom})))

    def meetings(self) -> Counter[frozenset[int]]:
        """How often each two pairs meet (the phantom left out)."""
        return Counter(frozenset(s.pairs) for s in self.sittings if self.phantom not in s.pairs)

    def curtailed(self, rounds: int) -> Movement:
        """The first ``rounds`` rounds only."""
        if not 1 <= rounds <= self.rounds:
            raise MovementError(f"{self.name} has 1 to {self.rounds} rounds, not {rounds}")
        kept = tuple(s for s in self.sittings if s.round <= rounds)
        return replace(self, sittings=kept)

    def check(self) -> Movement:
        """The movement itself, once its schedule is sound: no pair seated twice in a round,
        no table used twice in a round, no pair playing a board twice, every pair numbered
        from 1 to ``pairs``; MovementFileError saying where otherwise."""
        for r in range(1, self.rounds + 1):
            here = self.round_sittings(r)
            tables = Counter(s.table for s in here)
            pairs = Counter(p for s in here for p in s.pairs)
            for t, n in tables.items():
                if n > 1:
                    raise MovementFileError(f"{self.name}, round {r}: table {t} is used {n} times")
            for p, n in pairs.items():
                if n > 1:
                    raise MovementFileError(f"{self.name}, round {r}: pair {p} is seated {n} times")
        played: set[tuple[int, int]] = set()
        for s in sorted(self.sittings):
            if s.ns == s.ew:
                raise MovementFileError(f"{self.name}, round {s.round}: pair {s.ns} plays itself")
            for p in s.pairs:
                if not 1 <= p <= self.pairs:
                    raise MovementFileError(
                        f"{self.name}, round {s.round}: pair {p} is not among 1-{self.pairs}"
                    )
                for b in s.boards:
                    if p != self.phantom and (p, b) in played:
                        raise MovementFileError(
                            f"{self.name}, round {s.round}: pair {p} plays board {b} again"
                        )
                    played.add((p, b))
        return self


def _whole(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise MovementFileError(f"{where} must be a whole number from 1, not {value!r}")
    return value


def parse_movement(text: str, source: str = "<movement>") -> Movement:
    """A movement from its YAML form (bridgescorer's: ``name``, ``numberTeams``, ``hands``,
    each hand ``table``, ``round``, ``ns``, ``ew``, ``boards``), checked; MovementFileError
    naming the file and hand otherwise."""
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise MovementFileError(f"{source}: not YAML: {e}") from None
    if not isinstance(doc, Mapping) or not isinstance(doc.get("hands"), list):
        raise MovementFileError(f"{source}: a movement needs 'hands', a list of sittings")
    sittings = []
    for i, hand in enumerate(doc["hands"], 1):
        where = f"{source}, hand {i}"
        if not isinstance(hand, Mapping):
            raise MovementFileError(f"{where}: a sitting is table, round, ns, ew and boards")
        boards = hand.get("boards")
        if not isinstance(boards, list) or not boards:
            raise MovementFileError(f"{where}: 'boards' must list the boards played")
        sittings.append(
            Sitting(
                round=_whole(hand.get("round"), f"{where}: 'round'"),
                table=_whole(hand.get("table"), f"{where}: 'table'"),
                ns=_whole(hand.get("ns"), f"{where}: 'ns'"),
                ew=_whole(hand.get("ew"), f"{where}: 'ew'"),
                boards=tuple(_whole(b, f"{where}: a board") for b in boards),
            )
        )
    name = str(doc.get("name") or source)
    pairs = _whole(doc.get("numberTeams"), f"{source}: 'numberTeams'")
    description = str(doc.get("description") or "")
    return Movement(name, pairs, tuple(sorted(sittings)), description).check()


@cache
def _shipped() -> tuple[tuple[Movement, bool], ...]:
    """Every movement file shipped here, with whether it is marked disabled."""
    out = []
    for entry in sorted(resources.files(__name__).iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".yaml"):
            text = entry.read_text(encoding="utf-8")
            doc: Any = yaml.safe_load(text)
            out.append((parse_movement(text, entry.name), bool(doc.get("disabled"))))
    return tuple(out)


def howell_movements() -> tuple[Movement, ...]:
    """The one-winner movements shipped (Howells, by number of pairs then boards)."""
    found = [m for m, disabled in _shipped() if not disabled and not m.two_winners]
    return tuple(sorted(found, key=lambda m: (m.pairs, len(m.boards), m.name)))


def howell_for(pairs: int, name: str | None = None) -> Movement:
    """The Howell for a field of ``pairs`` (the one with the fewest boards, or ``name``);
    MovementError naming the fields the movements serve otherwise."""
    found = [m for m in howell_movements() if m.pairs == pairs and name in (None, m.name)]
    if found:
        return found[0]
    if name is not None:
        names = ", ".join(m.name for m in howell_movements() if m.pairs == pairs) or "none"
        raise MovementError(f"no Howell named {name!r} for {pairs} pairs (there: {names})")
    sizes = ", ".join(str(n) for n in sorted({m.pairs for m in howell_movements()}))
    raise MovementError(f"no Howell movement for {pairs} pairs: the movements serve {sizes}")


def mitchell(
    tables: int,
    *,
    boards_per_round: int,
    rounds: int | None = None,
    arrow_switch: Iterable[int] = (),
    phantom: bool = False,
) -> Movement:
    """A Mitchell for ``tables`` tables: NS pair t stays at table t, EW pair ``tables + t``
    starts there and moves up one table a round (skipping one after half the rounds when the
    tables are even), board set s (``boards_per_round`` boards) starts at table s and moves
    down one. ``rounds`` defaults to every round that meets a new pair with new boards
    (``tables``, or ``tables - 1`` for an even number: the next would be the revenge round).
    In the ``arrow_switch`` rounds the pairs swap seats (EW sit NS). ``phantom``: the last EW
    pair stands for no one (an odd field)."""
    if tables < 1 or boards_per_round < 1:
        raise MovementError("a Mitchell needs at least one table and one board a round")
    most = tables if tables % 2 else max(1, tables - 1)
    rounds = most if rounds is None else rounds
    if not 1 <= rounds <= most:
        raise MovementError(f"a Mitchell of {tables} tables plays 1 to {most} rounds, not {rounds}")
    switched = set(arrow_switch)
    if not switched <= set(range(1, rounds + 1)):
        raise MovementError(f"arrow-switch rounds must be among 1-{rounds}")
    skip_after = tables // 2 if tables % 2 == 0 else None
    sittings = []
    for r in range(rounds):
        for e in range(tables):  # EW pair tables + e + 1
            moved = r + (1 if skip_after is not None and r >= skip_after else 0)
            t = (e + moved) % tables  # its table this round, 0-based
            board_set = (t + r) % tables  # sets move down a table a round
            first = board_set * boards_per_round + 1
            ns, ew = t + 1, tables + e + 1
            if r + 1 in switched:
                ns, ew = ew, ns
            sittings.append(
                Sitting(r + 1, t + 1, ns, ew, tuple(range(first, first + boards_per_round)))
            )
    kind = "arrow-switch Mitchell" if switched else "Mitchell"
    return Movement(
        name=f"Mitchell{tables:02d}T{boards_per_round}B",
        pairs=2 * tables,
        sittings=tuple(sorted(sittings)),
        description=f"{kind}, {tables} tables, {rounds} rounds of {boards_per_round} boards",
        phantom=2 * tables if phantom else None,
    ).check()
