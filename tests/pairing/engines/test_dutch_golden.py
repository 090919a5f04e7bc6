"""Golden tests: every round of the 66 vector tournaments, paired from the history before it,
must equal the FIDE-endorsed engine's pairing (bbpPairings 6.0.0 for the 2026 rules, 5.0.1 for
the 2017 rules): pairs, colours, board order and the pairing-allocated bye.
"""

import re
from pathlib import Path

import pytest

from pairing.engines.dutch import pair_round
from pairing.engines.dutch.state import build_state
from pairing.engines.trf import parse_trf

ROUNDS = Path(__file__).resolve().parent.parent / "vectors" / "dutch" / "rounds"
CASES = sorted(ROUNDS.glob("*/r*.trf"))
#: Vectors of this many players or more are ``slow``: the quick loop pairs the smaller ones.
SLOW_FROM = 30


def case(trf: Path):
    """One round of a vector, named by its tournament (``gen_clean_n051_r10_s51001``: 51
    players) and round."""
    players = int(re.search(r"_n(\d+)_", trf.parent.name).group(1))
    marks = [pytest.mark.slow] if players >= SLOW_FROM else []
    return pytest.param(trf, id=f"{trf.parent.name}/{trf.stem}", marks=marks)


def test_all_vectors_are_present():
    assert len({c.parent.name for c in CASES}) == 66
    assert len(CASES) == 572


@pytest.mark.parametrize("trf", [case(trf) for trf in CASES])
def test_golden_2026(trf):
    expected = trf.with_suffix(".2026.txt").read_text().split()
    pairing = pair_round(build_state(parse_trf(trf.read_text())), "2026")
    assert " ".join(pairing.engine_lines()).split() == expected


@pytest.mark.parametrize("trf", [case(trf) for trf in CASES])
def test_golden_2017(trf):
    expected = trf.with_suffix(".2017.txt").read_text().split()
    pairing = pair_round(build_state(parse_trf(trf.read_text())), "2017")
    assert " ".join(pairing.engine_lines()).split() == expected
