"""Registration: pairs raise hands together, in order; conflicts are refused by name."""

from __future__ import annotations

import pytest
from event_helpers import MIN, NOW, START, registered, settings

from qipai.events import (
    EventState,
    Status,
    advance,
    create_event,
    decline,
    lower_hand,
    raise_hand,
    unregister,
)
from qipai.events.errors import (
    AlreadyRegistered,
    HandAlreadyRaised,
    NoSuchRequest,
    NotRegistered,
    PlayerInAnotherPair,
    RegistrationClosed,
    RegistrationError,
    SamePlayer,
)


def fresh() -> EventState:
    return create_event(settings(), seed="r", now=NOW)


def test_both_partners_confirm() -> None:
    e = raise_hand(fresh(), "ann", "bob", NOW)
    assert e.pairs == () and [(h.player, h.partner) for h in e.hands] == [("ann", "bob")]
    e = raise_hand(e, "bob", "ann", NOW + MIN)
    assert [(p.number, p.players, p.registered_at) for p in e.pairs] == [
        (1, ("ann", "bob"), NOW + MIN)
    ]
    assert e.hands == ()


def test_registration_order_is_recorded() -> None:
    e = fresh()
    for a, b in [("c", "d"), ("a", "b"), ("e", "f")]:
        e = raise_hand(e, a, b, NOW)
    e = raise_hand(e, "f", "e", NOW + 1 * MIN)  # e & f confirm first
    e = raise_hand(e, "b", "a", NOW + 2 * MIN)
    e = raise_hand(e, "d", "c", NOW + 3 * MIN)
    assert [(p.number, p.players) for p in e.pairs] == [
        (1, ("e", "f")),
        (2, ("a", "b")),
        (3, ("c", "d")),
    ]


def test_a_pair_cannot_register_twice() -> None:
    e = registered(1)
    with pytest.raises(AlreadyRegistered, match="p1a and p1b are already registered as pair 1"):
        raise_hand(e, "p1b", "p1a", NOW)


def test_a_player_cannot_be_in_two_pairs() -> None:
    e = registered(2)
    with pytest.raises(PlayerInAnotherPair, match=r"p1a is already registered with p1b \(pair 1\)"):
        raise_hand(e, "p1a", "zed", NOW)
    with pytest.raises(PlayerInAnotherPair, match=r"p2b is already registered with p2a \(pair 2\)"):
        raise_hand(e, "zed", "p2b", NOW)


def test_one_request_at_a_time() -> None:
    e = raise_hand(fresh(), "ann", "bob", NOW)
    with pytest.raises(HandAlreadyRaised, match="ann has already asked bob; lower that hand"):
        raise_hand(e, "ann", "cy", NOW)
    with pytest.raises(HandAlreadyRaised, match=r"ann has already asked bob$"):
        raise_hand(e, "ann", "bob", NOW)
    e = lower_hand(e, "ann", NOW)
    e = raise_hand(e, "ann", "cy", NOW)
    assert [(h.player, h.partner) for h in e.hands] == [("ann", "cy")]


def test_a_pair_is_two_players() -> None:
    with pytest.raises(SamePlayer, match="ann cannot partner themselves"):
        raise_hand(fresh(), "ann", "ann", NOW)
    with pytest.raises(RegistrationError, match="non-empty name"):
        raise_hand(fresh(), "", "ann", NOW)


def test_a_partner_can_decline() -> None:
    e = raise_hand(fresh(), "ann", "bob", NOW)
    e = decline(e, "bob", "ann", NOW)
    assert e.hands == () and e.pairs == ()
    assert e.notes[-1].text == "bob declined ann's request"
    with pytest.raises(NoSuchRequest, match="ann has not asked bob to partner them"):
        decline(e, "bob", "ann", NOW)
    # ann may now ask someone else, and bob may ask ann after all
    e = raise_hand(e, "bob", "ann", NOW)
    e = raise_hand(e, "ann", "bob", NOW)
    assert e.pairs[0].players == ("bob", "ann")


def test_lower_hand_without_request() -> None:
    with pytest.raises(NoSuchRequest, match="ann has not asked anyone"):
        lower_hand(fresh(), "ann", NOW)


def test_unregister_keeps_the_others_order() -> None:
    e = unregister(registered(3), "p2b", NOW)
    assert [p.number for p in e.pairs] == [1, 3]
    e = raise_hand(e, "p2a", "p2b", NOW)
    e = raise_hand(e, "p2b", "p2a", NOW)
    assert [p.number for p in e.pairs] == [1, 3, 4]  # numbers are never reused
    with pytest.raises(NotRegistered, match="zed is not registered for Test Swiss"):
        unregister(e, "zed", NOW)


def test_registration_closes_at_the_start() -> None:
    e = raise_hand(registered(3), "late", "later", NOW)
    with pytest.raises(RegistrationClosed, match="registration for Test Swiss is closed"):
        raise_hand(e, "x", "y", START)
    started = advance(e, START)
    assert started.status is Status.RUNNING
    assert started.hands == ()  # unanswered hands are dropped
    with pytest.raises(RegistrationClosed):
        unregister(started, "p1a", START)


def test_fewer_than_two_pairs_cancels_at_the_start() -> None:
    e = advance(registered(1), START)
    assert e.status is Status.CANCELLED and e.rounds == ()
    assert "1 pair(s) registered" in e.notes[-1].text


def test_errors_leave_the_state_unchanged() -> None:
    e = registered(2)
    before = e
    with pytest.raises(PlayerInAnotherPair):
        raise_hand(e, "p1a", "zed", NOW)
    assert e == before


def test_other_requests_lapse_when_a_pair_registers() -> None:
    e = raise_hand(fresh(), "ann", "bob", NOW)  # ann asks bob...
    e = raise_hand(e, "cy", "bob", NOW)  # ...and so does cy
    e = raise_hand(e, "bob", "cy", NOW)  # bob answers cy
    assert [p.players for p in e.pairs] == [("cy", "bob")]
    assert e.hands == ()  # ann's request lapsed: she may ask someone else
    e = raise_hand(e, "ann", "di", NOW)
    assert [(h.player, h.partner) for h in e.hands] == [("ann", "di")]
