"""The hand record page (``/tables/{id}/boards/{n}``), over HTTP: a board played at a robot
table, shown in Chinese and English (contract, declarer, result, opening lead, the tricks with
each card's DD cost, the DD table and par, the other tables of the board set), under the JSON
API's access rule: nobody sees a board they have still to play."""

from __future__ import annotations

import json
import time
from html.parser import HTMLParser
from typing import Any, ClassVar

from qipai.analysis import dd_table, par
from qipai.bridge import Deal, Seat, Vulnerability

SEAT_ZH = {"N": "北", "E": "东", "S": "南", "W": "西"}
SEAT_EN = {"N": "North", "E": "East", "S": "South", "W": "West"}
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


# --- a small DOM, enough to find elements by id, class and data attributes ----------------------


class Node:
    def __init__(self, tag: str, attrs: dict[str, str], parent: Node | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Node | str] = []

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def all(self, tag: str | None = None, cls: str | None = None, **data: str) -> list[Node]:
        found: list[Node] = []
        for c in self.children:
            if isinstance(c, str):
                continue
            if (
                (tag is None or c.tag == tag)
                and (cls is None or cls in c.classes)
                and all(c.attrs.get("data-" + k.replace("_", "-")) == v for k, v in data.items())
            ):
                found.append(c)
            found.extend(c.all(tag, cls, **data))
        return found

    def by_id(self, id_: str) -> Node:
        for node in self.all():
            if node.attrs.get("id") == id_:
                return node
        raise AssertionError(f"no element #{id_}")


class Page(HTMLParser):
    VOID: ClassVar[set[str]] = {"meta", "link", "br", "input", "img", "hr"}

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.at = self.root
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs}, self.at)
        self.at.children.append(node)
        if tag not in self.VOID:
            self.at = node

    def handle_endtag(self, tag: str) -> None:
        node: Node | None = self.at
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.at = node.parent

    def handle_data(self, data: str) -> None:
        self.at.children.append(data)


def squash(text: str) -> str:
    return " ".join(text.split())


# --- playing a board with robots -----------------------------------------------------------------


def wait_until(conn, done, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not done(conn):
        assert time.monotonic() < deadline, "the robots did not act in time"
        conn.sync()
        time.sleep(0.005)


def my_turn_or_done(conn) -> bool:
    v = conn.view
    return v is not None and (v["phase"] == "done" or v["acting"] == "S" or v["claim"] is not None)


def robot_table(player, board_set: str, **settings: Any) -> tuple[int, Any]:
    """A table of ``board_set`` with ``player`` South and robots elsewhere; board 1 begun."""
    table_id = player.create_table(robot_level=0, seat="S", board_set=board_set, **settings)
    return table_id, player.connect(table_id)


def play_board(conn) -> None:
    """South opens the lowest bid it may and passes after; in the play, the first legal card."""
    bid = False
    while True:
        wait_until(conn, my_turn_or_done)
        v = conn.view
        if v["phase"] == "done":
            return
        if v["phase"] == "auction":
            call = "P" if bid else next(c for c in v["legal_calls"] if c[0].isdigit())
            bid = True
            msg = {"type": "call", "call": call}
        else:
            msg = {"type": "card", "card": v["legal_cards"][0]}
        msgs = conn.request(msg)
        assert not [m for m in msgs if m["type"] == "error"], msgs


def page(player, path: str, lang: str) -> tuple[int, str]:
    player.client.get(f"/lang/{lang}?next=/")
    r = player.client.get(path)
    return r.status_code, r.text


# --- the tests -----------------------------------------------------------------------------------


def test_the_page_shows_the_whole_hand_record_in_both_languages(server, h):
    ann, bob = h.Player(server).register("ann"), h.Player(server).register("bob")
    a, conn_a = robot_table(ann, "page-1", scoring="MP")
    play_board(conn_a)
    path = f"/tables/{a}/boards/1"
    rec = ann.client.get(f"/api/tables/{a}/boards/1").json()
    assert rec["contract"] is not None and len(rec["play"]) >= 4

    status, zh_html = page(ann, path, "zh")
    assert status == 200 and zh_html.startswith("<!doctype html>")
    zh = Page(zh_html).root
    # The record the replay reads is the API's record, embedded in the page.
    assert json.loads(zh.by_id("record-data").text()) == rec
    assert zh.all("html")[0].attrs["lang"] == "zh-CN"
    assert '<meta charset="utf-8">' in zh_html and "/static/record.js" in zh_html
    assert "/static/record.css" in zh_html

    # The board: number, dealer, vulnerability (board 1: North deals, nobody vulnerable).
    summary = squash(zh.by_id("record-summary").text())
    assert zh.by_id("rp-board").text() == "1" and zh.by_id("rp-dealer").text() == "北"
    assert zh.by_id("rp-vul").text() == "双方无局" and "牌号" in summary and "局况" in summary
    contract = rec["contract"]
    level, strain = contract[0], contract[1:].rstrip("X")
    shown = level + ("无将" if strain == "NT" else SYMBOL[strain])
    assert squash(zh.by_id("rp-contract").text()).startswith(shown)
    assert "定约" in summary and "庄家" in summary and "首攻" in summary
    assert zh.by_id("rp-declarer").text() == SEAT_ZH[rec["declarer"]]
    need = int(level) + 6
    taken = rec["tricks_taken"]
    result = squash(zh.by_id("rp-result").text())
    assert result.startswith(f"{taken}墩")
    assert ("宕" in result) == (taken < need) and ("成" in result) == (taken == need)
    score = rec["score_ns"]
    assert zh.by_id("rp-score").text() == (f"+{score}" if score > 0 else str(score))
    lead = rec["play"][0]
    assert squash(zh.by_id("rp-lead").text()) == (
        SEAT_ZH[lead["seat"]] + " " + SYMBOL[lead["card"][0]] + lead["card"][1].replace("T", "10")
    )

    # The compass diagram: every card of the deal, by seat, symbols coloured by suit.
    for seat in "NESW":
        hand = zh.by_id(f"rec-{seat}")
        assert {c.attrs["data-card"] for c in hand.all(cls="chip")} == set(rec["hands"][seat])
        for chip in hand.all(cls="chip"):
            assert ("red" in chip.classes) == (chip.attrs["data-card"][0] in "HD")
    # The auction: every call, in four columns, West first.
    table = zh.by_id("record-auction")
    assert [squash(th.text())[:1] for th in table.all("th")] == ["西", "北", "东", "南"]
    calls = [td.attrs["data-call"] for td in table.all("td") if "data-call" in td.attrs]
    assert calls == [e["call"] for e in rec["auction"]]
    empty_before = ["W", "N", "E", "S"].index(rec["dealer"])
    assert all(not td.text().strip() for td in table.all("td")[:empty_before])
    assert "不叫" in table.text()  # passes in Chinese
    explained = [e for e in rec["auction"] if e["explanation"]]
    if explained:
        notes = zh.by_id("auction-notes").all("li")
        assert len(notes) == len(explained)
        for note, e in zip(notes, explained, strict=True):
            assert (e["explanation_zh"] or e["explanation"]) in note.text()

    # The play, trick by trick: who led, each card (its DD cost marked), who won.
    rows = zh.by_id("record-tricks").all("tr", trick="1")
    assert rows
    trick_rows = [r for r in zh.by_id("record-tricks").all("tr") if "data-trick" in r.attrs]
    assert len(trick_rows) == len(rec["tricks"])
    for row, trick in zip(trick_rows, rec["tricks"], strict=True):
        assert row.attrs["data-leader"] == trick["leader"]
        assert row.all(cls="rp-leader")[0].text() == SEAT_ZH[trick["leader"]]
        if trick["winner"]:
            assert row.all(cls="rp-winner")[0].text() == SEAT_ZH[trick["winner"]]
        cells = {td.attrs["data-seat"]: td for td in row.all("td") if "data-seat" in td.attrs}
        assert {s: td.attrs["data-card"] for s, td in cells.items()} == {
            c["seat"]: c["card"] for c in trick["cards"]
        }
        assert "lead" in cells[trick["leader"]].classes
    cells = sorted(
        zh.by_id("record-tricks").all("td", cls="rp-card"),
        key=lambda td: int(td.attrs["data-index"]),
    )
    assert [td.attrs["data-card"] for td in cells] == [p["card"] for p in rec["play"]]
    assert all(p["cost"] is not None for p in rec["play"])
    for td, p in zip(cells, rec["play"], strict=True):
        assert int(td.attrs["data-cost"]) == p["cost"]
        marks = td.all("sup", cls="cost")
        assert ("costly" in td.classes) == bool(p["cost"]) == bool(marks)
        if p["cost"]:
            assert marks[0].text() == f"−{p['cost']}"

    # The DD table and par: what qipai.analysis answers for this deal.
    deal = Deal.parse(rec["deal"])
    dd = dd_table(deal).to_dict()
    shown_dd = {
        (td.attrs["data-seat"], td.attrs["data-strain"]): int(td.text())
        for td in zh.by_id("record-dd").all("td")
    }
    assert len(shown_dd) == 20
    assert shown_dd == {(s, st): n for s, row in dd.items() for st, n in row.items()}
    p = par(dd_table(deal), Seat.NORTH, Vulnerability.NONE)
    par_text = squash(zh.by_id("record-par").text())
    assert par_text.startswith("最优定约 (Par)") and par_text.endswith(
        f"南北 {p.score:+d}" if p.score else "南北 0"
    )
    # The files, and this table among the results.
    assert zh.by_id("record-pbn").attrs["href"] == f"/tables/{a}/boards/1.pbn"
    assert zh.by_id("record-lin").attrs["href"] == f"/tables/{a}/boards/1.lin"
    [this] = zh.by_id("record-results").all("tr", cls="this")
    assert this.all("a")[0].attrs["href"] == path and "本桌" in this.text()

    # The same page in English.
    status, en_html = page(ann, path, "en")
    assert status == 200
    en = Page(en_html).root
    assert en.all("html")[0].attrs["lang"] == "en"
    summary = squash(en.by_id("record-summary").text())
    assert (
        en.by_id("rp-dealer").text() == "North" and en.by_id("rp-vul").text() == "None vulnerable"
    )
    for word in ("Board", "Dealer", "Vulnerability", "Contract", "Declarer", "Result"):
        assert word in summary
    assert "Opening lead" in summary
    shown = level + ("NT" if strain == "NT" else SYMBOL[strain])
    assert squash(en.by_id("rp-contract").text()).startswith(shown)
    assert en.by_id("rp-declarer").text() == SEAT_EN[rec["declarer"]]
    result = squash(en.by_id("rp-result").text())
    diff = taken - need
    assert result == f"{taken} tricks ({'=' if diff == 0 else f'{diff:+d}'})"
    trick_rows = [r for r in en.by_id("record-tricks").all("tr") if "data-trick" in r.attrs]
    assert trick_rows[0].all(cls="rp-leader")[0].text() == SEAT_EN[rec["tricks"][0]["leader"]]
    heads = [squash(th.text()) for th in en.by_id("record-tricks").all("th")]
    assert heads == ["Trick", "Led by", "West", "North", "East", "South", "Won by"]
    assert "Pass" in en.by_id("record-auction").text()
    assert squash(en.by_id("record-par").text()).startswith("Par:")
    assert "Double-dummy tricks" in en_html and "This board at every table" in en_html

    # Bob plays the same boards at another table: until his board 1 is over, not for him.
    b, conn_b = robot_table(bob, "page-1", scoring="MP")
    r = bob.client.get(path)
    # The page speaks the reader's language (zh-CN by default), the error too.
    assert (
        r.status_code == 403 and "你还要在第2桌打这副牌" in r.text and "still to play" not in r.text
    )
    assert bob.client.get(f"/api/tables/{a}/boards/1").status_code == 403  # the same rule
    r = bob.client.get(f"/tables/{b}/boards/1")  # his own board, still being played
    assert r.status_code == 409 and "第1副还在进行中" in r.text
    assert ann.client.get(f"/tables/{b}/boards/1").status_code == 409
    play_board(conn_b)
    status, html = page(bob, path, "en")
    assert status == 200
    results = Page(html).root.by_id("record-results")
    links = {a_.attrs["href"] for a_ in results.all("a")}
    assert links == {path, f"/tables/{b}/boards/1"}
    # Each table's page links to the other's; both show the same deal.
    status, html_b = page(ann, f"/tables/{b}/boards/1", "zh")
    assert status == 200
    rec_b = json.loads(Page(html_b).root.by_id("record-data").text())
    assert rec_b["deal"] == rec["deal"] and rec_b["table_id"] == b
    assert {a_.attrs["href"] for a_ in Page(html_b).root.by_id("record-results").all("a")} == links
    # Anyone may read a public table's finished board, logged in or not.
    visitor = h.Player(server)
    assert visitor.client.get(path).status_code == 200
    h.close_all()


def test_unknown_boards_tables_and_private_tables(server, h):
    ann, eve = h.Player(server).register("ann"), h.Player(server).register("eve")
    a, _conn = robot_table(ann, "page-2", private=True)
    # Board 1 is being played; board 2 is not dealt; table 999 does not exist.
    r = ann.client.get(f"/tables/{a}/boards/1")
    assert r.status_code == 409 and "第1副还在进行中" in r.text
    r = ann.client.get(f"/tables/{a}/boards/2")
    assert r.status_code == 404 and "本桌还没有发第2副牌" in r.text
    assert ann.client.get(f"/tables/{a}/boards/0").status_code == 404
    r = ann.client.get("/tables/999/boards/1")
    assert r.status_code == 404 and "没有这张牌桌" in r.text
    assert ann.client.get(f"/tables/{a}/boards/x").status_code == 404
    # A private table's records are for its own people (and those invited).
    r = eve.client.get(f"/tables/{a}/boards/1")
    assert r.status_code == 403 and "这是私人桌：请用邀请链接进入" in r.text
    # Error pages come in the page's language, the message too.
    eve.client.get("/lang/en?next=/")
    r = eve.client.get(f"/tables/{a}/boards/1")
    assert "a private table: open it with its invitation link" in r.text and "出错了" not in r.text
    h.close_all()


# --- the template alone, on boards no robot table gives on demand --------------------------------


def render(record: dict[str, Any], lang: str) -> Node:
    from starlette.templating import Jinja2Templates

    from qipai.server.record_page import record_context
    from qipai.web import TEMPLATES, i18n

    templates = Jinja2Templates(directory=str(TEMPLATES))
    templates.env.globals["t"] = i18n.t
    ctx = {"lang": lang, "html_lang": i18n.HTML_LANG[lang], "user": None, "csrf": "-", "path": "/"}
    ctx.update(record_context(record, "club", lang))
    return Page(templates.get_template("hand_record.html").render(ctx)).root


def board_record(number: int, calls: list[str], cards: int, claim: int | None = None):
    from qipai.bridge import MakeCall, PlayCard, agree_claim, apply, legal_cards, new_board
    from qipai.bridge.calls import parse_call
    from qipai.server.records import PlayedBoard, record_json

    state = new_board(number, Deal.from_seed(f"record-page:{number}"))
    for call in calls:
        state = apply(state, MakeCall(parse_call(call)))
    for _ in range(cards):
        state = apply(state, PlayCard(legal_cards(state)[0]))
    if claim is not None:
        state = agree_claim(state, claim)
    players = {"N": "ann", "E": None, "S": "bob", "W": None}
    played = PlayedBoard(number, state, players, ("", "", "", "", "", ""), None)
    row = {
        "table_id": 7,
        "score_ns": state.score_ns,
        "imps": 0.0,
        "table_name": "club",
        "board_no": number,
        "contract": None if state.contract is None else str(state.contract),
        "declarer": None if state.declarer is None else state.declarer.letter,
        "tricks": state.declarer_tricks,
        "this": True,
    }
    rec = record_json(
        played, table_id=7, scoring="IMP", dd=None, par_=None, costs=None, results=[row]
    )
    rec["files"] = {fmt: f"/tables/7/boards/{number}.{fmt}" for fmt in ("pbn", "lin")}
    return rec


def test_a_passed_out_board_without_analysis():
    rec = board_record(2, ["P", "P", "P", "P"], 0)  # board 2: East deals, N-S vulnerable
    zh = render(rec, "zh")
    assert zh.by_id("rp-dealer").text() == "东" and zh.by_id("rp-vul").text() == "南北有局"
    assert zh.by_id("rp-contract").text() == "四家不叫" and zh.by_id("rp-score").text() == "0"
    assert "四家不叫" in zh.by_id("no-play").text()
    ids = {n.attrs.get("id") for n in zh.all()}
    assert not ids & {"rp-declarer", "rp-lead", "replay-controls", "record-tricks", "record-dd"}
    assert "暂无双明手分析" in zh.text()
    # North and South are vulnerable: their labels say so.
    for seat, vul in zip("NESW", (True, False, True, False), strict=True):
        assert ("有局" in zh.by_id(f"rec-{seat}").text()) == vul
    assert "发牌人" in zh.by_id("rec-E").text()
    [row] = zh.by_id("record-results").all("tr", cls="this")
    assert "四家不叫" in row.text() and row.all("td", cls="imps")[0].text() == "0"
    # The auction begins in East's column; the three cells before it are empty.
    cells = zh.by_id("record-auction").all("td")
    assert [c.text() for c in cells[:2]] == ["", ""] and cells[2].attrs["data-call"] == "P"


def test_a_claimed_redoubled_contract_without_dd_costs():
    # Board 3: South deals. 1NT redoubled by South; six cards, then South claims 5 more.
    rec = board_record(3, ["1NT", "X", "XX", "P", "P", "P"], 6, claim=5)
    en = render(rec, "en")
    assert squash(en.by_id("rp-contract").text()) == "1NT XX"
    assert en.by_id("rp-declarer").text() == "South"
    taken = rec["tricks_taken"]
    assert squash(en.by_id("rp-result").text()).startswith(f"{taken} tricks (")
    assert en.by_id("rp-claim").text() == "Declarer South claimed 5 of the remaining tricks"
    rows = [r for r in en.by_id("record-tricks").all("tr") if "data-trick" in r.attrs]
    assert len(rows) == 2 and rows[0].attrs["data-leader"] == "W"
    assert rows[1].attrs["data-winner"] == "" and len(rows[1].all("td", cls="rp-card")) == 2
    assert not en.by_id("record-tricks").all("sup", cls="cost")
    assert en.by_id("dd-legend").text() == "No double-dummy analysis yet"
    assert en.by_id("replay-controls").attrs["class"].endswith("hidden")  # until the script runs
    assert "Redouble" not in en.by_id("record-auction").text()  # XX, as printed records have it
    zh = render(rec, "zh")
    assert squash(zh.by_id("rp-contract").text()) == "1无将 再加倍"
    cells = [squash(td.text()) for td in zh.by_id("record-auction").all("td")]
    assert cells[:4] == ["", "", "", "1无将"]
    assert "加倍" in zh.by_id("record-auction").text()
    assert zh.by_id("rp-claim").text() == "庄家南摊牌：剩余牌中再得5墩"
