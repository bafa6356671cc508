"""DDS's own answer files (dds-bridge/dds v2.9 hands/, Apache-2.0), reproduced through our adapter.

``dds_list*.txt``: per deal ``PBN dealer vul trump first "deal"``, ``FUT`` (SolveBoard at the
opening lead), ``TABLE`` (20 ints: strains S, H, D, C, NT, each for declarers N, E, S, W),
``PAR``, ``PAR2 "score" "contract"...`` (dealer-aware par, NS-relative), ``PLAY n "cards"`` and
``TRACE n t0 t1 ...`` (AnalysePlay: declarer's DD tricks before and after each card, stopping
after the 48th card). DDS numbers vulnerability 0 none, 1 both, 2 NS, 3 EW; strains 0 S .. 4 NT.

``dds_sol10.txt`` is in GIB's format: ``<deal, West first>:<20 hex digits>``, strains NT, S, H, D,
C, each for declarers E, N, W, S, counting North-South's tricks (13 - tricks for E/W declarers).
"""

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from qipai.analysis.dds import DDTable, dd_tables
from qipai.analysis.par import par
from qipai.analysis.solve import play_trace, play_traces, solve
from qipai.bridge import (
    Card,
    Deal,
    MakeCall,
    PlayCard,
    Seat,
    Strain,
    Vulnerability,
    apply,
    new_board,
    parse_call,
)

DDS_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "bridge" / "dds"

DDS_STRAIN = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)
DDS_VUL = (Vulnerability.NONE, Vulnerability.BOTH, Vulnerability.NS, Vulnerability.EW)


@dataclass
class Case:
    dealer: Seat
    vul: Vulnerability
    strain: Strain
    leader: Seat
    deal: Deal
    fut: list[int]
    table: list[int]
    par2: list[str]
    play: list[Card]
    trace: list[int]


def _file(name):
    path = DDS_DIR / name
    if not path.exists():
        pytest.skip(f"{path} is missing")
    return path


@cache
def cases(name):
    lines = _file(name).read_text().splitlines()
    out: list[Case] = []
    for i, line in enumerate(lines):
        if not line.startswith("PBN "):
            continue
        m = re.match(r'PBN (\d) (\d) (\d) (\d) "([^"]+)"', line)
        assert m, line
        rest = {ln.split()[0]: ln for ln in lines[i + 1 : i + 7] if ln.strip()}
        play_text = re.search(r'"([^"]*)"', rest["PLAY"]).group(1)
        out.append(
            Case(
                dealer=Seat(int(m[1])),
                vul=DDS_VUL[int(m[2])],
                strain=DDS_STRAIN[int(m[3])],
                leader=Seat(int(m[4])),
                deal=Deal.parse(m[5]),
                fut=[int(x) for x in rest["FUT"].split()[1:]],
                table=[int(x) for x in rest["TABLE"].split()[1:]],
                par2=re.findall(r'"([^"]*)"', rest["PAR2"]),
                play=[Card.parse(play_text[j : j + 2]) for j in range(0, len(play_text), 2)],
                trace=[int(x) for x in rest["TRACE"].split()[2:]],
            )
        )
    count = int(lines[0].split()[1])
    assert len(out) == count
    return out


_TABLES: dict[Deal, DDTable] = {}


def tables(name):
    """Our tables for a file's deals, each deal solved once in this run (list10 is in list100)."""
    todo = [c.deal for c in cases(name) if c.deal not in _TABLES]
    _TABLES.update(zip(todo, dd_tables(todo), strict=True))
    return [_TABLES[c.deal] for c in cases(name)]


def _table_ints(t: DDTable) -> list[int]:
    """Our table in the file's layout: strains S, H, D, C, NT, each for N, E, S, W."""
    return [t.tricks(seat, strain) for strain in DDS_STRAIN for seat in Seat]


# --- TABLE ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["dds_list10.txt", "dds_list100.txt"])
def test_every_table_is_reproduced(name):
    got = [_table_ints(t) for t in tables(name)]
    want = [c.table for c in cases(name)]
    wrong = [i + 1 for i, (g, w) in enumerate(zip(got, want, strict=True)) if g != w]
    assert not wrong, f"tables differ for deals {wrong}"
    assert len(got) == {"dds_list10.txt": 10, "dds_list100.txt": 100}[name]


def test_gib_format_solutions_are_reproduced():
    lines = _file("dds_sol10.txt").read_text().splitlines()
    deals, want = [], []
    for line in lines:
        hands, hexes = line.split(":")
        deals.append(Deal.parse("W:" + hands))
        want.append([int(ch, 16) for ch in hexes])
    got = []
    for t in dd_tables(deals):
        row = []
        for strain in (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS):
            for seat in (Seat.EAST, Seat.NORTH, Seat.WEST, Seat.SOUTH):
                n = t.tricks(seat, strain)
                row.append(13 - n if seat in (Seat.EAST, Seat.WEST) else n)
        got.append(row)
    assert got == want
    assert len(got) == 10


# --- PAR2 -----------------------------------------------------------------------------------


def _par2_contracts(texts: list[str]) -> set[str]:
    """DDS's ``4S*-EW-1`` / ``3N-E`` / ``1N-NS+1`` as our per-declarer forms ``4SXE-1``..."""
    out = set()
    for text in texts:
        if text.lower() == "pass":
            continue
        m = re.fullmatch(r"([1-7])([SHDCN])(\*?)-(NS|EW|N|E|S|W)([+-]\d+)?", text)
        assert m, text
        strain = "NT" if m[2] == "N" else m[2]
        for seat in m[4]:
            out.add(f"{m[1]}{strain}{'X' if m[3] else ''}{seat}{m[5] or ''}")
    return out


@pytest.mark.parametrize("name", ["dds_list10.txt", "dds_list100.txt"])
def test_every_dealer_par_is_reproduced(name):
    # Par from the file's own TABLE: quick, and the table test shows ours are the same.
    n = 0
    for i, c in enumerate(cases(name)):
        t = c.table
        rows = [[0] * 5 for _ in Seat]
        for k, strain in enumerate(DDS_STRAIN):
            for seat in Seat:
                rows[seat][strain] = t[k * 4 + seat]
        p = par(DDTable(tuple(map(tuple, rows))), c.dealer, c.vul, board=i + 1)
        assert p.score == int(c.par2[0]), f"deal {i + 1}"
        assert {str(x) for x in p.contracts} == _par2_contracts(c.par2[1:]), f"deal {i + 1}"
        n += 1
    assert n == len(cases(name))


def test_par_of_a_deal_agrees_with_par_of_its_table():
    c = cases("dds_list10.txt")[3]
    assert par(c.deal, c.dealer, c.vul) == par(tables("dds_list10.txt")[3], c.dealer, c.vul)


# --- PLAY / TRACE ---------------------------------------------------------------------------


def _state(c: Case, played: list[Card]):
    """The board with the file's strain and opening leader: the leader's RHO declares."""
    declarer = c.leader.rho
    s = new_board(1, c.deal, dealer=c.dealer, vulnerability=c.vul)
    calls = ["P"] * ((declarer - c.dealer) % 4) + [f"1{c.strain.letter}", "P", "P", "P"]
    for call in calls:
        s = apply(s, MakeCall(parse_call(call)))
    assert s.declarer == declarer
    for card in played:
        s = apply(s, PlayCard(card))  # also checks the file's play is legal by our rules
    return s


@pytest.mark.parametrize("name", ["dds_list10.txt", "dds_list100.txt"])
def test_every_trace_is_reproduced(name):
    states = [_state(c, c.play) for c in cases(name)]
    # One board at a time for the short file, all at once (every core) for the long one.
    got_all = [play_trace(s) for s in states] if len(states) <= 10 else play_traces(states)
    for i, (c, got) in enumerate(zip(cases(name), got_all, strict=True)):
        assert len(got) == len(c.play) + 1
        # DDS stops after the 48th card: the rest are forced and ours stay level.
        assert got[: len(c.trace)] == c.trace, f"deal {i + 1}"
        assert set(got[len(c.trace) - 1 :]) == {c.trace[-1]}
    assert len(got_all) == len(cases(name))


# --- FUT: the opening lead solved -----------------------------------------------------------


def test_opening_leads_match_solveboard():
    for i, c in enumerate(cases("dds_list10.txt")):
        k = c.fut[0]
        suits, ranks, equals, scores = (c.fut[1 + j * k : 1 + (j + 1) * k] for j in range(4))
        want = {}
        for suit, rank, eq, score in zip(suits, ranks, equals, scores, strict=True):
            bits = (1 << rank) | eq
            for r in range(2, 15):
                if bits & (1 << r):
                    want[Card.parse("SHDC"[suit] + "23456789TJQKA"[r - 2])] = score
        assert solve(_state(c, [])) == want, f"deal {i + 1}"
