"""Importing a Swiss from a TRF: the vectors, round trips through the export, the engine's
checker on the export, the demo Swiss, and bad files that save nothing."""

import subprocess
import sys

import pytest
from django.core.management import call_command

from arbiter.core.models import AuditEntry, Bye, Entry, Game, Round, Tournament
from arbiter.core.services.results import record_result
from pairing.engines.dutch.checker import check_tournament
from pairing.engines.trf import TrfError, parse_trf, write_trf
from pairing.rounds import services as rounds
from pairing.swiss.models import ForbiddenPair, PlayerRoundRecord
from pairing.swiss.trf.export import completed_rounds, tournament_trf
from pairing.swiss.trf.imports import import_trf
from tests.pairing.trf_helpers import (
    VECTORS,
    describe,
    describe_trf,
    expected_pairing,
    small_trf,
    vector,
)

pytestmark = pytest.mark.django_db

#: Small and middle-sized vectors of every profile: clean, requested byes, forfeits and double
#: forfeits, withdrawals and late entries.
SOME_VECTORS = [
    "gen_clean_n016_r07_s16002",
    "gen_byes_n009_r07_s9011",
    "gen_heavy_n009_r05_s9021",
    "gen_heavy_n016_r08_s16021",
    "gen_heavy_n030_r09_s30023",
    "sim_withdraw_n009_r07_s7900",
    "sim_withdraw_n030_r09_s10000",
]
SMALL_VECTORS = sorted(
    d.name for d in VECTORS.iterdir() if d.is_dir() and int(d.name.split("_n")[1][:3]) <= 30
)


def export(tournament, legacy=False) -> str:
    return write_trf(
        tournament_trf(tournament, through_round=completed_rounds(tournament)), legacy=legacy
    )


def games(tournament, number):
    return {
        (g.white.starting_number, g.black.starting_number, g.result)
        for g in Game.objects.filter(round__tournament=tournament, round__number=number)
    }


def byes(tournament, number):
    return {
        (b.entry.starting_number, b.kind)
        for b in Bye.objects.filter(round__tournament=tournament, round__number=number)
    }


def counts():
    models = [Tournament, Entry, Round, Game, Bye, AuditEntry, PlayerRoundRecord, ForbiddenPair]
    return {model.__name__: model.objects.count() for model in models}


# -- the vectors ------------------------------------------------------------------------------


def test_a_vector_tournament_is_imported_with_its_players_rounds_games_and_byes(anna):
    tournament = import_trf(anna, vector("gen_heavy_n009_r05_s9021"))
    assert tournament.name == "AutoTest Tournament 9021"
    assert tournament.system == "swiss_dutch" and tournament.rules_version == "2026"
    assert tournament.planned_rounds == 5 and tournament.initial_colour == "b"
    assert tournament.status == "running" and not tournament.is_published
    assert tournament.staff.get().user == anna and tournament.staff.get().role == "chief"
    entries = list(tournament.entries.values_list("starting_number", "name", "rating"))
    assert entries[0] == (1, "Test0001 Player0001", 2454) and len(entries) == 9
    assert list(tournament.rounds.values_list("number", "state")) == [
        (n, "complete") for n in (1, 2, 3, 4)
    ]
    assert games(tournament, 1) == {(5, 1, "0-1"), (2, 6, "1-0"), (7, 3, "0-1"), (4, 8, "1-0")}
    assert byes(tournament, 1) == {(9, "U")}
    assert games(tournament, 3) == {(3, 1, "0-1"), (5, 6, "1/2"), (9, 8, "1/2")}
    assert byes(tournament, 3) == {(2, "Z"), (4, "H"), (7, "U")}
    assert byes(tournament, 4) == {(2, "H"), (7, "H"), (8, "Z")}
    assert not tournament.player_round_records.exists()
    audit = AuditEntry.objects.get(tournament=tournament, action="tournament.import_trf")
    assert audit.user == anna and audit.after["players"] == 9 and audit.after["rounds"] == 4


def test_forfeits_and_double_forfeits_are_imported_as_unplayed_results(anna):
    tournament = import_trf(anna, vector("gen_heavy_n016_r08_s16021"))
    results = list(
        Game.objects.filter(round__tournament=tournament).values_list("result", flat=True)
    )
    assert results.count("+-") + results.count("-+") == 8
    assert results.count("--") == 1
    assert tournament.rounds.count() == 7


def test_boards_are_numbered_from_the_top_score_down(anna):
    tournament = import_trf(anna, vector("gen_clean_n016_r07_s16002"))
    round_ = tournament.rounds.get(number=6)
    first = round_.games.get(board=1)
    last = round_.games.order_by("-board").first()
    leaders = {first.white.starting_number, first.black.starting_number}
    assert len(set(round_.games.values_list("board", flat=True))) == 8
    assert leaders != {last.white.starting_number, last.black.starting_number}


@pytest.mark.parametrize("name", ["sim_withdraw_n009_r05_s7901", "gen_heavy_n016_r08_s16021"])
def test_a_last_column_of_absences_becomes_the_records_of_the_round_to_pair(anna, name):
    """The engines' convention (0000 - H/Z/F in the round to pair): records, not a round (or
    withdrawals, when it is the last round: docs/trf.md); the app then pairs that round exactly
    as the FIDE-endorsed engine did."""
    tournament = import_trf(anna, vector(name))
    number = tournament.rounds.count() + 1
    records = tournament.player_round_records.values_list("round_number", flat=True)
    withdrawn = tournament.entries.filter(withdrawn=True)
    assert (records or withdrawn) and set(records) <= {number}
    round_ = rounds.pair_next_round(anna, tournament)
    pairing = [
        f"{g.white.starting_number} {g.black.starting_number}"
        for g in round_.games.order_by("board")
    ]
    pab = round_.byes.filter(kind="U").first()
    if pab:
        pairing.append(f"{pab.entry.starting_number} 0")
    assert pairing == expected_pairing(name)


def test_players_who_left_before_the_last_round_are_imported_withdrawn(anna):
    # absent (0000 - Z) from the last round, the only one left: withdrawn (issue 26), not
    # absent round by round
    tournament = import_trf(anna, vector("sim_withdraw_n009_r05_s7901"))
    withdrawn = tournament.entries.filter(withdrawn=True).values_list("starting_number", flat=True)
    assert sorted(withdrawn) == [4, 7]
    assert not tournament.player_round_records.exists()


# -- round trips ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SOME_VECTORS)
def test_a_vector_exported_again_describes_the_same_tournament(anna, name):
    original = parse_trf(vector(name))
    tournament = import_trf(anna, vector(name))
    played = tournament.rounds.count()
    for legacy in (False, True):
        again = parse_trf(export(tournament, legacy=legacy))
        expected = describe_trf(original)
        expected["results"] = {n: res[:played] for n, res in expected["results"].items()}
        expected["results"] = {n: _trim(res) for n, res in expected["results"].items()}
        assert describe_trf(again) == expected


def _trim(results):
    while results and results[-1] == (None, " ", " "):
        results = results[:-1]
    return results


@pytest.mark.parametrize("name", SOME_VECTORS)
def test_the_export_of_an_imported_vector_re_imports_identically(anna, dag, name):
    first = import_trf(anna, vector(name))
    for legacy in (False, True):
        again = import_trf(dag, export(first, legacy=legacy))
        expected = describe(first)
        expected["records"] = []  # the export holds the rounds played, not the next one's byes
        assert describe(again) == expected


@pytest.mark.parametrize("name", SMALL_VECTORS)
def test_the_engine_checker_finds_every_round_of_an_imported_vector_as_the_rules_give_it(
    anna, name
):
    tournament = import_trf(anna, vector(name))
    checks = check_tournament(parse_trf(export(tournament)))
    assert len(checks) == tournament.rounds.count()
    assert [c.differences for c in checks if not c.ok] == []


@pytest.mark.parametrize("legacy", [False, True], ids=["trf-2026", "trf-16"])
def test_the_dutch_command_line_checks_the_export_of_a_finished_import(anna, tmp_path, legacy):
    tournament = import_trf(anna, vector("gen_heavy_n030_r09_s30023"))
    path = tmp_path / "export.trf"
    path.write_text(export(tournament, legacy=legacy))
    done = subprocess.run(
        [sys.executable, "-m", "pairing", "dutch", str(path), "-c"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count(": ok") == 8


@pytest.mark.slow
def test_the_demo_swiss_exported_and_imported_again_is_the_same_tournament(anna):
    call_command("load_demo")
    demo = Tournament.objects.get(system="swiss_dutch")
    copy = import_trf(anna, export(demo))
    expected = describe(demo)
    expected["rounds"] = [r for r in expected["rounds"] if r[1] != "draft"]
    assert len(expected["rounds"]) == 3
    assert describe(copy) == expected
    assert copy.name == demo.name


# -- what the file says beyond players and rounds -------------------------------------------------


def test_titles_sex_federation_fide_id_and_birth_year_are_read_as_the_model_has_them(anna):
    tournament = import_trf(anna, small_trf())
    entries = tournament.entries.order_by("starting_number")
    assert entries[0].title == "WFM" and entries[0].sex == "f" and entries[0].federation == "NOR"
    assert entries[0].fide_id == 1500001 and entries[0].birth_year == 1990
    assert entries[3].title == "GM" and entries[3].sex == "m" and entries[3].fide_id is None


def test_the_2026_records_give_the_rules_acceleration_forbidden_pairs_and_requested_byes(anna):
    text = (
        small_trf()
        .replace(
            "XXR 3\n",
            "XXR 3\n192 FIDE_DUTCH_2017_BAKU\nXXP 1 5\n260   1   2    2    3\n240 H   3    2\n",
        )
        .replace("XXR 3\n", "042 2025/10/04\n022 Bergen\n032 NOR\n112 Somebody Else\nXXR 3\n")
    )
    tournament = import_trf(anna, text)
    assert tournament.rules_version == "2017" and tournament.baku_acceleration
    assert str(tournament.start_date) == "2025-10-04" and tournament.city == "Bergen"
    assert describe(tournament)["forbidden"] == [(1, 5)]  # 2-3 only held until round 2
    assert describe(tournament)["records"] == [(2, 3, "H")]
    assert "112 Somebody Else" in tournament.trf_source.lines
    assert "112 Somebody Else" in export(tournament).split("\n")


def test_an_unfinished_last_round_is_published_and_takes_its_missing_results_here(anna):
    text = small_trf()
    lines = text.split("\n")
    lines[3] = lines[3][:-1] + " "  # Aas-Dahl of round 2 without a result, on both lines,
    lines[5] = lines[5][:-1] + " "  # so their points are the 1.0 of round 1
    lines[3] = lines[3].replace(" 1.5    ", " 1.0    ")
    lines[5] = lines[5].replace(" 1.5    ", " 1.0    ")
    tournament = import_trf(anna, "\n".join(lines))
    assert list(tournament.rounds.values_list("state", flat=True)) == ["complete", "published"]
    game = Game.objects.get(round__tournament=tournament, round__number=2, result="")
    record_result(anna, game, "1/2")
    assert tournament.rounds.get(number=2).state == "complete"
    assert rounds.pair_next_round(anna, tournament).number == 3


def test_a_file_with_players_only_is_a_swiss_waiting_for_round_one(anna):
    players = tuple(p.__class__(p.number, p.name, p.rating) for p in parse_trf(small_trf()).players)
    tournament = import_trf(anna, small_trf(players=players), name="Registered")
    assert tournament.name == "Registered" and tournament.status == "preparing"
    assert not tournament.rounds.exists()
    assert rounds.pair_next_round(anna, tournament).number == 1


# -- bad files ----------------------------------------------------------------------------------


def _change(line: int, column: int, text: str) -> str:
    """The small TRF with ``text`` written over ``line`` from ``column`` (1-based)."""
    lines = small_trf().split("\n")
    raw = lines[line - 1]
    lines[line - 1] = raw[: column - 1] + text + raw[column - 1 + len(text) :]
    return "\n".join(lines)


BAD_FILES = {
    # read as an unknown result (?, FIDE's checklist Q166), which a result cannot stand beside
    "an unknown result code beside a result": (
        _change(4, 99, "X"),
        "line 4, column 99: round 1: results '?' and '0' of 1-4 do not fit together",
    ),
    "an unknown result beside a result": (
        _change(7, 99, "?"),
        "line 4, column 99: round 1: results '1' and '?' of 1-4 do not fit together",
    ),
    "a player paired twice in a round": (
        _change(8, 92, "   1"),
        "line 5, column 92: round 1: player 2 meets 5, whose entry says otherwise",
    ),
    "a truncated line": ("\n".join(small_trf().split("\n")[:5]) + "\n001    5 w    Moe, Si\n",
                         "line 6, column 22: player record shorter than 84 columns"),
    "results that do not fit together": (
        _change(7, 99, "1"),
        "line 4, column 99: round 1: results '1' and '1' of 1-4 do not fit together",
    ),
    "an earlier round without a result": (
        _change(7, 99, " ").replace("4 w 1", "4 w  "),
        "round 1: the game 1-4 has no result, but later rounds were played",
    ),
    "a gap in the starting numbers": (
        _change(8, 5, "   6").replace("   2 w 1", "   2 w 1").replace("5 b 0", "6 b 0"),
        "line 8, column 5: starting numbers must run from 1 without gaps: 5 is missing",
    ),
    "another pairing system": (
        small_trf().replace("XXR 3\n", "XXR 3\n192 FIDE_BURSTEIN\n"),
        "line 3, column 5: the tournament type 'FIDE_BURSTEIN' is not FIDE Dutch",
    ),
    "another scoring": (
        small_trf().replace("XXR 3\n", "XXR 3\nBBW 3.0\n"),
        "line 3: only the standard scoring",
    ),
}  # fmt: skip


@pytest.mark.parametrize("bad", BAD_FILES, ids=list(BAD_FILES))
def test_a_bad_file_names_its_line_and_saves_nothing(anna, bad):
    text, message = BAD_FILES[bad]
    before = counts()
    with pytest.raises(TrfError) as error:
        import_trf(anna, text)
    assert message in str(error.value)
    assert counts() == before
