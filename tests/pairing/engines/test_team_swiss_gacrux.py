"""Our team Swiss against FIDE's reference (gacrux): every round of generated tournaments is
paired as ``pairingchecker -p -m fideteam`` pairs it, and ``-c`` accepts it
(bench/team_swiss_gacrux.py runs 300)."""

import subprocess
import sys

import pytest

from pairing.engines.team_swiss.api import pair_file
from pairing.engines.team_swiss.generator import TeamGeneratorConfig, generate_team_text
from pairing.engines.team_swiss.trf_input import read_team_trf

CASES = [
    (9, 4, 5, "typea"),
    (10, 4, 5, "typeb"),
    (11, 5, 6, "typea"),
    (12, 6, 6, "typeb"),
    (13, 4, 7, "typea"),
    (15, 4, 7, "typeb"),
    (16, 5, 8, "typea"),
    (21, 4, 8, "typeb"),
    (24, 6, 9, "typea"),
    (31, 4, 9, "typeb"),
    (13, 4, 6, "none"),
    (19, 5, 7, "none"),
]

METHODS = {"typea": "fideteam-typea", "typeb": "fideteam-typeb", "none": "fideteam-nocolor"}


def gacrux(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "gacrux.pairingchecker", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    return done.stdout + done.stderr


@pytest.mark.slow
@pytest.mark.parametrize(("teams", "boards", "rounds", "colours"), CASES)
def test_every_round_is_the_pairing_gacrux_makes_and_accepts(
    tmp_path, teams, boards, rounds, colours
):
    pytest.importorskip("gacrux")
    config = TeamGeneratorConfig(teams, boards, rounds, seed=teams * 7 + rounds, colours=colours)
    text = generate_team_text(config)
    path = tmp_path / "teams.trf"
    path.write_text(text, encoding="utf-8")
    method = METHODS[colours]
    f = read_team_trf(text)
    for rnd in range(1, rounds + 1):
        theirs = gacrux("-p", "-m", method, "-i", str(path), "-n", str(rnd), "-d", "B")
        assert pair_file(f, rnd).bbp().split() == theirs.split(), f"round {rnd}"
        check = gacrux("-c", "-m", method, "-i", str(path), "-n", str(rnd), "-d", "B")
        assert "Check: True" in check, f"round {rnd}: {check}"


@pytest.mark.slow
@pytest.mark.parametrize(("scores", "token"), [("GP_MP", "gp+mp"), ("MP", "mp"), ("GP", "gp")])
def test_game_points_primary_and_one_score_pair_as_gacrux_pairs_them(tmp_path, scores, token):
    pytest.importorskip("gacrux")
    text = generate_team_text(TeamGeneratorConfig(14, 4, 6, seed=11, colours="typea"))
    text = text.replace("192 FIDE_TEAM_TYPEA_MP_GP", f"192 FIDE_TEAM_TYPEA_{scores}")
    path = tmp_path / "teams.trf"
    path.write_text(text, encoding="utf-8")
    f = read_team_trf(text)
    for rnd in range(1, 7):
        theirs = gacrux(
            "-p", "-m", f"fideteam-typea-{token}", "-i", str(path), "-n", str(rnd), "-d", "B"
        )
        assert pair_file(f, rnd).bbp().split() == theirs.split(), f"round {rnd}"
