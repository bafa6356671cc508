"""Double-dummy analysis of the play: what each card is worth now, and what each card cost.

``solve(state)`` values every legal card of the hand to play (the trick in progress included);
``dd_costs(state)`` says how many tricks each card of a played board gave away against the best
card at that point (0 for a card as good as any); ``play_trace(state)`` is declarer's DD tricks
before and after each card (what DDS calls AnalysePlay).

>>> from qipai.bridge import Deal, MakeCall, new_board, apply, parse_call
>>> s = new_board(1, Deal.from_seed(3))
>>> for c in "1NT P P P".split():
...     s = apply(s, MakeCall(parse_call(c)))
>>> values = solve(s)  # East's opening leads: tricks East-West take with each
>>> max(values.values()) + dd_tricks_left(s) == 13
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..bridge.cards import Card, Seat, Suit
from ..bridge.errors import AuctionNotOver, PlayOver
from ..bridge.game import BoardState, Phase, legal_cards
from ..bridge.play import tricks_of
from .dds import DDSError, PlayInput, analyse_plays, solve_position

__all__ = ["HasState", "dd_costs", "dd_tricks_left", "play_trace", "play_traces", "solve"]


@runtime_checkable
class HasState(Protocol):
    """A record of a board that can give its :class:`BoardState` (a file's record, a stored
    table's log)."""

    def to_state(self) -> BoardState: ...


def _state_of(item: BoardState | HasState) -> BoardState:
    if isinstance(item, BoardState):
        return item
    state = item.to_state()
    if not isinstance(state, BoardState):
        raise TypeError(f"{item!r} gave {state!r}, not a BoardState")
    return state


def _check_in_play(state: BoardState) -> None:
    if state.phase is Phase.AUCTION:
        raise AuctionNotOver("the auction is not over yet: there is no play to analyse")
    if state.phase is Phase.DONE:
        raise PlayOver("the board is over: there is no card left to play")


def solve(state: BoardState) -> dict[Card, int]:
    """For each card the hand in turn may play, the tricks its side takes double dummy from now
    on (of the tricks not yet complete, the one in progress included). Best cards first."""
    _check_in_play(state)
    contract, trick, turn = state.contract, state.current_trick, state.turn
    assert contract is not None and trick is not None and turn is not None
    hands = {seat: state.remaining(seat).cards for seat in Seat}
    answers = solve_position(hands, contract.strain, trick.leader, trick.cards, board=state.number)
    left = 13 - len(state.completed_tricks)
    values = dict(answers)
    legal = legal_cards(state)
    if len(values) != len(answers) or set(values) != set(legal):
        raise DDSError(
            f"DDS valued the cards {sorted(values)} but {turn.name.title()} may play"
            f" {sorted(legal)}",
            state.number,
        )
    bad = [f"{c}: {v}" for c, v in values.items() if not 0 <= v <= left]
    if bad:
        raise DDSError(f"DDS answered impossible trick counts ({', '.join(bad)})", state.number)
    return dict(sorted(values.items(), key=lambda cv: -cv[1]))


def dd_tricks_left(state: BoardState, seat: Seat | None = None) -> int:
    """The tricks ``seat``'s side (declarer's unless given) takes double dummy of those not yet
    complete (the trick in progress included), with best play from here by everyone."""
    values = solve(state)
    best = max(values.values())
    turn = state.turn
    side_of = seat if seat is not None else state.declarer
    assert turn is not None and side_of is not None
    if turn.side is side_of.side:
        return best
    return 13 - len(state.completed_tricks) - best


def play_trace(state_or_record: BoardState | HasState) -> list[int]:
    """Declarer's double-dummy tricks (of all 13, those already won included) before the opening
    lead and after each card played so far: ``len(played) + 1`` numbers."""
    return play_traces([state_or_record])[0]


def play_traces(states_or_records: Sequence[BoardState | HasState]) -> list[list[int]]:
    """:func:`play_trace` of many boards at once, on every core."""
    inputs: list[PlayInput] = []
    labels: list[object] = []
    for item in states_or_records:
        state = _state_of(item)
        contract, leader = state.contract, state.opening_leader
        if contract is None or leader is None:
            raise AuctionNotOver("there is no contract, so no play to analyse")
        inputs.append(PlayInput(state.deal, contract.strain, leader, state.played))
        labels.append(state.number)
    return analyse_plays(inputs, boards=labels)


def dd_costs(state_or_record: BoardState | HasState) -> list[int]:
    """The double-dummy cost of each card played so far, in order: the tricks it gave away
    against the best card its hand could have played there (0 for a best card)."""
    state = _state_of(state_or_record)
    trace = play_trace(state)
    declarer, leader, contract = state.declarer, state.opening_leader, state.contract
    assert declarer is not None and leader is not None and contract is not None
    costs: list[int] = []
    players = _players(state.played, leader, contract.strain.suit)
    for i, seat in enumerate(players):
        before, after = trace[i], trace[i + 1]
        cost = before - after if seat.side is declarer.side else after - before
        if cost < 0:
            raise DDSError(
                f"DDS says card {i + 1} ({state.played[i]}) gained {-cost} trick(s) double dummy,"
                " which best play cannot allow",
                state.number,
            )
        costs.append(cost)
    return costs


def _players(cards: tuple[Card, ...], leader: Seat, trump: Suit | None) -> list[Seat]:
    """The seat that played each card."""
    seats: list[Seat] = []
    for trick in tricks_of(cards, leader, trump):
        seats.extend(seat for seat, _ in trick.played_by())
    return seats
