"""Claims judged double dummy from hand-built end positions, valid and invalid."""

import pytest

from qipai.analysis.claims import claim_is_valid, max_claim
from qipai.bridge import (
    DECK,
    AuctionNotOver,
    Card,
    Deal,
    Hand,
    InvalidClaim,
    MakeCall,
    PlayCard,
    PlayOver,
    Seat,
    Strain,
    apply,
    new_board,
    parse_call,
)


def end_position(hands, *, strain, declarer, on_lead):
    """A board whose play has reached ``hands`` (seat letter -> PBN hand, k cards each) with
    ``on_lead`` to lead, ``strain`` the contract's strain and ``declarer`` declaring.

    The other cards were played first, four of one suit to a trick, each won by ``on_lead``.
    That keeps every card legal; it needs 13 - (cards of a suit in the ending) to be a multiple
    of 4 for every suit (1, 5 or 9 cards of each suit in the ending).
    """
    ending = {Seat.parse(k): Hand.parse(v) for k, v in hands.items()}
    k = {len(h) for h in ending.values()}
    assert len(k) == 1, "every hand holds the same number of cards"
    used = set().union(*(h.cards for h in ending.values()))
    spare = [c for c in DECK if c not in used]
    tricks = []
    for suit in {c.suit for c in DECK}:
        cards = sorted((c for c in spare if c.suit == suit), reverse=True)
        assert len(cards) % 4 == 0, f"{len(cards)} spare cards of {suit}: not whole tricks"
        tricks += [cards[i : i + 4] for i in range(0, len(cards), 4)]
    leader = declarer.lho
    seats = {s: set(ending[s].cards) for s in Seat}
    order = []
    for trick in tricks:
        # The highest card goes to on_lead, who wins; the rest go round from the leader.
        others = [s for s in leader.following() if s != on_lead]
        owners = [on_lead, *others]
        by_seat = dict(zip(owners, trick, strict=True))
        for s, c in by_seat.items():
            seats[s].add(c)
        order += [by_seat[s] for s in leader.following()]
        leader = on_lead
    deal = Deal.from_hands({s: Hand(cs) for s, cs in seats.items()})
    state = new_board(1, deal, dealer=declarer)
    for call in (f"1{strain.letter}", "P", "P", "P"):
        state = apply(state, MakeCall(parse_call(call)))
    for c in order:
        state = apply(state, PlayCard(c))
    assert state.turn == on_lead and all(state.remaining(s) == ending[s] for s in Seat)
    return state


def play(state, *cards):
    for c in cards:
        state = apply(state, PlayCard(Card.parse(c)))
    return state


# North has three top spades and no way to reach them; South a top heart, a low heart and the
# only diamond; East the king-queen of hearts.
BLOCKED = {"N": "AKQ...", "E": "J.KQ..", "S": ".A2.2.", "W": "T.J..2"}


def test_tricks_that_are_there_may_be_claimed():
    s = end_position(
        {"N": "AKQ...", "E": "J.J.2.", "S": ".AKQ..", "W": "T.T..2"},
        strain=Strain.NOTRUMP,
        declarer=Seat.SOUTH,
        on_lead=Seat.SOUTH,
    )
    assert len(s.completed_tricks) == 10
    assert claim_is_valid(s, 3)
    assert max_claim(s) == 3


def test_a_claim_that_needs_an_entry_it_lacks_is_invalid():
    s = end_position(BLOCKED, strain=Strain.NOTRUMP, declarer=Seat.SOUTH, on_lead=Seat.SOUTH)
    # South cashes the heart ace and the diamond; the low heart then loses to East.
    assert max_claim(s) == 2
    assert claim_is_valid(s, 2)
    assert not claim_is_valid(s, 3)
    # With North on lead the spades run: all three.
    s = end_position(BLOCKED, strain=Strain.NOTRUMP, declarer=Seat.SOUTH, on_lead=Seat.NORTH)
    assert claim_is_valid(s, 3)


def test_trumps_change_the_answer():
    # Spades trumps: South leads the low heart and North ruffs, then draws trumps: three.
    s = end_position(BLOCKED, strain=Strain.SPADES, declarer=Seat.SOUTH, on_lead=Seat.SOUTH)
    assert claim_is_valid(s, 3)
    # Hearts trumps: East's king-queen of trumps take one trick (the diamond is ruffed, or the
    # low heart loses), and East must then give North a spade: two.
    s = end_position(BLOCKED, strain=Strain.HEARTS, declarer=Seat.SOUTH, on_lead=Seat.SOUTH)
    assert max_claim(s) == 2
    assert not claim_is_valid(s, 3)


def test_a_claim_in_the_middle_of_a_trick():
    def east_leads(card):
        s = end_position(BLOCKED, strain=Strain.NOTRUMP, declarer=Seat.SOUTH, on_lead=Seat.EAST)
        return play(s, card)

    # Before East leads, the defence holds declarer to two (by leading a heart).
    s = end_position(BLOCKED, strain=Strain.NOTRUMP, declarer=Seat.SOUTH, on_lead=Seat.EAST)
    assert max_claim(s) == 2
    # East leads the spade jack: North's spades are reached, and declarer claims all three.
    s = east_leads("SJ")
    assert s.current_trick.cards == (Card.parse("SJ"),)
    assert claim_is_valid(s, 3)
    # East leads the heart king instead: two, however South plays to it.
    s = east_leads("HK")
    assert max_claim(s) == 2
    assert not claim_is_valid(s, 3)
    assert max_claim(play(s, "H2")) == 2
    assert max_claim(play(s, "HA")) == 2
    assert claim_is_valid(play(s, "HA", "HJ"), 2)


def test_the_defenders_side_can_be_asked_too():
    s = end_position(BLOCKED, strain=Strain.NOTRUMP, declarer=Seat.SOUTH, on_lead=Seat.SOUTH)
    assert max_claim(s, by=Seat.EAST) == 1
    assert claim_is_valid(s, 1, by=Seat.WEST)
    assert not claim_is_valid(s, 2, by=Seat.WEST)


def test_counts_outside_the_tricks_left_are_no_claim():
    s = end_position(BLOCKED, strain=Strain.NOTRUMP, declarer=Seat.SOUTH, on_lead=Seat.SOUTH)
    assert claim_is_valid(s, 0)
    with pytest.raises(InvalidClaim, match="0 to 3"):
        claim_is_valid(s, 4)
    with pytest.raises(InvalidClaim):
        claim_is_valid(s, -1)


def test_claims_need_a_board_in_play():
    s = new_board(1, Deal.from_seed(1))
    with pytest.raises(AuctionNotOver):
        max_claim(s)
    s = end_position(BLOCKED, strain=Strain.NOTRUMP, declarer=Seat.SOUTH, on_lead=Seat.SOUTH)
    s = play(s, "HA", "HJ", "SA", "HK", "D2", "ST", "SK", "HQ", "H2", "C2", "SQ", "SJ")
    assert s.declarer_tricks == 3 + s.tricks_won(Seat.SOUTH.side) - 3
    with pytest.raises(PlayOver):
        max_claim(s)
