"""``make bench``: run every benchmark script under bench/ in turn and print its figures.

Each benchmark measures a reference in the same run and prints ratios against it; none asserts
on time.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent


def scripts() -> list[Path]:
    found = sorted(p for p in HERE.glob("*.py") if not p.name.startswith("_"))
    found += sorted(p for p in HERE.glob("*/*.py") if not p.name.startswith("_"))
    return found


def main() -> int:
    only = sys.argv[1:]
    failed = 0
    for script in scripts():
        if only and not any(word in script.name for word in only):
            continue
        print(f"\n=== {script.relative_to(HERE.parent)}", flush=True)
        rc = subprocess.call([sys.executable, str(script)], cwd=HERE.parent)
        failed += rc != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
