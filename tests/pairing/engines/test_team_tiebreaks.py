"""Team tie-breaks and board prizes (C.07 for teams as FIDE's checker gacrux 1.11.65 computes
them): equal to gacrux's values recorded on our team files, and to gacrux itself when it is
installed (docs/teams.md, "Team tie-breaks and board prizes")."""

import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from pairing.engines.tiebreaks.teams import (
    TeamSettings,
    board_prizes,
    parse_code,
    rank_teams,
    settings_from_trf,
)
from pairing.engines.trf_team import parse_team_trf
from tests.pairing.engines.team_files import random_team_file, team_file

DATA = Path(__file__).parent / "data" / "teams"
GOLDEN = json.loads((DATA / "gacrux_tiebreaks.json").read_text())
RUNS = [(name, run["codes"].split()) for name, runs in GOLDEN.items() for run in runs]


def read(name: str):
    return parse_team_trf((DATA / name).read_text())


def ours(file, codes):
    rows = rank_teams(file.rounds, codes, settings_from_trf(file), through_round=file.round_count)
    return {row.team: row.values for row in rows}


@pytest.mark.parametrize(("name", "codes"), RUNS, ids=[f"{n}:{' '.join(c)}" for n, c in RUNS])
def test_our_values_equal_those_gacrux_computed(name, codes):
    run = next(r for r in GOLDEN[name] if r["codes"].split() == codes)
    mine = ours(read(name), codes)
    for team, values in run["values"].items():
        theirs = [Decimal(v) for v in values.split()]
        assert [Decimal(v) for v in mine[int(team)]] == theirs, (team, codes)


def test_the_worked_example_checks_as_the_spec_says():
    file = read("example_5_2.trf")
    codes = ["MPTS", "GPTS", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "BC", "BH:GP"]
    alpha = ours(file, codes)[1]
    assert alpha == (2, Decimal("2.5"), 0, 0, 3, Decimal("3.75"), 6, Decimal("1.5"))


def test_board_count_ranks_the_lower_sum_first():
    file = read("example_5_2.trf")
    rows = rank_teams(file.rounds, ["BC"], settings_from_trf(file))
    assert [row.team for row in rows][:2] == [3, 2]  # 4.0, then 4.5


def test_a_pab_team_counts_every_board_won_in_board_count():
    file = read("example_5_2.trf")
    assert ours(file, ["BC"])[5] == (Decimal(10),)


def test_codes_read_score_basis_and_modifiers():
    assert parse_code("bh:gp/c1").name == "BH"
    assert (parse_code("BH:GP/C1").basis, parse_code("BH:GP/C1").cut_low) == ("GP", 1)
    assert (parse_code("BH-M1").cut_low, parse_code("BH-M1").cut_high) == (1, 1)
    assert parse_code("SSSC/K2").cut_low == 2
    with pytest.raises(ValueError, match="unknown"):
        parse_code("XYZ")
    with pytest.raises(ValueError, match="modifier"):
        parse_code("BC/C1")


def test_the_settings_come_from_the_file():
    settings = settings_from_trf(read("swiss_gp_mp_typeb.trf"))
    assert (settings.primary, settings.boards, settings.round_robin) == ("GP", 5, False)
    assert settings_from_trf(read("round_robin.trf")).round_robin
    assert settings_from_trf(read("swiss_2024_rules.trf")).rules == "2024"
    assert settings_from_trf(read("example_5_2.trf")) == TeamSettings(boards=4, primary="MP")
    assert settings_from_trf(read("round_robin.trf")).primary == ""


def test_standings_after_a_round_leave_the_later_rounds_out():
    file = read("swiss_mp_gp.trf")
    after_two = rank_teams(file.rounds, ["MPTS"], settings_from_trf(file), through_round=2)
    for row in after_two:
        assert row.match_points == sum(r.match_points for r in file.rounds[row.team][:2])


def test_board_prizes_count_games_played_on_each_board_and_leave_forfeits_out():
    # board 1: Alpha's player 1 beats B twice; board 4 of round 2 is a forfeit
    text = team_file(
        [("Alpha", 4), ("Bravo", 4), ("Charlie", 4)],
        4,
        [[(1, 2, "1=0=")], [(3, 1, "0=1+")]],
    )
    prizes = {(p.player, p.board): p for p in board_prizes(parse_team_trf(text))}
    alpha_one = prizes[1, 1]
    assert (alpha_one.games, alpha_one.points, alpha_one.percentage) == (2, 2, 100)
    assert alpha_one.average_opponent == (2350 + 2310) // 2
    assert alpha_one.performance == alpha_one.average_opponent + 800
    alpha_four = prizes[4, 4]
    assert (alpha_four.games, alpha_four.points, alpha_four.forfeits) == (1, Decimal("0.5"), 1)
    assert alpha_four.performance == alpha_four.average_opponent


def test_a_reserve_on_two_boards_has_a_line_for_each():
    text = team_file(
        [("Alpha", 5), ("Bravo", 4)],
        4,
        [[(1, 2, "1111", [1, 2, 3, 5])], [(2, 1, "0000", [1, 2, 3, 4], [1, 2, 5, 4])]],
    )
    boards = sorted(p.board for p in board_prizes(parse_team_trf(text)) if p.player == 5)
    assert boards == [3, 4]


@pytest.mark.parametrize("seed", range(3))
def test_our_values_equal_gacrux_on_random_files(tmp_path, seed):
    pytest.importorskip("gacrux")
    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))
    from team_tiebreaks_gacrux import compare

    path = tmp_path / f"random{seed}.trf"
    system = ("FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM_GP_MP", "FIDE_TEAM_ROUNDROBIN")[seed]
    path.write_text(
        random_team_file(
            300 + seed, teams=6 + 2 * seed, boards=4 + seed, rounds=5, system=system,
            round_robin=seed == 2,
        )
    )  # fmt: skip
    codes = ["MPTS", "GPTS", "EGGSB", "BH/C1", "SB:GP", "BC", "TBR", "EDE", "STD", "SSSC"]
    equal, total, differences = compare(path, codes)
    assert not differences
    assert sum(equal.values()) == sum(total.values()) > 0


def test_gacrux_reads_our_team_export():
    pytest.importorskip("gacrux")
    file = read("swiss_mp_gp.trf")
    done = subprocess.run(
        [sys.executable, "-m", "gacrux.pairingchecker", "-c", "-m", "fideteam", "-i",
         str(DATA / "swiss_mp_gp.trf"), "-n", "1", "-d", "B"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert "Error" not in done.stdout, done.stdout
    assert file.round_count == 6
