"""Par: the result when both sides bid perfectly, double dummy, knowing who dealt.

``par(table_or_deal, dealer, vulnerability)`` asks DDS for its dealer-aware par (the dealer's side
gets the first chance to bid a contract) and turns the answer into our values, checking it against
our own scoring (Law 77) and the DD table as it goes.

A par contract's text form is the contract, the declarer's letter, then the tricks over or under
when there are any: ``4HN``, ``1NTS+1``, ``5DXE-2`` (par sacrifices are always doubled).

>>> from qipai.bridge import Deal, Seat, Vulnerability
>>> from qipai.analysis.dds import DDTable
>>> p = par(DDTable.parse("77667775576677566775"), Seat.SOUTH, Vulnerability.NONE)
>>> p.score, [str(c) for c in p.contracts]
(90, ['1NTS', '1NTN'])
>>> str(p), p.par_contract()
('NS +90: 1NTS 1NTN', 'NS 1NT')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..bridge.board import Vulnerability
from ..bridge.calls import Contract, Doubling
from ..bridge.cards import Seat
from ..bridge.deal import Deal
from ..bridge.errors import ParseError
from ..bridge.scoring import score_ns
from .dds import DDSError, DDTable, dd_table, dealer_par

__all__ = ["Par", "ParContract", "par"]


@dataclass(frozen=True, slots=True)
class ParContract:
    """A par contract: the contract, its declarer, and the tricks over (+) or under (-) it."""

    contract: Contract
    declarer: Seat
    result: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.tricks <= 13:
            raise ValueError(f"{self.contract} with result {self.result:+d} is not 0-13 tricks")

    @property
    def tricks(self) -> int:
        """The tricks declarer takes."""
        return self.contract.tricks_needed + self.result

    def score_ns(self, vulnerability: Vulnerability) -> int:
        """North-South's score for this result (Law 77)."""
        return score_ns(self.contract, self.declarer, self.tricks, vulnerability)

    @classmethod
    def parse(cls, text: str) -> ParContract:
        """Read ``4HN``, ``3NTS+1``, ``5DXE-2``.

        >>> ParContract.parse("5dxe-2")
        ParContract.parse('5DXE-2')
        """
        t = text.strip().upper()
        result = 0
        for sign in "+-":
            if sign in t:
                t, _, num = t.partition(sign)
                if not num.isdigit():
                    raise ParseError(f"bad par contract {text!r}: {sign}{num} is not a count")
                result = int(num) if sign == "+" else -int(num)
        if len(t) < 3:
            raise ParseError(f"bad par contract {text!r}: write it like 4HN, 3NTS+1, 5DXE-2")
        try:
            return cls(Contract.parse(t[:-1]), Seat.parse(t[-1]), result)
        except ValueError as e:  # ParseError is a ValueError too
            raise ParseError(f"bad par contract {text!r}: {e}") from None

    def __str__(self) -> str:
        tail = f"{self.result:+d}" if self.result else ""
        return f"{self.contract}{self.declarer.letter}{tail}"

    def __repr__(self) -> str:
        return f"ParContract.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Par:
    """The par score (North-South's view) and every contract that reaches it.

    ``contracts`` is in a fixed order whose first entry is the :attr:`canonical` choice: the
    cheapest contract in bidding order (the one an auction reaches first, so 3NT before 5C, 4H
    before 4S), and for the same contract the declarer nearer the dealer, clockwise (the one who
    would have the first chance to bid it). Empty when par is a pass-out (score 0).
    """

    score: int
    contracts: tuple[ParContract, ...]
    dealer: Seat
    vulnerability: Vulnerability

    @property
    def canonical(self) -> ParContract | None:
        """The one par contract to show when only one is shown; None for a pass-out."""
        return self.contracts[0] if self.contracts else None

    @property
    def is_passed_out(self) -> bool:
        return not self.contracts

    def optimum_score(self) -> str:
        """PBN ``OptimumScore``: ``NS +420``, ``NS -110``, ``NS 0``."""
        return f"NS {self.score:+d}" if self.score else "NS 0"

    def par_contract(self) -> str:
        """PBN ``ParContract``: each contract once with its side, or the seat when only one seat
        of the side makes it, in canonical order: ``NS 4H``, ``EW 5DX-2``, ``N 3NT, NS 5C``,
        ``Pass``."""
        if not self.contracts:
            return "Pass"
        parts: list[str] = []
        seen: set[tuple[Contract, int]] = set()
        for c in self.contracts:
            key = (c.contract, c.result)
            if key in seen:
                continue
            seen.add(key)
            side = c.declarer.side
            seats = {d.declarer for d in self.contracts if (d.contract, d.result) == key}
            who = side.value if seats == set(side.seats) else c.declarer.letter
            tail = f"{c.result:+d}" if c.result else ""
            parts.append(f"{who} {c.contract}{tail}")
        return ", ".join(parts)

    def to_dict(self) -> dict[str, object]:
        """``{"score": 420, "contracts": ["4HN", "4HS"]}``"""
        return {"score": self.score, "contracts": [str(c) for c in self.contracts]}

    def __str__(self) -> str:
        contracts = " ".join(str(c) for c in self.contracts) or "Pass"
        return f"{self.optimum_score()}: {contracts}"


def _order_key(dealer: Seat) -> Callable[[ParContract], tuple[int, int]]:
    def key(c: ParContract) -> tuple[int, int]:
        return (c.contract.bid.rank, (c.declarer - dealer) % 4)

    return key


def par(
    table_or_deal: DDTable | Deal,
    dealer: Seat,
    vulnerability: Vulnerability,
    *,
    board: object = None,
) -> Par:
    """Dealer-aware par (DDS DealerPar) of a deal, or of its DD table when already known.

    Every contract DDS names is checked: its tricks must be the DD table's, and its score by our
    Law 77 scoring must be the par score. A mismatch raises DDSError naming ``board``.
    """
    table = table_or_deal if isinstance(table_or_deal, DDTable) else dd_table(table_or_deal)
    score, raw = dealer_par(table, dealer, vulnerability, board=board)
    contracts: list[ParContract] = []
    for line in raw:
        doubling = Doubling.DOUBLED if line.undertricks else Doubling.NONE
        contract = Contract(line.level, line.strain, doubling)
        result = line.overtricks - line.undertricks
        for seat in line.declarers:
            pc = ParContract(contract, seat, result)
            dd = table.tricks(seat, line.strain)
            if pc.tricks != dd:
                raise DDSError(
                    f"par contract {pc} takes {pc.tricks} tricks but the DD table says {dd}",
                    board,
                )
            if pc.score_ns(vulnerability) != score:
                raise DDSError(
                    f"par contract {pc} scores {pc.score_ns(vulnerability)} for NS, "
                    f"not the par score {score}",
                    board,
                )
            contracts.append(pc)
    if not contracts and score != 0:
        raise DDSError(f"DDS gave par score {score} without a contract", board)
    contracts.sort(key=_order_key(dealer))
    return Par(score, tuple(contracts), dealer, vulnerability)
