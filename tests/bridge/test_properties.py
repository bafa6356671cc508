"""Property tests: random legal boards always behave (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.bridge import (
    ALL_BIDS,
    DECK,
    DOUBLE,
    PASS,
    REDOUBLE,
    Card,
    Claim,
    Deal,
    MakeCall,
    Phase,
    PlayCard,
    QipaiError,
    RespondToClaim,
    Seat,
    apply,
    contract_score,
    legal_actions,
    new_board,
    spectator_view,
    view,
)

ALL_CALLS = [PASS, DOUBLE, REDOUBLE, *ALL_BIDS]


def playout(data, seed: int, pass_weight: int = 3):
    """A random legal board; returns every state on the way."""
    s = new_board(seed % 32 + 1, Deal.from_seed(seed))
    states = [s]
    while s.phase is not Phase.DONE:
        actions = legal_actions(s)
        if s.phase is Phase.AUCTION and len(s.auction.entries) > 3:
            # Lean towards passing so auctions end at sensible levels.
            actions = actions + [actions[0]] * pass_weight * 4
        s = apply(s, data.draw(st.sampled_from(actions)))
        states.append(s)
    return states


@settings(max_examples=60, deadline=None)
@given(st.data(), st.integers(0, 10**9))
def test_random_boards_end_with_thirteen_tricks_each_card_once(data, seed):
    final = playout(data, seed)[-1]
    if final.contract is None:
        assert final.auction.is_passed_out and final.score_ns == 0
        return
    assert len(final.played) == 52 and set(final.played) == set(DECK)
    assert len(final.completed_tricks) == 13
    for trick in final.completed_tricks:
        seats = [seat for seat, _ in trick.played_by()]
        assert sorted(seats) == list(Seat)
    declarer = final.declarer
    vul = final.vulnerability.is_vulnerable(declarer)
    expected = contract_score(final.contract, final.declarer_tricks, vul)
    # NS and EW scores cancel: NS's score is the declarer's for NS, its negative for EW.
    assert final.score_ns == (expected if declarer in (Seat.NORTH, Seat.SOUTH) else -expected)


@settings(max_examples=40, deadline=None)
@given(st.data(), st.integers(0, 10**9))
def test_illegal_actions_raise_and_change_nothing(data, seed):
    for s in playout(data, seed)[::7]:
        legal = set(legal_actions(s))
        attempts = [MakeCall(c) for c in ALL_CALLS] + [PlayCard(c) for c in DECK]
        for action in data.draw(st.lists(st.sampled_from(attempts), max_size=15)):
            if action in legal:
                continue
            before = s
            try:
                apply(s, action)
            except QipaiError:
                pass
            else:
                raise AssertionError(f"{action} was accepted but is not legal")
            assert s == before


def _seen_by(states, upto, seat):
    """Cards a seat has legitimately seen by state ``upto``: its own hand, dummy once faced,
    every card played, and declarer's hand while declarer's claim was shown to it."""
    s = states[upto]
    seen = set(s.deal[seat].cards) | set(s.played)
    if s.dummy_visible and s.dummy is not None:
        seen |= s.deal[s.dummy].cards
    return seen


@settings(max_examples=40, deadline=None)
@given(st.data(), st.integers(0, 10**9))
def test_views_never_show_an_unseen_card(data, seed):
    states = playout(data, seed)
    for i, s in enumerate(states):
        for seat in Seat:
            v = view(s, seat)
            if s.phase is Phase.DONE:
                assert v.visible_cards() == set(DECK) or s.contract is None
                continue
            assert v.visible_cards() <= _seen_by(states, i, seat)
            for entry, original in zip(v.auction, s.auction.entries, strict=True):
                assert entry.call == original.call
        spectator = spectator_view(s)
        if s.phase is not Phase.DONE:
            hidden = {seat for seat in Seat if spectator.hands[seat] is None}
            assert len(hidden) >= 3 or (s.dummy_visible and len(hidden) == 3)


@settings(max_examples=30, deadline=None)
@given(st.data(), st.integers(0, 10**9))
def test_claim_shows_declarer_only_to_defenders(data, seed):
    states = playout(data, seed)
    midplay = [s for s in states if s.phase is Phase.PLAY and s.dummy_visible]
    if not midplay:
        return
    s = data.draw(st.sampled_from(midplay))
    left = 13 - len(s.completed_tricks)
    c = apply(s, Claim(data.draw(st.integers(0, left)), seat=s.declarer))
    for seat in Seat:
        shown = view(c, seat).hands[s.declarer] is not None
        assert shown == (seat == s.declarer or seat.side != s.declarer.side)
    d1, d2 = s.declarer.lho, s.declarer.rho
    done = apply(apply(c, RespondToClaim(d1, True)), RespondToClaim(d2, True))
    assert done.phase is Phase.DONE
    assert done.declarer_tricks == s.tricks_won(s.declarer.side) + c.claim.tricks


def test_partner_does_not_see_own_sides_explanation():
    s = new_board(1, Deal.from_seed(9))
    s = apply(s, MakeCall(ALL_BIDS[5], alert=True, explanation="strong, artificial"))  # 2C by N
    assert view(s, Seat.NORTH).auction[0].explanation == "strong, artificial"
    assert view(s, Seat.EAST).auction[0].explanation == "strong, artificial"
    assert view(s, Seat.WEST).auction[0].alert
    assert view(s, Seat.SOUTH).auction[0].explanation == ""
    assert not view(s, Seat.SOUTH).auction[0].alert
    assert Card.parse("SA") in DECK
