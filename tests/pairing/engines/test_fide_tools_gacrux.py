"""Our generator's tournaments checked by FIDE's own checker (gacrux, a dev dependency): its
pairing checker finds every round of the 2026 rules as our engine paired it, Baku and byes
included, and its tie-break checker finds the ranks we wrote, flags the ones we swap, and
agrees with our verdicts (docs/fide-tools.md, "Measured"; bench/fide_tools.py for more).

Under the 2017 rules gacrux's pairing checker pairs some rounds otherwise than our engine and
the endorsed one (docs/fide-tools.md, "Where gacrux and our engine differ"): those tournaments
are compared on their standings only."""

from dataclasses import replace

import pytest

from pairing.engines.fide_check import check_file
from pairing.engines.generator import GeneratorConfig, generate
from pairing.engines.trf import parse_trf, write_trf
from tests.gacrux import pairing_checker, tiebreak_checker
from tests.pairing.engines.helpers import busy_config

pytestmark = pytest.mark.slow


def config(seed: int, rules: str = "2026") -> GeneratorConfig:
    """A busy tournament (busy_config), with Baku for every other seed."""
    return busy_config(seed, rules, baku=seed % 2 == 0)


@pytest.mark.parametrize("seed", range(1, 25))
def test_fides_pairing_checker_finds_every_round_of_a_2026_tournament_as_we_paired_it(
    seed, tmp_path
):
    path = tmp_path / "t.trf"
    path.write_text(write_trf(generate(config(seed))))
    said = pairing_checker(path)
    assert said.rstrip().endswith("Check: True"), said


def gacrux_agrees(text: str, path) -> bool:
    """Whether FIDE's tie-break checker ranks every player as the file does."""
    path.write_text(text)
    t = parse_trf(text)
    codes = [c.strip().replace("/", "-") for c in t.header("202").split(",")]
    theirs = tiebreak_checker(path, codes)
    return all(theirs[p.number][0] == p.rank for p in t.players)


@pytest.mark.parametrize("rules", ["2017", "2026"])
@pytest.mark.parametrize("seed", range(1, 9))
def test_fides_tiebreak_checker_agrees_with_our_verdict_on_the_ranks_and_on_a_swap(
    seed, rules, tmp_path
):
    text = write_trf(generate(config(seed, rules)))
    assert check_file(text).standings.ok and gacrux_agrees(text, tmp_path / "t.trf")
    report = check_file(text)
    places = {p.player: (p.low, p.high) for p in report.standings.players}
    t = parse_trf(text)
    a, b = next(
        (p, q) for p in t.players for q in t.players if places[p.number][1] < places[q.number][0]
    )
    ranks = {a.number: b.rank, b.number: a.rank}
    swapped = replace(
        t, players=tuple(replace(p, rank=ranks.get(p.number, p.rank)) for p in t.players)
    )
    text = write_trf(swapped)
    assert not check_file(text).standings.ok and not gacrux_agrees(text, tmp_path / "t.trf")
