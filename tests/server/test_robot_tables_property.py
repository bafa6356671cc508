"""At tables with robots, no sequence of calls, cards, undos, claims, standing up, sitting down
and reconnecting shows anyone a card their seat's view would not have shown by then.

Random steps (hypothesis) drive a live ``TableActor`` through its real path (``decide``,
``settle``, the store, the published views): two people seated among robots, a third user
watching a table that shows watchers all four hands, at a club table and at an event's table.
The robots move when a step says so, so every run is the same. Then each message each user
received is checked against the true board (the stored log, folded) with the Laws' rule of what
a seat may see (``test_hidden_cards.check``): a user who held a seat at a board, at any time,
must never have received more of it than that seat may see, before or after they sat there.
"""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hidden_cards import check, may_see, tables_by_fold

from qipai.bridge import PASS, Deal, MakeCall, Phase, Seat, legal_actions, legal_cards
from qipai.server.actor import Subscriber, TableActor
from qipai.server.analysis import Analyst
from qipai.server.robots import RobotPool
from qipai.server.sightings import Sightings
from qipai.server.table import (
    CallCmd,
    CardCmd,
    ClaimCmd,
    ClaimResponseCmd,
    Command,
    CommandError,
    NextBoard,
    Occupant,
    SetUp,
    Sit,
    Stand,
    UndoAnswerCmd,
    UndoCmd,
    robot_to_act,
)
from qipai.store import Store, sqlite_url

OPS = ("act",) * 6 + ("robots",) * 4 + ("undo", "undo", "answer", "claim", "respond", "stand",
       "sit", "next", "reconnect")  # fmt: skip
STEP = st.tuples(st.sampled_from(OPS), st.integers(0, 2), st.integers(0, 99))
"""An operation, the user who does it (ann, bob, eve) and a number to choose with."""


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory):
    """One store (and DDS thread) for every example; each example gets a table of its own."""
    path: Path = tmp_path_factory.mktemp("robots") / "qipai.db"
    store = Store.open(sqlite_url(path))
    users = [
        Occupant(store.create_user(name, None, guest=False).id, name)
        for name in ("ann", "bob", "eve")
    ]
    analyst = Analyst(store)
    yield store, users, analyst, itertools.count(1)
    analyst.close()
    store.close()


class Run:
    """One table driven step by step, and what each user's connections received."""

    def __init__(self, actor: TableActor, users: list[Occupant]) -> None:
        self.actor = actor
        self.users = users
        self.subs = {u.user_id: Subscriber(u) for u in users}
        self.got: dict[int, list[dict[str, Any]]] = {u.user_id: [] for u in users}

    def collect(self) -> None:
        for uid, sub in self.subs.items():
            while not sub.outbox.empty():
                message = sub.outbox.get_nowait()
                assert isinstance(message, dict), message  # no one is hung up on
                self.got[uid].append(message)

    async def command(self, user: Occupant | None, command: Command) -> None:
        """``command`` through the actor's own handling; a refusal changes nothing."""
        before = self.actor.state
        fut: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        await self.actor._handle(user, command, fut)  # what the actor's loop does with it
        if isinstance(fut.exception(), CommandError):
            assert self.actor.state is before
        else:
            assert fut.exception() is None, fut.exception()
        self.collect()

    async def robots(self, moves: int) -> None:
        for _ in range(moves):
            seat = robot_to_act(self.actor.state)
            if seat is None:
                return
            await self.actor._robot_move(seat)  # what the actor's loop does when one is due
            assert self.actor.robot_seat.stalled_at is None, "a robot could not act"
            self.collect()

    async def step(self, op: str, who: int, n: int) -> None:
        if op == "act":  # robots first, as the actor's loop has them move when due
            await self.robots(20)
        state = self.actor.state
        user = self.users[who]
        if op in ("act", "claim") or (op == "undo" and n % 2):  # the one who may, mostly
            user = self._person(_who_may(state, op)) or user
        seat = state.seat_of(user.user_id)
        board = state.board
        if op == "robots":
            await self.robots(1 + n % 8)
        elif op == "reconnect":
            self.actor.detach(self.subs[user.user_id])
            self.subs[user.user_id] = sub = Subscriber(user)
            self.actor.attach(sub, max(0, state.seq - n % 12) if n % 3 else None)
            self.collect()
        elif op == "act" and board is not None and seat is not None and state.acting == seat:
            await self.command(user, _action(board, n))
        elif op == "claim":
            left = 13 - len(board.completed_tricks) if board is not None else 13
            await self.command(user, ClaimCmd(n % (left + 1)))
        else:
            await self.command(user, _simple(op, n))

    def _person(self, seat: Seat | None) -> Occupant | None:
        occupant = self.actor.state.seats[seat] if seat is not None else None
        return next((u for u in self.users if u == occupant), None)


def _who_may(state: Any, op: str) -> Seat | None:
    """The seat to act, declarer (to claim), or who made the last call or card (to undo)."""
    if op == "act":
        return state.acting
    if op == "claim":
        return state.board.declarer if state.board is not None else None
    for kind, p in reversed(state.actions):
        if kind in ("call", "card"):
            return Seat.parse(p["by"] if kind == "card" else p["seat"])
    return None


def _action(board: Any, n: int) -> Command:
    """The call or card number ``n`` (mostly a pass once the auction is under way)."""
    if board.phase is Phase.AUCTION:
        calls = [a.call for a in legal_actions(board) if isinstance(a, MakeCall)]
        if len(board.auction.entries) >= 1 and n % 4:
            return CallCmd(PASS)
        return CallCmd(calls[n % min(len(calls), 6)])
    cards = legal_cards(board)
    return CardCmd(cards[n % len(cards)])


def _simple(op: str, n: int) -> Command:
    commands: dict[str, Command] = {
        "act": CallCmd(PASS),  # by someone not to act: refused
        "undo": UndoCmd(),
        "answer": UndoAnswerCmd(n % 4 != 0),
        "respond": ClaimResponseCmd(n % 2 == 0),
        "stand": Stand(),
        "sit": Sit(Seat(n % 4)),
        "next": NextBoard(),
    }
    return commands[op]


async def play(world: Any, tournament: bool, deal_seed: int, steps: list[Any]) -> Run:
    store, users, analyst, counter = world
    ann, bob, _eve = users
    n = next(counter)
    seed = f"prop-{deal_seed}"
    record = store.create_table(
        name=f"t{n}",
        owner_id=ann.user_id,
        scoring="MP",
        robot_level=0,
        private=False,
        invite_token=f"invite-{n}",
        seed=seed,
        spectators_see_all=True,
    )
    actor = TableActor(record, store, RobotPool(), analyst=analyst, sightings=Sightings())
    run = Run(actor, users)
    if tournament:
        boards = tuple((b, Deal.from_seed(f"{seed}:{b}").pbn()) for b in (1, 2))
        await run.command(None, SetUp(boards, (bob, None, ann, None), (1, 1, n)))
    else:
        await run.command(ann, Sit(Seat.SOUTH))
        await run.command(bob, Sit(Seat.NORTH))
    for sub in run.subs.values():  # eve watches; ann and bob play
        actor.attach(sub, None)
    run.collect()
    for op, who, k in steps:
        await run.step(op, who, k)
    await run.robots(8)
    return run


def check_run(run: Run, store: Store, cards_in: Any) -> int:
    """Every message each user received, against what the seat they held at that board (if
    any) may see; the number of messages checked. Also what they have been shown of the robots'
    hands so far, all of it, against what the seat may see at the latest event they have: a
    robot's card shown and then taken back (by an undo) is still known. (A card of a hand a
    person played at that board, taken back, was their own mis-click, seen by the whole table
    as at a real one: Law 16D.)"""
    tables = tables_by_fold(store.entries(run.actor.id))
    truth = {seq: (t.board if t is not None else None) for seq, t in tables.items()}
    last_of_board: dict[int, Any] = {}
    for t in tables.values():
        if t is not None:
            last_of_board[t.board_no] = t  # ``held`` only grows during a board
    checked = 0
    for uid, messages in run.got.items():
        shown: dict[int, tuple[int, set[str]]] = {}  # board -> (latest seq, cards shown)
        for msg in messages:
            table = tables[msg["seq"]]
            if table is None or table.board is None:
                continue
            held = dict(last_of_board[table.board_no].held).get(uid)
            if held is None:
                continue  # a watcher of a board they never sat at: all four hands are fine
            check([msg], held, truth, cards_in)
            latest, cards = shown.get(table.board_no, (0, set()))
            latest = max(latest, msg["seq"])
            cards |= cards_in({k: v for k, v in msg.items() if k != "results"})
            shown[table.board_no] = (latest, cards)
            board = last_of_board[table.board_no]
            people = {seat for _, seat in board.held}  # a person played it at some time
            robots = {str(c) for seat in Seat if seat not in people for c in board.board.deal[seat]}
            taken_back = (cards & robots) - may_see(truth[latest], held)
            assert not taken_back, (held, msg["seq"], sorted(taken_back))
            checked += 1
    return checked


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    tournament=st.booleans(),
    deal_seed=st.integers(0, 5),
    steps=st.lists(STEP, min_size=20, max_size=200),
)
def test_no_sequence_shows_a_seat_more_than_its_view(world, h, tournament, deal_seed, steps):
    run = asyncio.run(play(world, tournament, deal_seed, steps))
    assert check_run(run, world[0], h.cards_in) > 0
