"""Every error message a player or a director can see has its Chinese in ``qipai.web.errors``.

The messages are found in the source, not listed by hand: each ``raise`` (or construction) of an
error class that reaches people, each websocket ``_error``/close reason and hang-up, each
farewell. An f-string becomes a sample message with a marker for each ``{...}``, and ``zh``
must translate the sample, keeping every marker. A ``raise`` of a class this file has not
classified fails the test, so a new kind of error cannot slip by unlisted.
"""

from __future__ import annotations

import ast
import itertools
import re
import string
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import qipai
from qipai.bridge import (
    Card,
    Deal,
    MakeCall,
    PlayCard,
    QipaiError,
    Seat,
    apply,
    new_board,
    parse_call,
)
from qipai.bridge import errors as bridge_errors
from qipai.events import EventSettings, Status, cancel, create_event, raise_hand
from qipai.events import errors as event_errors
from qipai.events.teams import errors as team_errors
from qipai.server.protocol import ProtocolError, parse_message
from qipai.web.errors import ZH, match, zh

PKG = Path(qipai.__file__).parent
DIRS = ("bridge", "server", "events", "store", "web")


def _error_classes(module: object, base: type) -> set[str]:
    return {
        name
        for name, obj in vars(module).items()
        if isinstance(obj, type) and issubclass(obj, base)
    }


# Classes whose message is shown to the one who caused it (the API's {"error": ...}, the
# websocket's {"type": "error"}, the error page, the event page's notice).
USER_FACING = (
    {"HTTPException", "CommandError", "ProtocolError", "AuthError", "BoardNotReady"}
    | _error_classes(bridge_errors, bridge_errors.RuleError)
    | (_error_classes(event_errors, event_errors.EventError) - {"EventFormatError"})
    | _error_classes(team_errors, event_errors.EventError)
)

# Classes of errors about the program or its stored data: logged, or a 500, never shown.
INTERNAL = {
    "AssertionError",
    "DatabaseUnusable",  # `qipai serve` cannot start: the operator's one line, in English
    "EventFormatError",  # a stored event state that cannot be read back
    "MovementFileError",  # a movement file shipped with qipai: a bad one is a bug of ours
    "Exception",
    "KeyError",
    "LookupError",
    "NotImplementedError",
    "ParseError",  # reading stored events and files; the user-facing ones are in SURFACED
    "RuntimeError",
    "StopIteration",
    "StoreError",
    "TypeError",
    "UndescribedRoute",  # the OpenAPI table misses a route: a test failure, not a visitor's
    "ValueError",
    "_GaveUp",  # the Swiss pairing's search backtracks
}

# Refusals built with their Chinese beside the English (BoardCommandError, from the terms of
# qipai.games.terms, whose two languages tests/games/test_terms.py checks): board tables.
BILINGUAL = {"_refused", "_rule_refused"}

# Sites of internal classes whose message does reach people: (class, file, function).
SURFACED = {
    # The websocket and the API parse calls, cards and seats: protocol.py passes the
    # ParseError's text on as a ProtocolError.
    ("ParseError", "bridge/cards.py", "parse"),
    ("ParseError", "bridge/calls.py", "parse_call"),
    # register() answers 409 with the StoreError's text when the name is taken.
    ("StoreError", "store/repo.py", "create_user"),
    # events_api.event_action answers 409 with f"{e}: it is over".
    ("LookupError", "server/event_runner.py", "change"),
}


@dataclass(frozen=True)
class Site:
    """One place in the source that builds a message people see."""

    where: str  # file:line, from src/qipai
    what: str  # the error class, or the kind of message (_error, close reason...)
    template: str  # the English as written, {expr} for each field
    sample: str  # the English with a marker for each field
    markers: tuple[str, ...]


def _marker(i: int) -> str:
    return f"⟨{i}⟩"  # no letters, no CJK: it must come through zh() untouched


Piece = str | ast.FormattedValue


def _field_variants(v: ast.FormattedValue, local: dict[str, ast.expr]) -> list[list[Piece]]:
    """A field as the message has it: an event's status is one of a few words, each tried; a
    local variable set once to a message fragment (``why = f": {x}" if x else ""``) is that
    fragment; anything else stays a field."""
    source = ast.unparse(v.value)
    if source.endswith("status.value"):
        return [[s.value] for s in Status]
    if isinstance(v.value, ast.Name) and v.value.id in local and v.conversion == -1:
        inner = _parts(local[v.value.id], {})
        if inner is not None:
            return inner
    return [[v]]


def _parts(node: ast.expr, local: dict[str, ast.expr]) -> list[list[Piece]] | None:
    """The variants of a message expression, each a list of literal text and fields; None
    where the message is not written here (a variable, ``str(e)``, ``i18n.t(...)``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [[node.value]]
    if isinstance(node, ast.JoinedStr):
        choices: list[list[list[Piece]]] = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                choices.append([[str(v.value)]])
            elif isinstance(v, ast.FormattedValue):
                choices.append(_field_variants(v, local))
        return [[p for piece in combo for p in piece] for combo in itertools.product(*choices)]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _parts(node.left, local), _parts(node.right, local)
        if left is None or right is None:
            return None
        return [a + b for a, b in itertools.product(left, right)]
    if isinstance(node, ast.IfExp):
        body, orelse = _parts(node.body, local), _parts(node.orelse, local)
        if body is None or orelse is None:
            return None
        return body + orelse
    return None


def _render(parts: list[Piece]) -> tuple[str, str, tuple[str, ...]]:
    template: list[str] = []
    sample: list[str] = []
    markers: list[str] = []
    for p in parts:
        if isinstance(p, str):
            template.append(p.replace("{", "{{").replace("}", "}}"))
            sample.append(p)
            continue
        conversion = "" if p.conversion == -1 else "!" + chr(p.conversion)
        spec = ""
        if isinstance(p.format_spec, ast.JoinedStr):
            spec = ":" + "".join(str(getattr(c, "value", "")) for c in p.format_spec.values)
        template.append("{" + ast.unparse(p.value) + conversion + spec + "}")
        m = _marker(len(markers))
        markers.append(m)
        sample.append(repr(m) if p.conversion == ord("r") else m)
    return "".join(template), "".join(sample), tuple(markers)


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _assigned_once(function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, ast.expr]:
    """The local names of a function assigned exactly once, with what they are set to."""
    values: dict[str, ast.expr] = {}
    seen: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                if target.id in seen:
                    values.pop(target.id, None)
                else:
                    values[target.id] = node.value
                seen.add(target.id)
    return values


class _Finder(ast.NodeVisitor):
    """The message expressions of one file, each with the file's line and its kind."""

    def __init__(self, rel: str) -> None:
        self.rel = rel
        self.functions: list[tuple[str, dict[str, ast.expr]]] = []
        self.found: list[tuple[int, str, ast.expr, dict[str, ast.expr]]] = []
        self.unclassified: list[str] = []

    def _add(self, line: int, what: str, message: ast.expr | None) -> None:
        if message is not None:
            local = self.functions[-1][1] if self.functions else {}
            self.found.append((line, what, message, local))

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.functions.append((node.name, _assigned_once(node)))
        # A farewell sent to every connection when a table stops: its default is a message.
        args = node.args.args + node.args.kwonlyargs
        defaults = [*node.args.defaults, *node.args.kw_defaults]
        for arg, default in zip(reversed(args), reversed(defaults), strict=False):
            if arg.arg == "farewell":
                self._add(node.lineno, "farewell", default)
        self.generic_visit(node)
        self.functions.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Raise(self, node: ast.Raise) -> None:
        if isinstance(node.exc, ast.Call):
            cls = _name(node.exc.func)
            function = self.functions[-1][0] if self.functions else ""
            if (cls, self.rel, function) in SURFACED and node.exc.args:
                self._add(node.lineno, cls, node.exc.args[0])
            elif cls not in USER_FACING and cls not in INTERNAL and cls not in BILINGUAL:
                self.unclassified.append(f"{self.rel}:{node.lineno}: raise {cls}(...)")
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        name = _name(node.func)
        kw = {k.arg: k.value for k in node.keywords}
        if name == "HTTPException":  # HTTPException(status, detail)
            self._add(node.lineno, name, node.args[1] if len(node.args) > 1 else kw.get("detail"))
        elif name in USER_FACING or name == "_error":
            self._add(node.lineno, name, node.args[0] if node.args else None)
        elif name == "Hangup":  # Hangup(code, reason): the server closes a websocket
            self._add(node.lineno, name, node.args[1] if len(node.args) > 1 else kw.get("reason"))
        elif name == "close" and "reason" in kw:  # ws.close(code=..., reason=...)
            self._add(node.lineno, "close", kw["reason"])
        elif name == "_refuse" and len(node.args) > 2:  # _refuse(ws, code, reason): a close
            self._add(node.lineno, "close", node.args[2])
        elif name == "stop" and node.args:  # actor.stop(farewell)
            self._add(node.lineno, "farewell", node.args[0])
        self.generic_visit(node)

    def visit_Dict(self, node: ast.Dict) -> None:
        # {"error": ...} answers and {"type": "error", "message": ...} websocket messages
        items = {
            k.value: v
            for k, v in zip(node.keys, node.values, strict=True)
            if isinstance(k, ast.Constant)
        }
        self._add(node.lineno, "{error}", items.get("error"))
        kind = items.get("type")
        if isinstance(kind, ast.Constant) and kind.value == "error":
            self._add(node.lineno, "{message}", items.get("message"))
        self.generic_visit(node)


def _scan() -> tuple[list[Site], list[str]]:
    sites: list[Site] = []
    unclassified: list[str] = []
    for d in DIRS:
        for path in sorted((PKG / d).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            rel = path.relative_to(PKG).as_posix()
            finder = _Finder(rel)
            finder.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
            unclassified += finder.unclassified
            for line, what, node, local in finder.found:
                for parts in _parts(node, local) or []:
                    template, sample, markers = _render(parts)
                    sites.append(Site(f"{rel}:{line}", what, template, sample, markers))
    return sites, unclassified


SITES, UNCLASSIFIED = _scan()

_CJK = re.compile(r"[\u4e00-\u9fff]")
# Three English words in a row left in a translation: a sentence nobody translated.
_ENGLISH = re.compile(r"[A-Za-z]+(?: [A-Za-z]+){2,}")

# ZH entries no message in the code is written from; each with why it is kept.
UNUSED_ALLOWED: dict[str, str] = {
    # edge.SERVER_ERROR, a constant (not a raise): the answer to a bug, tested in
    # tests/server/test_bad_input.py
    "something went wrong on the server: it has been logged": "the last-resort 500",
}


def _problem(site: Site) -> str | None:
    chinese = zh(site.sample)
    if chinese is None:
        return "no template"
    if not _CJK.search(chinese):
        return f"no Chinese in {chinese!r}"
    lost = [m for m in site.markers if m not in chinese]
    if lost:
        return f"the translation {chinese!r} drops {', '.join(lost)}"
    rest = chinese
    for m in site.markers:
        rest = rest.replace(m, "")
    if _ENGLISH.search(rest):
        return f"English left in {chinese!r}"
    return None


def test_the_scan_finds_the_messages() -> None:
    # A scanner that finds nothing would pass everything: check it sees each kind of message.
    kinds = {site.what for site in SITES}
    for kind in ("HTTPException", "CommandError", "ProtocolError", "SettingsError", "ParseError"):
        assert kind in kinds
    assert {"InsufficientBid", "RevokeAttempt", "close", "_error", "farewell"} <= kinds
    assert len(SITES) > 180


def test_every_raise_is_classified() -> None:
    assert not UNCLASSIFIED, (
        "classify these errors in tests/web/test_error_messages.py: USER_FACING (and give the"
        " message its Chinese in qipai.web.errors.ZH) or INTERNAL (no one sees it):\n"
        + "\n".join(UNCLASSIFIED)
    )


def test_every_message_people_see_has_chinese() -> None:
    missing = []
    for site in SITES:
        problem = _problem(site)
        if problem is not None:
            missing.append(f"{site.where}  [{site.what}]  {site.template!r}: {problem}")
    assert not missing, (
        f"{len(missing)} messages need their Chinese in qipai.web.errors.ZH (English template"
        " with {field}s -> zh-CN):\n" + "\n".join(missing)
    )


def test_every_entry_is_a_message_of_the_code() -> None:
    used = set()
    for site in SITES:
        found = match(site.sample)
        if found is not None:
            used.add(found[0])
    unused = sorted(set(ZH) - used - set(UNUSED_ALLOWED))
    assert not unused, "ZH entries no message is written from (remove them):\n" + "\n".join(unused)
    stale = sorted(set(UNUSED_ALLOWED) & used)
    assert not stale, "used now; take them off UNUSED_ALLOWED:\n" + "\n".join(stale)


def _fields(template: str) -> list[str]:
    return [f for _, f, _, _ in string.Formatter().parse(template) if f is not None]


@pytest.mark.parametrize("english", sorted(ZH))
def test_both_sides_have_the_same_fields(english: str) -> None:
    fields, chinese = _fields(english), _fields(ZH[english])
    assert sorted(fields) == sorted(chinese), (english, ZH[english])
    assert len(set(fields)) == len(fields), f"a field twice in {english!r}"
    assert all(f.isidentifier() for f in fields), english
    assert _CJK.search(ZH[english]), ZH[english]


# North: spades AKQJ and the top hearts, diamonds, clubs; each hand holds every suit.
DEAL = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432")


def _refusal(state: object, action: object) -> str:
    with pytest.raises(QipaiError) as refused:
        apply(state, action)  # type: ignore[arg-type]
    return str(refused.value)


def test_rule_errors_of_the_real_game() -> None:
    board = new_board(1, DEAL)  # North deals
    out_of_turn = _refusal(board, MakeCall(parse_call("1C"), seat=Seat.EAST))
    assert out_of_turn == "it is North's turn to call, not East's (Laws 28-32)"
    assert zh(out_of_turn) == "轮到北叫牌，不是东（《桥牌规则》第28-32条）"

    board = apply(board, MakeCall(parse_call("1S")))
    insufficient = _refusal(board, MakeCall(parse_call("1H")))
    assert zh(insufficient) == "叫品不足：1H不高于1S（《桥牌规则》第27条）"

    for call in ("P", "P", "P"):
        board = apply(board, MakeCall(parse_call(call)))
    board = apply(board, PlayCard(Card.parse("ST"), seat=Seat.EAST))  # East leads
    revoke = _refusal(board, PlayCard(Card.parse("H5"), seat=Seat.NORTH))  # from dummy
    assert revoke.endswith("(Law 44C)")
    assert zh(revoke) == "南有黑桃，必须跟牌，不能出H5（《桥牌规则》第44条C款）"
    assert zh(_refusal(board, PlayCard(Card.parse("S5"), seat=Seat.SOUTH))) == (
        "明手的牌由庄家出（《桥牌规则》第45条B款）"
    )


def test_what_the_websocket_answers_a_bad_message() -> None:
    with pytest.raises(ProtocolError) as bad_card:
        parse_message('{"type": "card", "card": "Z5"}')
    assert zh(str(bad_card.value)) == (
        "牌'Z5'写法不对：花色'Z'无法识别：请用C（梅花）、D（方块）、H（红心）或S（黑桃）"
    )
    with pytest.raises(ProtocolError) as bad_field:
        parse_message('{"type": "call", "call": "1S", "alert": 1}')
    assert zh(str(bad_field.value)) == "'alert'须为true或false"


def test_event_errors_name_the_event_and_its_status() -> None:
    now = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
    # An event name with " is " in it: the status after it is still found.
    settings = EventSettings("Swiss is fun", now + timedelta(hours=1), 3, 4, timedelta(minutes=30))
    state = create_event(settings, seed="zh", now=now)
    with pytest.raises(QipaiError) as same:
        raise_hand(state, "bob", "bob", now)
    assert zh(str(same.value)) == "bob不能和自己搭档：一对是两名选手"
    with pytest.raises(QipaiError) as rounds:
        EventSettings("x", now, 0, 4, timedelta(minutes=30))
    assert zh(str(rounds.value)) == "轮数须为不小于1的整数，不能是0"
    state = cancel(state, now)
    with pytest.raises(QipaiError) as again:
        cancel(state, now)
    assert str(again.value) == "Swiss is fun is already cancelled"
    assert zh(str(again.value)) == "比赛“Swiss is fun”已取消"


def test_a_wrapped_message_is_translated_inside() -> None:
    assert zh("there is no running event 7: it is over") == "没有正在进行的7号比赛：比赛已结束"
    assert zh("play is paused by the director: a power cut") == "裁判已暂停比赛：a power cut"


LAWS = sorted({getattr(c, "law", "") for c in vars(bridge_errors).values()} - {""})


@pytest.mark.parametrize("law", LAWS)
def test_every_law_is_cited_in_chinese(law: str) -> None:
    chinese = zh(f"the board is over ({law})")
    assert chinese is not None and chinese.startswith("本副已结束（《桥牌规则》第")
    assert "Law" not in chinese


@pytest.mark.parametrize(
    "message",
    [
        "the moon is made of cheese",
        "North is on fire",  # "{event} is {status}" takes an event's status words only
        "",
        "the auction is over",  # the start of a template only
        "the auction is not over yet!",
        "x" * 5000,
    ],
)
def test_a_message_without_a_template_gives_none(message: str) -> None:
    assert zh(message) is None
    assert match(message) is None


def test_the_words_passed_to_a_shared_message_are_translated() -> None:
    # Phrases the code hands to one message shape: the rate limits' "too many {what}" and the
    # event settings' "{what} must be a whole number".
    shapes = {
        "limited": (2, "too many {}: try again in 31 s"),
        "_whole": (1, "{} must be a whole number of at least 1, not 0"),
    }
    checked = []
    for d in DIRS:
        for path in (PKG / d).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call) or _name(node.func) not in shapes:
                    continue
                index, shape = shapes[_name(node.func)]
                if len(node.args) != index + 1:  # another function of the same name
                    continue
                phrase = node.args[index]
                if isinstance(phrase, ast.Constant) and isinstance(phrase.value, str):
                    chinese = zh(shape.format(phrase.value))
                    assert chinese is not None and not _ENGLISH.search(chinese), phrase.value
                    checked.append(phrase.value)
    assert len(checked) >= 5
    assert zh("too many failed logins for this name: try again in 31 s") == (
        "该用户名的登录失败次数过多，请31秒后再试"
    )
