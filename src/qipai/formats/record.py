"""One board's result as a file records it: the deal, the auction, the play, the result, the tags.

A ``Record`` is what every format reads into and writes from. It may be partial (a hidden hand,
no auction, play only up to a claim) but never inconsistent: the contract agrees with a finished
auction, every card played is one its player held, and the result fits the tricks played.

>>> from qipai.bridge import Deal, Seat, Vulnerability, parse_call, Auction
>>> auction = Auction.from_calls(Seat.NORTH, map(parse_call, "1NT P 3NT P P P".split()))
>>> r = Record(1, Seat.NORTH, Vulnerability.NONE, Deal.from_seed(1), auction, result=9)
>>> str(r.contract), r.declarer, r.score_ns
('3NT', Seat.NORTH, 400)
>>> r.to_state().score_ns
400
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..bridge.auction import Auction
from ..bridge.board import Vulnerability
from ..bridge.calls import Contract
from ..bridge.cards import Card, Seat
from ..bridge.deal import Deal
from ..bridge.errors import ParseError, RuleError
from ..bridge.game import BoardState, MakeCall, Phase, PlayCard, agree_claim, apply, new_board
from ..bridge.play import Trick
from ..bridge.scoring import score_ns
from ._common import check_play, complete_deal, play_tricks, tricks_taken
from .errors import FormatError

# Tags the Record holds as values of its own, not in ``tags``.
STRUCTURED_TAGS = frozenset(
    {"Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result", "Auction", "Play"}
    | {"Note"}
)

# PBN's mandatory tags that stay tags, in export order; they come first in ``tags``.
LEADING_TAGS = ("Event", "Site", "Date", "West", "North", "East", "South", "Scoring")

# A Board tag that is not a number ("1-1" in BridgeComposer's lessons) is kept under this name
# (``number`` is then None) and written back as the Board tag.
LABEL_TAG = "BoardLabel"

PLAYER_TAGS = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}

_TAG_NAME = re.compile(r"[A-Za-z0-9_]+\Z")


@dataclass(frozen=True, slots=True)
class Record:
    """One board result found in a file.

    ``auction`` is None when no call is recorded (an auction not begun reads the same).
    ``result`` and ``claim`` count declarer's tricks in all (a claim of 9 means declarer ends
    with 9, as in LIN's ``mc``). ``tags`` holds every other tag as raw text, in PBN export order
    (Event, Site, Date, the players, Scoring) then as found; a table section's rows follow its
    header line in the value, separated by newlines. ``source``, ``line`` and ``repairs`` say
    where the record was read and what the reader put right; they take no part in comparisons.
    """

    number: int | None
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal
    auction: Auction | None = None
    contract: Contract | None = None
    declarer: Seat | None = None
    passed_out: bool = False
    result: int | None = None
    play: tuple[Card, ...] = ()
    claim: int | None = None
    tags: tuple[tuple[str, str], ...] = ()
    source: str | None = field(default=None, compare=False, repr=False)
    line: int | None = field(default=None, compare=False, repr=False)
    repairs: tuple[str, ...] = field(default=(), compare=False, repr=False)
    """What the reader had to put right to read this record, one message each (naming the file,
    line, board and tag), e.g. passes a file leaves out before the opening bid."""

    def __post_init__(self) -> None:
        try:
            self._check()
        except FormatError as e:
            raise e.at(source=self.source, line=self.line, board=self.number) from None
        except ParseError as e:
            raise FormatError(
                str(e), source=self.source, line=self.line, board=self.number
            ) from None

    # -- invariants --------------------------------------------------------------------------

    def _check(self) -> None:
        if self.number is not None and (isinstance(self.number, bool) or self.number < 1):
            raise FormatError(f"board numbers start at 1, not {self.number}", tag="Board")
        object.__setattr__(self, "tags", _ordered_tags(self.tags))
        object.__setattr__(self, "play", tuple(self.play))
        self._check_auction()
        if self.passed_out and (self.contract is not None or self.declarer is not None):
            raise FormatError("a passed-out board has no contract or declarer", tag="Contract")
        if self.passed_out and (self.result is not None or self.claim is not None or self.play):
            raise FormatError("a passed-out board has no result, play or claim", tag="Result")
        if self.contract is None and self.declarer is not None:
            raise FormatError("a declarer without a contract", tag="Declarer")
        for name, value in (("Result", self.result), ("claim", self.claim)):
            if value is not None and (isinstance(value, bool) or not 0 <= value <= 13):
                raise FormatError(f"declarer takes 0 to 13 tricks, not {value}", tag=name)
        if self.result is not None and self.contract is None:
            raise FormatError("a result without a contract", tag="Result")
        if self.claim is not None and self.contract is None:
            raise FormatError("a claim without a contract", tag="claim")
        if self.claim is not None and self.result is None:
            object.__setattr__(self, "result", self.claim)  # a claim settles the result
        if self.claim is not None and self.result is not None and self.claim != self.result:
            raise FormatError(
                f"the claim ({self.claim} tricks) and the result ({self.result}) differ",
                tag="Result",
            )
        self._check_play()

    def _check_auction(self) -> None:
        auction = self.auction
        if auction is not None and not auction.entries:
            auction = None  # no calls yet says no more than no auction: one form for both
            object.__setattr__(self, "auction", None)
        if auction is None:
            return
        if auction.dealer != self.dealer:
            raise FormatError(
                f"the auction starts with {auction.dealer.name.title()}, "
                f"but {self.dealer.name.title()} dealt",
                tag="Auction",
            )
        if not auction.is_complete:
            return
        if auction.is_passed_out:
            if self.contract is not None:
                raise FormatError(
                    f"the contract is {self.contract}, but the auction was passed out",
                    tag="Contract",
                )
            object.__setattr__(self, "passed_out", True)
            return
        if self.passed_out:
            raise FormatError(
                f"marked passed out, but the auction ends in {auction.contract}", tag="Contract"
            )
        if self.contract is None:
            object.__setattr__(self, "contract", auction.contract)
        elif self.contract != auction.contract:
            raise FormatError(
                f"the contract is {self.contract}, but the auction ends in {auction.contract}",
                tag="Contract",
            )
        if self.declarer is None:
            object.__setattr__(self, "declarer", auction.declarer)
        elif self.declarer != auction.declarer:
            assert auction.declarer is not None
            raise FormatError(
                f"the declarer is {self.declarer.name.title()}, but by the auction it is "
                f"{auction.declarer.name.title()}",
                tag="Declarer",
            )

    def _check_play(self) -> None:
        if not self.play:
            return
        if self.contract is None or self.declarer is None:
            raise FormatError("cards played without a known contract and declarer", tag="Play")
        if len(self.play) > 52:
            raise FormatError(f"{len(self.play)} cards played, more than 52", tag="Play")
        tricks = play_tricks(self.play, self.declarer, self.contract)
        try:
            check_play(self.deal, tricks)
        except ParseError as e:
            raise FormatError(str(e), tag="Play") from None
        won, done = tricks_taken(tricks, self.declarer.side)
        if done == 13 and self.result is None and self.claim is None:
            # one rule for every format: a finished play is its own result
            object.__setattr__(self, "result", won)
        for name, value in (("Result", self.result), ("claim", self.claim)):
            if value is None:
                continue
            if done == 13 and value != won and name == "Result":
                raise FormatError(
                    f"the result is {value} tricks, but declarer won {won} in the play",
                    tag=name,
                )
            if not won <= value <= won + 13 - done:
                raise FormatError(
                    f"declarer has won {won} of {done} tricks played, so cannot end with {value}",
                    tag=name,
                )

    # -- derived facts -----------------------------------------------------------------------

    @property
    def players(self) -> dict[Seat, str]:
        """The names in the North, East, South and West tags, for the seats that have one."""
        names = {}
        for seat, name in PLAYER_TAGS.items():
            value = self.tag(name)
            if value:
                names[seat] = value
        return names

    def tag(self, name: str) -> str | None:
        """The raw value of tag ``name`` (case does not matter), or None."""
        for key, value in self.tags:
            if key == name:
                return value
        lower = name.lower()
        for key, value in self.tags:
            if key.lower() == lower:
                return value
        return None

    @property
    def tricks(self) -> list[Trick]:
        """The tricks played, the last possibly in progress; none when the contract is unknown."""
        if self.contract is None or self.declarer is None:
            return []
        return play_tricks(self.play, self.declarer, self.contract)

    @property
    def score_ns(self) -> int | None:
        """North-South's score by Law 77; 0 when passed out; None when the record cannot tell."""
        if self.passed_out:
            return 0
        if self.contract is None or self.declarer is None or self.result is None:
            return None
        return score_ns(self.contract, self.declarer, self.result, self.vulnerability)

    # -- to and from the rules ---------------------------------------------------------------

    def to_state(self) -> BoardState:
        """Replay the board through ``qipai.bridge.apply``: every call, then every card, then the
        claim (or, for a record whose play stops short, its result) as an agreed claim.

        A record with a deal and nothing else gives a board ready for the first call. Raises
        FormatError, naming the board, when the record cannot be replayed (a hidden hand, no
        auction, a revoke in the play ...).
        """
        try:
            return self._replay()
        except FormatError as e:
            raise e.at(source=self.source, line=self.line, board=self.number) from None

    def _replay(self) -> BoardState:
        deal = complete_deal(self.deal)
        if not deal.is_complete:
            raise FormatError("the deal is not complete, so the board cannot be replayed")
        state = new_board(
            self.number or 0, deal, dealer=self.dealer, vulnerability=self.vulnerability
        )
        if self.auction is None:
            if self.contract is not None or self.passed_out:
                raise FormatError("no auction is recorded, so the board cannot be replayed")
            return state
        for i, entry in enumerate(self.auction.entries, 1):
            action = MakeCall(entry.call, entry.seat, entry.alert, entry.explanation)
            state = _step(state, action, f"call {i} ({entry.call})", "Auction")
        for i, card in enumerate(self.play, 1):
            state = _step(state, PlayCard(card), f"card {i} ({card})", "Play")
        settled = self.claim if self.claim is not None else self.result
        if settled is not None and state.phase is Phase.PLAY:
            assert state.declarer is not None
            won = state.tricks_won(state.declarer.side)
            state = agree_claim(state, settled - won)
        if self.result is not None and state.declarer_tricks not in (None, self.result):
            raise FormatError(
                f"the replay gives declarer {state.declarer_tricks} tricks, "
                f"not the recorded {self.result}",
                tag="Result",
            )
        return state

    @classmethod
    def from_state(cls, state: BoardState, *, tags: Iterable[tuple[str, str]] = ()) -> Record:
        """The record of a board played (or being played) under the rules; a claim still
        awaiting the defenders' answer is not part of it."""
        declarer = state.declarer
        claim = None
        if state.claimed_tricks is not None and declarer is not None:
            claim = state.tricks_won(declarer.side) + state.claimed_tricks
        return cls(
            number=state.number or None,
            dealer=state.dealer,
            vulnerability=state.vulnerability,
            deal=state.deal,
            auction=state.auction,
            result=state.declarer_tricks,
            play=state.played,
            claim=claim,
            tags=tuple(tags),
        )


def _step(state: BoardState, action: MakeCall | PlayCard, what: str, tag: str) -> BoardState:
    try:
        return apply(state, action)
    except RuleError as e:
        raise FormatError(f"{what}: {e}", tag=tag) from None


def _ordered_tags(tags: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """Check tag names and put PBN's leading tags first, in export order."""
    seen: set[str] = set()
    pairs: list[tuple[str, str]] = []
    for pair in tags:
        name, value = pair
        if not isinstance(name, str) or not _TAG_NAME.match(name):
            raise FormatError(f"bad tag name {name!r}: use letters, digits and _")
        if not isinstance(value, str):
            raise FormatError(f"tag {name} has a value that is not text: {value!r}", tag=name)
        if name in STRUCTURED_TAGS:
            raise FormatError(f"{name} is a field of the record, not a free tag", tag=name)
        if name in seen:
            raise FormatError(f"tag {name} appears twice", tag=name)
        seen.add(name)
        pairs.append((name, value))
    rank = {name: i for i, name in enumerate(LEADING_TAGS)}
    return tuple(sorted(pairs, key=lambda p: rank.get(p[0], len(rank))))
