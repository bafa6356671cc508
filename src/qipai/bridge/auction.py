"""The auction (Laws 17-22, 27, 36, 39): who may call what, and the final contract.

>>> from qipai.bridge import parse_call
>>> a = Auction(Seat.NORTH)
>>> for c in "1S P 2S P 4S P P P".split():
...     a = a.add(parse_call(c))
>>> a.is_complete, str(a.contract), a.declarer
(True, '4S', Seat.NORTH)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Bid, Call, Contract, Doubling
from .cards import SEATS, Seat
from .errors import AuctionOver, CallOutOfTurn, InadmissibleDouble, InsufficientBid


@dataclass(frozen=True, slots=True)
class Entry:
    """A call as made at the table, with its alert and the explanation given for it."""

    call: Call
    seat: Seat
    alert: bool = False
    explanation: str = ""

    def __str__(self) -> str:
        return f"{self.call}{'!' if self.alert else ''}"


@dataclass(frozen=True, slots=True)
class Auction:
    """An auction in progress or finished. ``add`` returns a new auction."""

    dealer: Seat
    entries: tuple[Entry, ...] = field(default=())

    @classmethod
    def from_calls(cls, dealer: Seat, calls: Iterable[Call]) -> Auction:
        auction = cls(dealer)
        for call in calls:
            auction = auction.add(call)
        return auction

    @property
    def calls(self) -> tuple[Call, ...]:
        return tuple(e.call for e in self.entries)

    @property
    def turn(self) -> Seat | None:
        """The seat to call next, or None when the auction is over."""
        if self.is_complete:
            return None
        return SEATS[(self.dealer + len(self.entries)) % 4]

    @property
    def is_complete(self) -> bool:
        """Over after four passes, or three passes following any other call (Law 22).

        Both come to the same test: at least four calls, the last three passes (four opening
        passes end the auction, so three passes can only follow a call or a pass-out)."""
        entries = self.entries
        return (
            len(entries) >= 4
            and entries[-1].call == PASS
            and entries[-2].call == PASS
            and entries[-3].call == PASS
        )

    @property
    def is_passed_out(self) -> bool:
        return self.is_complete and all(e.call == PASS for e in self.entries)

    def _last_bid_index(self) -> int | None:
        for i in range(len(self.entries) - 1, -1, -1):
            if self.entries[i].call.is_bid:
                return i
        return None

    @property
    def last_bid(self) -> Bid | None:
        i = self._last_bid_index()
        if i is None:
            return None
        bid = self.entries[i].call
        assert isinstance(bid, Bid)
        return bid

    @property
    def doubling(self) -> Doubling:
        """The doubling now standing on the last bid."""
        i = self._last_bid_index()
        if i is None:
            return Doubling.NONE
        state = Doubling.NONE
        for e in self.entries[i + 1 :]:
            if e.call == DOUBLE:
                state = Doubling.DOUBLED
            elif e.call == REDOUBLE:
                state = Doubling.REDOUBLED
        return state

    def legal_calls(self) -> list[Call]:
        """Every call the player in turn may make, pass first then bids low to high."""
        if self.is_complete:
            return []
        turn = self.turn
        assert turn is not None
        calls: list[Call] = [PASS]
        i = self._last_bid_index()
        if i is not None:
            bidder = self.entries[i].seat
            opponents_bid = bidder.side != turn.side
            doubling = self.doubling
            if doubling is Doubling.NONE and opponents_bid:
                calls.append(DOUBLE)
            if doubling is Doubling.DOUBLED and not opponents_bid:
                calls.append(REDOUBLE)
        last = self.last_bid
        calls.extend(ALL_BIDS if last is None else ALL_BIDS[last.rank + 1 :])  # ranked in order
        return calls

    def check(self, call: Call, seat: Seat | None = None) -> None:
        """Raise the Law's error if ``call`` (by ``seat``, when given) is not allowed now."""
        if self.is_complete:
            raise AuctionOver(f"the auction is over; {call} cannot be made")
        turn = self.turn
        assert turn is not None
        if seat is not None and seat != turn:
            raise CallOutOfTurn(
                f"it is {turn.name.title()}'s turn to call, not {seat.name.title()}'s"
            )
        if isinstance(call, Bid):
            last = self.last_bid
            if last is not None and not last < call:
                raise InsufficientBid(f"{call} is not higher than {last}")
            return
        if call == PASS:
            return
        i = self._last_bid_index()
        doubling = self.doubling
        if call == DOUBLE:
            if i is None:
                raise InadmissibleDouble("there is no bid to double")
            if self.entries[i].seat.side == turn.side:
                raise InadmissibleDouble("only an opponent's bid may be doubled")
            if doubling is not Doubling.NONE:
                raise InadmissibleDouble(f"{self.last_bid} is already doubled")
        if call == REDOUBLE:
            if doubling is not Doubling.DOUBLED:
                raise InadmissibleDouble("only a double may be redoubled")
            assert i is not None
            if self.entries[i].seat.side != turn.side:
                raise InadmissibleDouble("only your own side's doubled bid may be redoubled")

    def add(
        self, call: Call, *, seat: Seat | None = None, alert: bool = False, explanation: str = ""
    ) -> Auction:
        """The auction after ``call``; raises (leaving this auction as it is) if illegal."""
        self.check(call, seat)
        turn = self.turn
        assert turn is not None
        entry = Entry(call, turn, alert, explanation)
        return Auction(self.dealer, (*self.entries, entry))

    def annotate(self, index: int, *, alert: bool, explanation: str) -> Auction:
        """The same auction with call ``index``'s alert and explanation replaced."""
        e = self.entries[index]
        new = Entry(e.call, e.seat, alert, explanation)
        return Auction(self.dealer, (*self.entries[:index], new, *self.entries[index + 1 :]))

    @property
    def contract(self) -> Contract | None:
        """The final contract, or None while bidding goes on or when passed out."""
        if not self.is_complete or self.is_passed_out:
            return None
        last = self.last_bid
        assert last is not None
        return Contract(last.level, last.strain, self.doubling)

    @property
    def declarer(self) -> Seat | None:
        """The first of the declaring side to name the final strain (Definitions: Declarer)."""
        i = self._last_bid_index()
        if not self.is_complete or i is None:
            return None
        final = self.entries[i]
        assert isinstance(final.call, Bid)
        side = final.seat.side
        for e in self.entries:
            if (
                isinstance(e.call, Bid)
                and e.call.strain == final.call.strain
                and e.seat.side == side
            ):
                return e.seat
        raise AssertionError("unreachable: the final bidder named the strain")

    def __str__(self) -> str:
        return " ".join(str(e) for e in self.entries)
