"""Play through the one path: legal cards, refusals citing the Law, dummy, claims, results."""

import pytest

from qipai.bridge import (
    AuctionNotOver,
    Card,
    CardNotHeld,
    Claim,
    Deal,
    DummyMayNotPlay,
    InvalidClaim,
    MakeCall,
    Phase,
    PlayCard,
    PlayOutOfTurn,
    PlayOver,
    RespondToClaim,
    RevokeAttempt,
    Seat,
    Side,
    apply,
    legal_cards,
    new_board,
    parse_call,
)

# North holds all spades, East all hearts, South all diamonds, West all clubs.
SUITED = Deal.parse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")


def bid(state, text):
    for c in text.split():
        state = apply(state, MakeCall(parse_call(c)))
    return state


def test_no_card_before_the_auction_ends():
    s = new_board(1, SUITED)
    with pytest.raises(AuctionNotOver, match="Law 41"):
        apply(s, PlayCard(Card.parse("SA")))


def test_whole_board_suited():
    s = bid(new_board(1, SUITED), "7S P P P")
    assert s.phase is Phase.PLAY and s.turn is Seat.EAST  # opening leader: declarer's LHO
    assert not s.dummy_visible
    s = apply(s, PlayCard(Card.parse("HA"), seat=Seat.EAST))
    assert s.dummy_visible
    # South (dummy) is void in hearts: any card; declarer plays it.
    with pytest.raises(DummyMayNotPlay, match="Law 45"):
        apply(s, PlayCard(Card.parse("D2"), seat=Seat.SOUTH))
    s = apply(s, PlayCard(Card.parse("D2"), seat=Seat.NORTH))
    s = apply(s, PlayCard(Card.parse("C2")))
    s = apply(s, PlayCard(Card.parse("S2")))  # North ruffs
    assert s.completed_tricks[0].winner is Seat.NORTH
    assert s.turn is Seat.NORTH
    while s.phase is Phase.PLAY:
        s = apply(s, PlayCard(legal_cards(s)[0]))
    assert s.declarer_tricks == 13
    assert s.score_ns == 1510  # 7S= not vulnerable: 210 + 300 + 1000
    with pytest.raises(PlayOver):
        apply(s, PlayCard(Card.parse("SA")))


def test_follow_suit_and_refusals():
    s = bid(new_board(2, Deal.from_seed(5)), "1C P P P")  # East declares; South leads
    assert s.declarer is Seat.EAST and s.turn is Seat.SOUTH
    with pytest.raises(PlayOutOfTurn, match="South's turn"):
        apply(s, PlayCard(next(iter(s.remaining(Seat.NORTH))), seat=Seat.NORTH))
    not_held = next(iter(s.remaining(Seat.NORTH)))
    with pytest.raises(CardNotHeld, match="Law 45"):
        apply(s, PlayCard(not_held))
    lead = legal_cards(s)[0]
    s = apply(s, PlayCard(lead))
    west = s.remaining(Seat.WEST)
    follows = [c for c in west if c.suit == lead.suit]
    others = [c for c in west if c.suit != lead.suit]
    if follows and others:
        with pytest.raises(RevokeAttempt, match="Law 44"):
            apply(s, PlayCard(others[0]))
        assert set(legal_cards(s)) == set(follows)


def test_claim_accepted_by_both_defenders():
    s = bid(new_board(1, SUITED), "7S P P P")
    s = apply(s, PlayCard(Card.parse("HA")))
    with pytest.raises(InvalidClaim, match="only declarer"):
        apply(s, Claim(13, seat=Seat.EAST))
    s = apply(s, Claim(13, seat=Seat.NORTH))
    with pytest.raises(InvalidClaim, match="pending"):
        apply(s, PlayCard(Card.parse("D2")))
    with pytest.raises(InvalidClaim, match="defenders"):
        apply(s, RespondToClaim(Seat.SOUTH, True))
    s = apply(s, RespondToClaim(Seat.EAST, True))
    assert s.phase is Phase.PLAY
    s = apply(s, RespondToClaim(Seat.WEST, True))
    assert s.phase is Phase.DONE and s.declarer_tricks == 13 and s.score_ns == 1510


def test_claim_rejected_play_goes_on():
    s = bid(new_board(1, SUITED), "7S P P P")
    s = apply(s, Claim(13))
    s = apply(s, RespondToClaim(Seat.WEST, False))
    assert s.claim is None and s.phase is Phase.PLAY
    with pytest.raises(InvalidClaim, match="0 to 13"):
        apply(s, Claim(14))


def test_passed_out_scores_zero():
    s = bid(new_board(3, SUITED), "P P P P")
    assert s.phase is Phase.DONE and s.score_ns == 0 and s.tricks_won(Side.NS) == 0
