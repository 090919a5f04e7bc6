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


def team_tiebreaks(path: Path, codes: list[str]) -> dict[int, tuple[str, ...]]:
    """What ``gacrux.tiebreakchecker -t CODES -d T`` gives for the team file at ``path``: team
    pairing number -> the values of ``codes`` as printed (``MPTS``, ``GPTS``, ``EGGSB``...)."""
    pytest.importorskip("gacrux")
    command = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-d", "T"]
    done = subprocess.run(
        [*command, "-t", *codes], capture_output=True, text=True, timeout=120, check=True
    )
    header, *rows = [line.split("\t") for line in done.stdout.splitlines() if line.strip()]
    assert header == ["StartNo", "Rank", *codes], done.stdout + done.stderr
    return {int(row[0]): tuple(row[2:]) for row in rows}


def team_pairing_check(path: Path, round_number: int, model: str = "fideteam") -> bool:
    """Whether ``gacrux.pairingchecker -c -m fideteam -n R -d B`` accepts round ``R`` of the
    team file at ``path`` (its pairing equals C.04.6's)."""
    pytest.importorskip("gacrux")
    command = [sys.executable, "-m", "gacrux.pairingchecker", "-c", "-m", model, "-i", str(path)]
    done = subprocess.run(
        [*command, "-n", str(round_number), "-d", "B"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "Check:" in done.stdout, done.stdout + done.stderr
    return "Check: True" in done.stdout
