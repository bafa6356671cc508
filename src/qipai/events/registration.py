"""Registration as pure state transitions: the online form of "sit NS in the registration room
and raise your hands" (举手报名).

A player raises a hand naming a partner; when the partner raises a hand naming the player, the
pair is registered, next in the registration order. The partner may decline instead, and a
player may lower a hand not yet answered. A player is in at most one pair, and a pair registers
once; when a pair registers, other requests to or from its players lapse. Registration closes
at the start time (any hand still raised then is dropped).

>>> from datetime import datetime, timedelta, timezone
>>> from qipai.events import EventSettings, create_event
>>> t = datetime(2025, 3, 1, 19, 0, tzinfo=timezone.utc)
>>> s = EventSettings("Swiss", t + timedelta(hours=1), 4, 3, timedelta(minutes=24))
>>> e = create_event(s, seed="doc", now=t)
>>> e = raise_hand(e, "alice", "bob", t)
>>> e.pairs, [h.player for h in e.hands]
((), ['alice'])
>>> e = raise_hand(e, "bob", "alice", t)
>>> [(p.number, p.players) for p in e.pairs], e.hands
([(1, ('alice', 'bob'))], ())
>>> raise_hand(e, "carol", "bob", t)
Traceback (most recent call last):
...
qipai.events.errors.PlayerInAnotherPair: bob is already registered with alice (pair 1)
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from .errors import (
    AlreadyRegistered,
    HandAlreadyRaised,
    NoSuchRequest,
    NotRegistered,
    PlayerInAnotherPair,
    RegistrationClosed,
    RegistrationError,
    SamePlayer,
)
from .lifecycle import advance
from .state import EventState, HandRaise, Note, Pair, Status

__all__ = ["decline", "lower_hand", "raise_hand", "unregister"]


def _open(state: EventState, now: datetime) -> EventState:
    state = advance(state, now)
    if state.status is not Status.REGISTRATION:
        raise RegistrationClosed(
            f"registration for {state.settings.name} is closed (the event is {state.status.value})"
        )
    return state


def _player(name: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise RegistrationError(f"a player is named by a non-empty name, not {name!r}")
    return name.strip()


def _check_free(state: EventState, player: str, partner: str) -> None:
    for who in (player, partner):
        pair = state.pair_of(who)
        if pair is None:
            continue
        if set(pair.players) == {player, partner}:
            raise AlreadyRegistered(
                f"{pair.players[0]} and {pair.players[1]} are already registered as pair "
                f"{pair.number}"
            )
        other = pair.players[1] if pair.players[0] == who else pair.players[0]
        raise PlayerInAnotherPair(f"{who} is already registered with {other} (pair {pair.number})")


def raise_hand(state: EventState, player: str, partner: str, now: datetime) -> EventState:
    """``player`` asks to play with ``partner``; registers the pair if ``partner`` has already
    asked to play with ``player``."""
    state = _open(state, now)
    player, partner = _player(player), _player(partner)
    if player == partner:
        raise SamePlayer(f"{player} cannot partner themselves: a pair is two players")
    _check_free(state, player, partner)
    for h in state.hands:
        if h.player == player:
            raise HandAlreadyRaised(
                f"{player} has already asked {h.partner}"
                + ("" if h.partner == partner else "; lower that hand first")
            )
    answer = next((h for h in state.hands if h.player == partner and h.partner == player), None)
    if answer is None:
        return replace(state, hands=(*state.hands, HandRaise(player, partner, now)))
    pair = Pair(state.next_pair_number, (partner, player), now)
    both = {player, partner}
    return replace(
        state,
        pairs=(*state.pairs, pair),
        # the answered request goes, and so does any other request to or from either player
        hands=tuple(h for h in state.hands if h.player not in both and h.partner not in both),
        next_pair_number=state.next_pair_number + 1,
        notes=(*state.notes, Note(now, f"pair {pair.number} registered: {pair.name}")),
    )


def lower_hand(state: EventState, player: str, now: datetime) -> EventState:
    """``player`` withdraws an unanswered request."""
    state = _open(state, now)
    mine = [h for h in state.hands if h.player == player]
    if not mine:
        raise NoSuchRequest(f"{player} has not asked anyone to partner them")
    return replace(state, hands=tuple(h for h in state.hands if h.player != player))


def decline(state: EventState, player: str, asker: str, now: datetime) -> EventState:
    """``player`` declines ``asker``'s request to partner them."""
    state = _open(state, now)
    found = [h for h in state.hands if h.player == asker and h.partner == player]
    if not found:
        raise NoSuchRequest(f"{asker} has not asked {player} to partner them")
    return replace(
        state,
        hands=tuple(h for h in state.hands if h not in found),
        notes=(*state.notes, Note(now, f"{player} declined {asker}'s request")),
    )


def unregister(state: EventState, player: str, now: datetime) -> EventState:
    """Either partner takes their pair off the list before the start; the other pairs keep
    their places in the registration order."""
    state = _open(state, now)
    pair = state.pair_of(player)
    if pair is None:
        raise NotRegistered(f"{player} is not registered for {state.settings.name}")
    return replace(
        state,
        pairs=tuple(p for p in state.pairs if p.number != pair.number),
        notes=(*state.notes, Note(now, f"pair {pair.number} ({pair.name}) unregistered")),
    )
