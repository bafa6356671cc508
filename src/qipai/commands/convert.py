"""``qipai convert IN OUT``: boards from one of PBN, LIN and JSON to another, each file's format
told by its extension (.pbn, .lin, .json).

``qipai convert IN... OUTDIR --to lin`` converts several files, or every board file in a
folder (and the folders in it), into OUTDIR, one file each with the same name and the new
extension in the same place under OUTDIR (``deal.pbn`` and ``deal.lin`` become
``deal.pbn.json`` and ``deal.lin.json``, not one over the other), and ends with a summary:
files read, boards, warnings, files refused. A file that cannot be read is named with the line
and tag of its fault and the others are still converted. On a terminal a progress bar shows
how far a long run has got.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

from ..bridge.errors import QipaiError
from ..formats import EXTENSIONS, read_file, write_text
from ..formats.lin import write_lin
from ..formats.record import Record
from . import SUMMARIES
from .progress import ProgressBar


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("convert", help=SUMMARIES["convert"])
    p.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="the files (or folders) to read, then the file or folder to write",
    )
    p.add_argument(
        "--to",
        choices=("pbn", "lin", "json"),
        help="the format to write when converting into a folder",
    )
    p.add_argument(
        "--strict",
        action="store_true",
        help="refuse a file that needs putting right (rather than put it right and say so)",
    )
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    *inputs, output = args.paths
    if not inputs:
        raise QipaiError("give the files to read and the file or folder to write")
    if len(inputs) == 1 and Path(inputs[0]).is_file() and args.to is None:
        return _one(Path(inputs[0]), Path(output), args.strict)
    if args.to is None:
        raise QipaiError("several files or a folder convert into a folder: say --to pbn|lin|json")
    return _many(_board_files(inputs), Path(output), "." + args.to, args.strict)


def _write(records: list[Record], kind: str, lost: list[str]) -> str:
    if kind == ".lin":
        return write_lin(records, lost)
    return write_text(records, kind)


def _one(source: Path, target: Path, strict: bool) -> int:
    if target.suffix.lower() not in EXTENSIONS:
        raise QipaiError(f"cannot tell the format from {target.name!r}: use .pbn, .lin or .json")
    records = read_file(source, strict=strict)
    lost: list[str] = []
    text = _write(records, target.suffix.lower(), lost)
    target.write_text(text, encoding="utf-8")
    count = len(records)
    print(f"{count} board{'s' if count != 1 else ''}: {source} -> {target}")
    repaired = [r for r in records if r.repairs]
    if repaired:
        print(
            f"qipai convert: {len(repaired)} of {len(records)} records were put right on "
            f"reading (qipai show lists how), e.g. {repaired[0].repairs[0]}",
            file=sys.stderr,
        )
    for message in lost:
        print(f"qipai convert: {message}", file=sys.stderr)
    return 0


def _board_files(inputs: list[str]) -> list[tuple[Path, Path]]:
    """Each board file to read, with where under the output folder it goes (without its new
    extension): a folder's files keep their place in it."""
    found: list[tuple[Path, Path]] = []
    for name in inputs:
        path = Path(name)
        if path.is_dir():
            found.extend(
                (p, p.relative_to(path))
                for p in sorted(path.rglob("*"))
                if p.is_file() and p.suffix.lower() in EXTENSIONS
            )
        elif path.is_file():
            found.append((path, Path(path.name)))
        else:
            raise QipaiError(f"{name}: no such file or folder")
    return found


def _targets(files: list[tuple[Path, Path]], folder: Path, kind: str) -> list[Path]:
    """Where each file is written: its place with the new extension, or, where two would
    meet (``deal.pbn`` and ``deal.lin`` to JSON), its whole name and the new extension."""
    plain = [folder / place.with_suffix(kind) for _, place in files]
    return [
        folder / place.with_name(place.name + kind) if plain.count(target) > 1 else target
        for (_, place), target in zip(files, plain, strict=True)
    ]


_SHOWN = 3  # boards that lost parts, named one by one per file in a run over many


@dataclass
class Summary:
    """What a run over several files did."""

    files: int = 0
    boards: int = 0
    warnings: int = 0
    refused: list[str] = field(default_factory=list)
    lost: int = 0  # boards written without parts the output format cannot hold

    def line(self) -> str:
        return (
            f"{self.files} file{'s' if self.files != 1 else ''} read, {self.boards} boards, "
            f"{self.warnings} warning{'s' if self.warnings != 1 else ''}, "
            f"{len(self.refused)} refused, {self.lost} board{'s' if self.lost != 1 else ''}"
            " written without parts the format cannot hold"
        )


def _many(files: list[tuple[Path, Path]], folder: Path, kind: str, strict: bool) -> int:
    summary = Summary()
    bar = ProgressBar(len(files), sys.stderr)
    targets = _targets(files, folder, kind)
    for i, ((source, _), target) in enumerate(zip(files, targets, strict=True), 1):
        bar.show(i - 1, source.name)
        lost: list[str] = []
        try:
            records = read_file(source, strict=strict)
            text = _write(records, kind, lost)
        except QipaiError as e:
            summary.refused.append(str(e))
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        summary.files += 1
        summary.boards += len(records)
        warned = [r for r in records if r.repairs]
        summary.warnings += sum(len(r.repairs) for r in warned)
        summary.lost += len(lost)
        bar.clear()
        for message in lost[:_SHOWN]:
            print(f"qipai convert: {message}", file=sys.stderr)
        if len(lost) > _SHOWN:
            print(
                f"qipai convert: {source}: and {len(lost) - _SHOWN} more boards like these "
                f"(qipai convert {source.name} OUT{kind} lists every one)",
                file=sys.stderr,
            )
        if warned:
            count = sum(len(r.repairs) for r in warned)
            print(
                f"qipai convert: {source}: {count} warning{'s' if count != 1 else ''} "
                f"(qipai show lists them), e.g. {warned[0].repairs[0]}",
                file=sys.stderr,
            )
    bar.clear()
    for message in summary.refused:
        print(f"qipai convert: refused: {message}", file=sys.stderr)
    print(f"{summary.line()} -> {folder}")
    return 1 if summary.refused else 0
