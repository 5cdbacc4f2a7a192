"""The ``cardsize`` command of a wheel: ``cardsize ARGS`` or ``python -m cardsize ARGS`` runs the
program the wheel carries (``cardsize/bin/cardsize``), which finds the wheel's fonts beside it.

A module outside the package, so that the console script starts the program without importing
the package, which loads its library first (100 ms of every start).
"""
import os
import sys
from pathlib import Path

#: Where a wheel puts the program; absent in a source tree, where `swift build` makes it.
PROGRAM = Path(__file__).resolve().parent / "cardsize" / "bin" / "cardsize"


def main() -> None:
    """Replaces this process with the program, with the same arguments; exits with status 1
    and a message when the package holds no program (a source tree, not a wheel)."""
    if not PROGRAM.is_file():
        sys.exit(f"cardsize: no program at {PROGRAM}: install the wheel (scripts/build-wheel.sh), "
                 "or build it with `swift build --product cardsize`")
    os.execv(PROGRAM, [str(PROGRAM), *sys.argv[1:]])
