"""FIDE's own tools (gacrux, a dev dependency: ``pip install gacrux``) as the independent
reference the TRF tests compare with: its tie-break checker reads a TRF and computes C.07."""

import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from pairing.engines import tiebreaks as tb


def tiebreak_checker(path: Path, codes: list[str]) -> dict[int, tuple[int, Decimal, tuple]]:
    """What ``gacrux.tiebreakchecker`` computes for the TRF at ``path``: starting number ->
    (rank, points, tie-break values in the order of ``codes``, our spelling ``BH-C1``, written
    to gacrux in MTB26's ``BH/C1``).
    Its rule set follows the file's start date (``042``), as ours does."""
    pytest.importorskip("gacrux")
    theirs = [tb.mtb26(code) for code in codes]
    command = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-d", "B"]
    done = subprocess.run(
        [*command, "-t", "PTS", *theirs],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    header, *rows = [line.split() for line in done.stdout.splitlines() if line.strip()]
    assert header == ["StartNo", "Rank", "PTS", *theirs], done.stdout + done.stderr
    return {
        int(row[0]): (int(row[1]), Decimal(row[2]), tuple(Decimal(v) for v in row[3:]))
        for row in rows
    }


def pairing_checker(path: Path) -> str:
    """What ``gacrux.pairingchecker -c`` says of the TRF at ``path``, pairing by the system its
    ``192`` names (``-m`` would override it: ``-m berger`` drops ``FIDE_DOUBLEROUNDROBIN``'s
    swap of two rounds): a block per round, the pairs it would have made otherwise listed,
    then ``Check: True`` or ``False``."""
    pytest.importorskip("gacrux")
    command = [sys.executable, "-m", "gacrux.pairingchecker", "-i", str(path), "-d", "T"]
    done = subprocess.run([*command, "-c"], capture_output=True, text=True, timeout=120, check=True)
    return done.stdout
