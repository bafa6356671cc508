"""``qipai analyze FILE [--json] [--write OUT.pbn] [--workers N] [--dask ADDRESS]``: the DD
table and par of every board in a PBN or LIN file, using each board's own dealer and
vulnerability.

Each distinct deal is solved once (a file often holds one board played at many tables), in
batches on every core: by DDS's own threads by default, by N worker processes with
``--workers N`` (``--workers 1``: one thread, this process), or by the workers of a Dask
cluster with ``--dask ADDRESS`` (``--dask local`` starts one of a process per core here). The
output is the same whichever solves it. A long run shows a progress bar on a terminal (and a
line per batch otherwise). A board that cannot be analysed is reported with its number and the
rest go on; the exit status is then 1.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Sequence

from ..analysis import bulk
from ..analysis.dds import MAX_TABLES_PER_CALL, DDSError, DDTable
from ..analysis.par import Par, par
from ..bridge.cards import DECK, Seat, Strain
from ..bridge.deal import Deal, Hand
from ..formats import Record, read_file, write_pbn
from . import SUMMARIES
from .progress import ProgressBar

# The header of PBN's OptimumResultTable section; its rows come from DDTable.
RESULT_TABLE_HEADER = "Declarer;Denomination\\2R;Result\\2R"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("analyze", help=SUMMARIES["analyze"])
    p.add_argument("file", help="a .pbn or .lin file")
    p.add_argument("--json", action="store_true", help="print a JSON list, one object per board")
    p.add_argument(
        "--write",
        metavar="OUT.pbn",
        help="write the file's boards to OUT.pbn with DoubleDummyTricks, OptimumScore, "
        "ParContract and OptimumResultTable added",
    )
    p.add_argument(
        "--workers",
        type=_workers,
        metavar="N",
        help="solve on N worker processes, DDS on one thread each (1: this process alone); "
        "default: this process, DDS on every core",
    )
    p.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="solve on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786), or "
        "'local' to start one here with a worker process per core (or --workers N)",
    )
    p.set_defaults(handler=run)


def _workers(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"a number of workers is 1 or more, not {text!r}")
    return n


@dataclasses.dataclass
class _Board:
    """One board of the file to report: the first record of each board number and deal."""

    label: object
    number: int | None
    record: Record
    deal: Deal | None
    error: str | None = None
    table: DDTable | None = None
    par: Par | None = None


def run(args: argparse.Namespace) -> int:
    records = read_file(args.file)
    boards, key_of = _distinct_boards(records)
    _solve(boards, args.workers, args.dask)
    if args.json:
        print(json.dumps([_board_json(b) for b in boards if b.error is None], indent=2))
    else:
        for b in boards:
            if b.error is None:
                print(_board_text(b))
    for b in boards:
        if b.error is not None:
            print(f"qipai analyze: board {b.label}: {b.error}", file=sys.stderr)
    if args.write:
        _write(args.write, records, [boards[key_of[i]] for i in range(len(records))])
    return 1 if any(b.error is not None for b in boards) else 0


def _distinct_boards(records: Sequence[Record]) -> tuple[list[_Board], dict[int, int]]:
    """One _Board per distinct (number, dealer, vulnerability, deal); which one each record is."""
    boards: list[_Board] = []
    index: dict[tuple[object, ...], int] = {}
    key_of: dict[int, int] = {}
    for i, r in enumerate(records):
        deal, error = _full_deal(r.deal)
        key = (r.number, r.dealer, r.vulnerability, deal if deal is not None else i)
        if key not in index:
            label = r.number if r.number is not None else f"#{i + 1}"
            index[key] = len(boards)
            boards.append(_Board(label, r.number, r, deal, error))
        key_of[i] = index[key]
    return boards, key_of


def _full_deal(deal: Deal) -> tuple[Deal | None, str | None]:
    """The deal with a single hidden hand filled in from the cards left; or why it cannot be."""
    known = [s for s in Seat if len(deal[s])]
    if len(known) == 3 and all(len(deal[s]) == 13 for s in known):
        (missing,) = (s for s in Seat if s not in known)
        used = set().union(*(deal[s].cards for s in known))
        deal = deal.replace(missing, Hand(c for c in DECK if c not in used))
    if len(known) < 3:
        return None, f"the deal shows only {len(known)} hands"
    return deal, None


def _solve(boards: list[_Board], workers: int | None, scheduler: str | None) -> None:
    todo = [b for b in boards if b.deal is not None and b.error is None]
    distinct = len({b.deal for b in todo})
    bar = ProgressBar(distinct, sys.stderr)
    lines = not bar.on and distinct > MAX_TABLES_PER_CALL

    def progress(done: int, total: int) -> None:
        bar.show(done, "deals solved")
        if lines:
            print(f"qipai analyze: {done}/{total} deals solved", file=sys.stderr, flush=True)

    deals = [b.deal for b in todo if b.deal is not None]
    labels = [b.label for b in todo]
    try:
        tables = bulk.solve(deals, labels, workers=workers, scheduler=scheduler, progress=progress)
    finally:
        bar.clear()
    for b, t in zip(todo, tables, strict=True):
        if isinstance(t, DDSError):
            b.error = t.reason
            continue
        b.table = t
        try:
            b.par = par(t, b.record.dealer, b.record.vulnerability, board=b.label)
        except DDSError as e:
            b.error = e.reason


def _board_json(b: _Board) -> dict[str, object]:
    assert b.table is not None and b.par is not None
    return {"board": b.number, "dd": b.table.to_dict(), "par": b.par.to_dict()}


def _board_text(b: _Board) -> str:
    assert b.table is not None and b.par is not None
    r = b.record
    lines = [f"Board {b.label}  Dealer {r.dealer.letter}  Vul {r.vulnerability}"]
    lines.append("     " + "".join(f"{s.letter:>4}" for s in Strain))
    for seat in (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST):
        row = "".join(f"{b.table.tricks(seat, s):>4}" for s in Strain)
        lines.append(f"  {seat.letter}  {row}")
    lines.append(f"  Par {b.par}")
    return "\n".join(lines) + "\n"


def dd_tags(table: DDTable, result: Par) -> list[tuple[str, str]]:
    """The standard PBN tags for a board's DD table and par, as (name, value) pairs; the
    OptimumResultTable value is its header line then its rows, one a line."""
    return [
        ("DoubleDummyTricks", table.pbn()),
        ("OptimumScore", result.optimum_score()),
        ("ParContract", result.par_contract()),
        ("OptimumResultTable", "\n".join([RESULT_TABLE_HEADER, *table.optimum_result_table()])),
    ]


def _write(path: str, records: Sequence[Record], boards: Sequence[_Board]) -> None:
    out = []
    for r, b in zip(records, boards, strict=True):
        if b.table is None or b.par is None:
            out.append(r)
            continue
        ours = dict(dd_tags(b.table, b.par))
        tags = [(k, ours.pop(k) if k in ours else v) for k, v in r.tags]
        tags.extend(ours.items())
        out.append(dataclasses.replace(r, tags=tuple(tags)))
    with open(path, "w", encoding="utf-8") as f:
        f.write(write_pbn(out))
