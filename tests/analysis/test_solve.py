"""Solving positions in play: checked against a brute-force search on small endings, against the
DD table at the opening lead, and for consistency between SolveBoard and AnalysePlay."""

import importlib
import random

import pytest

from qipai.analysis.dds import DDSError, dd_table
from qipai.analysis.solve import HasState, dd_costs, dd_tricks_left, play_trace, solve
from qipai.bridge import (
    AuctionNotOver,
    Card,
    Deal,
    MakeCall,
    PlayCard,
    PlayOver,
    Seat,
    apply,
    legal_cards,
    new_board,
    parse_call,
)


def board(seed, auction="1NT P P P", number=1):
    s = new_board(number, Deal.from_seed(seed))
    for c in auction.split():
        s = apply(s, MakeCall(parse_call(c)))
    return s


def playout(state, cards, rng):
    for _ in range(cards):
        state = apply(state, PlayCard(rng.choice(legal_cards(state))))
    return state


def brute_force(state) -> dict[Card, int]:
    """Tricks the side to play takes with each legal card, by exhaustive minimax (small endings)."""
    trump = state.contract.strain.suit
    trick = state.current_trick
    hands = {seat: set(state.remaining(seat).cards) for seat in Seat}

    def winner(leader, cards):
        best = 0
        for i in range(1, 4):
            c, b = cards[i], cards[best]
            if (c.suit == b.suit and c.rank > b.rank) or (c.suit == trump and b.suit != trump):
                best = i
        return Seat((leader + best) % 4)

    def legal(seat, cards):
        hand = hands[seat]
        follow = [c for c in hand if cards and c.suit == cards[0].suit]
        return follow or list(hand)

    def value(leader, cards, me) -> int:
        """Tricks ``me``'s side takes from here, best play by all."""
        if len(cards) == 4:
            w = winner(leader, cards)
            won = 1 if w.side is me.side else 0
            if not hands[w]:
                return won
            return won + value(w, [], me)
        seat = Seat((leader + len(cards)) % 4)
        results = []
        for c in legal(seat, cards):
            hands[seat].remove(c)
            results.append(value(leader, [*cards, c], me))
            hands[seat].add(c)
        return max(results) if seat.side is me.side else min(results)

    me = state.turn
    out = {}
    for c in legal(me, list(trick.cards)):
        hands[me].remove(c)
        out[c] = value(trick.leader, [*trick.cards, c], me)
        hands[me].add(c)
    return out


@pytest.mark.parametrize("seed", range(6))
def test_small_endings_match_brute_force(seed):
    rng = random.Random(seed)
    auction = ["1NT P P P", "P 2H P P P", "P P 3S P P P", "4C P P P"][seed % 4]
    s = playout(board(seed, auction), 40 + seed % 4, rng)  # 3 cards each, maybe mid-trick
    for _ in range(min(4, 52 - len(s.played) - 1)):
        assert solve(s) == brute_force(s), f"after {len(s.played)} cards"
        s = playout(s, 1, rng)


def test_best_cards_come_first_and_every_legal_card_is_valued():
    s = playout(board(21), 36, random.Random(21))
    values = solve(s)
    assert set(values) == set(legal_cards(s))
    assert list(values.values()) == sorted(values.values(), reverse=True)
    assert all(0 <= v <= 13 - len(s.completed_tricks) for v in values.values())


def test_the_opening_lead_agrees_with_the_dd_table():
    s = board(3, "P 1S P 4S P P P")
    declarer = s.declarer
    t = dd_table(s.deal)
    assert max(solve(s).values()) == 13 - t.tricks(declarer, s.contract.strain)
    assert dd_tricks_left(s) == t.tricks(declarer, s.contract.strain)
    assert play_trace(s) == [t.tricks(declarer, s.contract.strain)]


def test_costs_agree_with_solving_each_position():
    rng = random.Random(5)
    s = playout(board(5, "1H P 2H P P P"), 30, rng)
    full = playout(s, 22, rng)  # to the end of the board
    costs = dd_costs(full)
    assert len(costs) == 52 and all(c >= 0 for c in costs)
    # For the late cards, cost = best value - value of the card played, by SolveBoard.
    for i in range(30, 48):
        before = playout_to(full, i)
        values = solve(before)
        assert costs[i] == max(values.values()) - values[full.played[i]], f"card {i + 1}"
    # What declarer lost and what the defenders gave back account for the whole change.
    trace = play_trace(full)
    declarer = full.declarer
    side_costs = [0, 0]
    seats = [seat for t in full.tricks for seat, _ in t.played_by()]
    for seat, c in zip(seats, costs, strict=True):
        side_costs[seat.side is declarer.side] += c
    assert trace[0] - trace[-1] == side_costs[1] - side_costs[0]
    assert trace[-1] == full.declarer_tricks


def playout_to(full, n):
    s = board(5, "1H P 2H P P P")
    for c in full.played[:n]:
        s = apply(s, PlayCard(c))
    return s


def test_records_that_give_a_state_are_accepted():
    s = playout(board(8), 44, random.Random(8))

    class Record:
        def to_state(self):
            return s

    assert isinstance(Record(), HasState)
    assert dd_costs(Record()) == dd_costs(s)
    assert len(play_trace(Record())) == 45


def test_only_a_board_in_play_can_be_solved():
    with pytest.raises(AuctionNotOver):
        solve(board(1, "1NT P"))
    with pytest.raises(AuctionNotOver):
        play_trace(board(1, "P P P P"))
    done = playout(board(2), 52, random.Random(2))
    with pytest.raises(PlayOver):
        solve(done)
    assert len(dd_costs(done)) == 52


def test_answers_that_fail_our_checks_raise(monkeypatch):
    s = playout(board(9), 44, random.Random(9))
    solve_module = importlib.import_module("qipai.analysis.solve")  # not the function
    legal = legal_cards(s)
    monkeypatch.setattr(solve_module, "solve_position", lambda *a, **k: [(legal[0], 1)])
    if len(legal) > 1:
        with pytest.raises(DDSError, match="board 1: DDS valued the cards"):
            solve(s)
    monkeypatch.setattr(solve_module, "solve_position", lambda *a, **k: [(c, 9) for c in legal])
    with pytest.raises(DDSError, match="impossible trick counts"):
        solve(s)
    # The last card "gains" its side a trick: best play cannot allow that.
    last = [seat for t in s.tricks for seat, _ in t.played_by()][-1]
    gain = 1 if last.side is s.declarer.side else -1
    monkeypatch.setattr(solve_module, "analyse_plays", lambda *a, **k: [[5] * 44 + [5 + gain]])
    with pytest.raises(DDSError, match=r"card 44 \(.*\) gained 1 trick"):
        dd_costs(s)
