"""Issue 18 in the app: real tournament files (``../shared/real-files/project-trf``, sources in
its SOURCES.md; tests/real_files.py finds the folder) imported
and exported again give the same file up to the documented normalisations (docs/trf.md), and
each import and export defect the issue names."""

import datetime
import subprocess
import sys
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command

from arbiter.core import fide_mode
from arbiter.core.models import Entry, Tournament
from arbiter.core.services.entries import set_withdrawn
from arbiter.core.standings import standings
from pairing.engines.dutch.checker import check_tournament
from pairing.engines.trf import TrfError, decode_trf, parse_trf
from pairing.rounds import services as rounds
from pairing.swiss.models import Acceleration, PlayerRoundRecord
from pairing.swiss.trf.export import trf_file
from pairing.swiss.trf.imports import import_trf
from tests.pairing.conftest import play
from tests.pairing.engines.test_trf_real_files import normalised
from tests.pairing.trf_helpers import small_trf
from tests.real_files import project_trf, project_trf_files, real_files

pytestmark = pytest.mark.django_db

#: Real files the import refuses, as both checkers do (a points column that disagrees with
#: the results), or for what the app cannot hold (a national id in the FIDE id column).
REFUSED = {
    "bunratty-masters-2011.trf": r"line 29, column 81: points 2\.5 of player 16 do not match",
    "irish-juniors-2011.trf": r"line 18, column 81: points 3\.0 of player 4 do not match",
    "swissmaster-cork-2018.trf": r"line 31, column 58: invalid FIDE id 'N0001'",
}
FILES = [p for p in project_trf_files() if p.name not in REFUSED]
#: Files that stop before their last round (the lichess Swiss ended after 20 of its 21).
UNFINISHED = {"lichess-2020-05.trf": (20, 21), "vega-gros-2010.trf": (4, 9),
              "vega-studycase5-2023.trf": (4, 5)}  # fmt: skip


def text_of(name: str) -> str:
    return decode_trf((project_trf() / name).read_bytes())


def is_trf_2026(text: str) -> bool:
    return any(line[:3] in ("142", "152", "192", "240") for line in text.splitlines())


def without_bye_markers(text: str) -> str:
    """The file without the dummy players that only mark the bye (docs/trf.md: left out)."""
    markers = set(parse_trf(text).bye_markers)
    return "\n".join(
        line
        for line in text.splitlines()
        if not (line[:3] == "001" and line[4:8].strip().isdigit() and int(line[4:8]) in markers)
    )


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
@real_files
def test_a_real_file_imported_and_exported_is_the_same_file_up_to_the_normalisations(anna, path):
    text = decode_trf(path.read_bytes())
    tournament = import_trf(anna, text)
    exported, _ = trf_file(tournament, legacy=not is_trf_2026(text))
    # docs/trf.md, 12: the download adds 202 when the file had none, and the import's notes
    added = set(fide_mode.trf_notes(tournament))
    if not any(line[:3] == "202" for line in text.splitlines()):
        added |= {line for line in exported.splitlines() if line[:3] == "202"}
    written = [line for line in normalised(exported) if line not in added]
    assert written == normalised(without_bye_markers(text))


@pytest.mark.parametrize("name", sorted(REFUSED))
@real_files
def test_a_real_file_the_app_cannot_take_is_refused_with_its_line_and_column(anna, name):
    with pytest.raises(TrfError, match=REFUSED[name]):
        import_trf(anna, text_of(name))
    assert not Tournament.objects.exists()


@pytest.mark.parametrize("name", sorted(UNFINISHED))
@real_files
def test_an_unfinished_real_file_imports_as_a_running_tournament(anna, name):
    tournament = import_trf(anna, text_of(name))
    played, planned = UNFINISHED[name]
    assert (tournament.status, tournament.rounds.count()) == ("running", played)
    assert tournament.planned_rounds == planned


@pytest.mark.parametrize(
    "path", [p for p in FILES if p.name not in UNFINISHED], ids=lambda p: p.name
)
@real_files
def test_a_finished_real_file_imports_as_a_finished_tournament(anna, anna_client, path):
    tournament = Tournament.objects.get(pk=import_trf(anna, decode_trf(path.read_bytes())).pk)
    assert tournament.status == "finished"
    page = anna_client.get(f"/arbiter/t/{tournament.pk}/swiss/")
    assert page.status_code == 200
    assert b"rounds are played" not in page.content


@real_files
def test_a_file_whose_points_disagree_with_its_results_is_refused_not_rewritten(anna):
    # Bunratty 2011 counts rounds written "       -" (no opponent, no result) as points: the
    # import used to store them as absences and export other points than the file's.
    with pytest.raises(TrfError, match=REFUSED["bunratty-masters-2011.trf"]):
        import_trf(anna, text_of("bunratty-masters-2011.trf"))


@real_files
def test_the_real_swiss_imported_ranks_as_the_file_and_fides_checker_do(anna):
    # Started 2026-02-28: the tie-break rules before 1 March 2026, under which FIDE's checker
    # finds the file's rank column with SB, SB/C1, SB/C2 (TieBreakServer: "Check: True").
    tournament = import_trf(anna, text_of("tiebreakserver-real-swiss-2026.trf"))
    tournament.tiebreaks = "SB SB-C1 SB-C2"
    tournament.save()
    assert tournament.tiebreak_rules == "2023"
    rows = standings(tournament).rows
    assert {row.entry.starting_number: row.rank for row in rows} == {
        p.number: p.rank for p in parse_trf(text_of("tiebreakserver-real-swiss-2026.trf")).players
    }
    fifth = next(row for row in rows if row.entry.starting_number == 5)
    assert fifth.tiebreaks == (Decimal("18.50"), Decimal("17.00"), Decimal("15.50"))


@real_files
def test_a_requested_bye_of_the_next_round_keeps_its_points_in_the_export(anna):
    # Vega counts the half point of a bye requested for the round to pair (Gros 2010, player
    # 43: 0.5 played + 0.5 for round 5's "0000 - H"); the export used to drop it.
    exported = trf_file(import_trf(anna, text_of("vega-gros-2010.trf")), legacy=True)[0]
    player = next(p for p in parse_trf(exported).players if p.number == 43)
    assert (player.points, player.results[4].code) == (10, "H")


@real_files
def test_several_players_with_fide_id_0_are_imported_as_players_without_an_id(anna):
    tournament = import_trf(anna, text_of("tec-2023-swiss.trf"))
    assert tournament.entries.count() == 16
    assert set(tournament.entries.values_list("fide_id", flat=True)) == {None}


@real_files
def test_a_2005_event_read_from_a_german_date_gets_the_2017_rules(anna):
    tournament = import_trf(anna, text_of("karl-mala-2005.trf"))
    assert tournament.start_date == datetime.date(2005, 7, 28)
    assert tournament.rules_version == "2017" and tournament.tiebreak_rules == "2023"


@pytest.mark.parametrize(
    ("written", "date"),
    [("24/09/2010", "2010-09-24"), ("28. 07. 2005", "2005-07-28"), ("May 29, 2020", "2020-05-29")],
)
def test_dates_as_programs_write_them_are_read(anna, written, date):
    tournament = import_trf(anna, small_trf().replace("XXR 3\n", f"042 {written}\nXXR 3\n"))
    assert str(tournament.start_date) == date


@real_files
def test_the_spielfrei_dummy_is_not_imported_as_a_player(anna):
    tournament = import_trf(anna, text_of("karl-mala-2005.trf"))
    assert tournament.entries.count() == 283
    assert not tournament.entries.filter(name="spielfrei").exists()


def test_xxa_accelerations_are_imported_kept_and_exported(anna):
    text = small_trf().replace("XXR 3\n", "XXR 3\nXXA    1  1.0  1.0  0.5\nXXA    3  0.0  1.0\n")
    tournament = import_trf(anna, text)
    stored = Acceleration.objects.filter(tournament=tournament)
    assert sorted(stored.values_list("entry__starting_number", "round_number", "points")) == [
        (1, 1, Decimal("1.0")),
        (1, 2, Decimal("1.0")),
        (1, 3, Decimal("0.5")),
        (3, 2, Decimal("1.0")),
    ]
    exported = parse_trf(trf_file(tournament)[0])
    assert exported.accelerations == ((1, (10, 10, 5)), (3, (0, 10)))


def test_the_command_line_reads_the_bytes_windows_1252_leaves_undefined_as_the_importer_does(
    anna, tmp_path
):
    path = tmp_path / "odd.trf"
    path.write_bytes(small_trf().replace("Moe, Siv", "Moe, Si\x81").encode("latin-1"))
    with pytest.raises(CommandError, match=r"line 8, column 22: a control character \(U\+0081\)"):
        call_command("import_trf", str(path), "--user", "anna")
    assert not Entry.objects.filter(name__contains="\ufffd").exists()


def test_a_file_level_error_names_the_file_never_line_0(anna, tmp_path):
    path = tmp_path / "headers.trf"
    path.write_text("012 Only a header\nXXR 5\n")
    with pytest.raises(CommandError) as error:
        call_command("import_trf", str(path), "--user", "anna")
    assert "the file: no player records" in str(error.value)
    assert "line 0" not in str(error.value)


def test_the_pairing_command_line_refuses_a_round_paired_without_results(tmp_path):
    lines = small_trf().replace("XXR 3", "XXR 4").split("\n")
    lines[3] = lines[3][:-1] + " "  # Aas-Dahl of round 2 without a result, on both lines
    lines[5] = lines[5][:-1] + " "
    path = tmp_path / "unfinished.trf"
    path.write_text("\n".join(lines).replace(" 1.5    ", " 1.0    "))
    done = subprocess.run(
        [sys.executable, "-m", "pairing", "dutch", str(path), "-p"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 3, done.stdout
    assert "round 2 is paired but player 1's game against 3 has no result" in done.stderr


# -- what the round trip keeps ----------------------------------------------------------------


@real_files
def test_forfeits_without_colour_are_written_without_colour(anna):
    text = text_of("karl-mala-2005.trf")
    exported = trf_file(import_trf(anna, text), legacy=True)[0]
    colourless = [line for line in text.splitlines() if line[:3] == "001" and " - -" in line[91:]]
    assert colourless and all(line.rstrip() in exported.split("\n") for line in colourless[:3])


@real_files
def test_rank_birth_date_title_and_sex_are_written_as_the_file_wrote_them(anna):
    text = text_of("karl-mala-2005.trf")
    exported = trf_file(import_trf(anna, text), legacy=True)[0].split("\n")
    women = [line for line in text.splitlines() if line[:3] == "001" and line[9] == "f"]
    titled = [line for line in text.splitlines() if line[:3] == "001" and line[10:13] == " wf"]
    for line in women[:2] + titled[:1]:
        assert line.rstrip() in exported


@real_files
def test_the_header_records_and_the_files_chief_arbiter_are_written_back(anna):
    exported = trf_file(import_trf(anna, text_of("karl-mala-2005.trf")), legacy=True)[0]
    for record in ("062 284", "072 146", "082 0", "092 Individual: Swiss-System (Standard)",
                   "102 Ralph Blum (SV Griesheim)", "112 NSR Thomas Rondio, NSR Wolfgang Hettler",
                   "042 28. 07. 2005"):  # fmt: skip
        assert record in exported.split("\n")
    assert "102 Anna Larsen" not in exported  # the importing user is not its chief arbiter


@real_files
def test_round_dates_are_written_back(anna):
    text = text_of("sharly-import-test.trf")
    round_dates = next(line for line in text.splitlines() if line.startswith("132"))
    assert round_dates.rstrip() in trf_file(import_trf(anna, text))[0].split("\n")


@real_files
def test_what_the_arbiter_changes_after_the_import_is_written_from_the_models(anna):
    tournament = import_trf(anna, text_of("karl-mala-2005.trf"))
    entry = tournament.entries.filter(title="").order_by("starting_number").first()
    entry.title = "IM"
    entry.save()
    tournament.start_date = datetime.date(2005, 7, 29)
    tournament.save()
    exported = parse_trf(trf_file(tournament, legacy=True)[0])
    assert exported.players[entry.starting_number - 1].title == "IM"
    assert exported.start_date == "2005/07/29"


def test_byes_announced_for_the_next_round_and_withdrawals_are_exported(anna):
    text = small_trf().replace("XXR 3\n", "XXR 4\n")
    tournament = import_trf(anna, text)
    PlayerRoundRecord.objects.create(
        tournament=tournament, entry=tournament.entries.get(starting_number=2), round_number=3,
        kind="H",
    )  # fmt: skip
    set_withdrawn(anna, tournament.entries.get(starting_number=4), True)
    exported = parse_trf(trf_file(tournament)[0])
    third = {p.number: p.results[2] for p in exported.players if len(p.results) > 2}
    assert (third[2].code, third[4].code) == ("H", "Z")
    # the withdrawn is absent from every round left, the 4th too (issue 26)
    assert sorted(exported.byes) == [("H", 2, (5,)), ("H", 3, (2,)), ("Z", 3, (4,)), ("Z", 4, (4,))]


def test_the_export_of_a_tournament_paired_here_passes_the_checker(anna, trondheim_open):
    for _ in range(5):
        play(anna, rounds.pair_next_round(anna, trondheim_open))
    text, done = trf_file(trondheim_open)
    assert done == 5
    checks = check_tournament(parse_trf(text))
    assert len(checks) == 5 and [c.differences for c in checks if not c.ok] == []
    assert "192 FIDE_DUTCH_2025" in text.split("\n")
    ranks = [p.rank for p in parse_trf(text).players]
    assert sorted(ranks) == sorted(r for r in ranks if r) and 1 in ranks


def test_a_line_break_in_the_tournament_name_cannot_forge_a_record(anna, trondheim_open):
    trondheim_open.name = "Open\n001   99 m    Forged, Player"
    trondheim_open.city = "Trondheim\r001   98"
    trondheim_open.save()
    play(anna, rounds.pair_next_round(anna, trondheim_open))
    text = trf_file(trondheim_open)[0]
    assert not any(line.startswith("001   9") for line in text.split("\n"))
    assert len(parse_trf(text).players) == 10


def test_an_import_refuses_a_tab_in_a_name_with_its_line_and_column(anna):
    with pytest.raises(TrfError, match=r"line 8, column 17: a control character \(U\+0009\)"):
        import_trf(anna, small_trf().replace("Moe, Siv", "Mo\te, Siv"))


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("XXA   99  1.0", "acceleration for unknown player 99"),
        ("XXA    1 99.5", "acceleration of more than 99 points"),
    ],
)
def test_an_acceleration_the_app_cannot_keep_is_refused_with_its_line(anna, line, message):
    with pytest.raises(TrfError, match=f"line 3, column .*{message}"):
        import_trf(anna, small_trf().replace("XXR 3\n", f"XXR 3\n{line}\n"))
    assert not Tournament.objects.exists()
