"""Issue 26 in the TRF import and export: the number of rounds always in a TRF-2026 file (142),
withdrawals kept by the round trip, a half point without a game that nobody requested, and the
round robin's TRF."""

from decimal import Decimal

import pytest
from django.test import Client

from arbiter.core.models import Bye
from arbiter.core.services.entries import set_withdrawn
from arbiter.core.standings import standings
from pairing.engines.trf import decode_trf, parse_trf
from pairing.swiss.models import PlayerRoundRecord
from pairing.swiss.trf.export import trf_file
from pairing.swiss.trf.imports import import_trf
from tests.gacrux import pairing_checker, tiebreak_checker
from tests.pairing.engines.helpers import trf
from tests.pairing.trf_helpers import drawn_round_robin, small_trf
from tests.real_files import real_files, real_files_dir

pytestmark = pytest.mark.django_db


def test_a_trf_2026_export_has_142_also_when_the_imported_file_gave_no_number_of_rounds(anna):
    tournament = import_trf(anna, small_trf(rounds=0))
    assert tournament.planned_rounds == 2
    assert "142 2" in trf_file(tournament)[0].split("\n")
    assert parse_trf(trf_file(tournament)[0]).rounds == 2
    # a TRF-16 file comes back as written: without XXR
    legacy = trf_file(tournament, legacy=True)[0].split("\n")
    assert not any(line[:3] in ("XXR", "142") for line in legacy)


# -- a half point without a game that nobody requested: 0000 - = ------------------------------

#: Round 1: player 8 asked for a half-point bye (``H``); player 7, the odd one out, was given
#: half a point without a game (``=``), as Swiss Master writes both in one round.
HALF_POINTS = [
    ("3.5", ["   4 w 1", "   5 w =", "   3 b 1", "   7 w 1"]),
    ("1.0", ["   5 w 0", "   7 b 0", "   6 w 1", "   8 w 0"]),
    ("2.0", ["   6 w =", "   4 b 1", "   1 w 0", "   5 b ="]),
    ("0.5", ["   1 b 0", "   3 w 0", "   8 b =", "   6 b 0"]),
    ("3.0", ["   2 b 1", "   1 b =", "   7 w 1", "   3 w ="]),
    ("1.5", ["   3 b =", "   8 w 0", "   2 b 0", "   4 w 1"]),
    ("1.5", ["0000 - =", "   2 w 1", "   5 b 0", "   1 b 0"]),
    ("3.0", ["0000 - H", "   6 b 1", "   4 w =", "   2 b 1"]),
]


def half_point_file(start: str) -> str:
    return trf(4, HALF_POINTS, (f"042 {start}", "XXC white1"))


def test_a_half_point_nobody_requested_is_imported_as_such_and_written_back(anna):
    tournament = import_trf(anna, half_point_file("2025/06/01"))
    byes = dict(Bye.objects.filter(round__number=1).values_list("entry__starting_number", "kind"))
    assert byes == {7: Bye.Kind.HALF_POINT_NOT_REQUESTED, 8: Bye.Kind.HALF_POINT}
    exported = parse_trf(trf_file(tournament)[0])
    assert [p.results[0].code for p in exported.players[6:]] == ["=", "H"]
    assert exported.byes == (("H", 1, (8,)),)  # a 240 record is a requested bye only
    assert [p.points for p in exported.players[6:]] == [15, 30]


@pytest.mark.parametrize(("start", "rules"), [("2025/06/01", "2023"), ("2026/06/01", "2026")])
def test_the_tie_breaks_cut_the_requested_bye_not_the_half_point_as_fides_checker_does(
    anna, tmp_path, start, rules
):
    # C.07 Art. 16: only a requested bye is a voluntary unplayed round, cut first in BH-C1;
    # read as one, player 7's BH-C1 was 5.0 against FIDE's checker's 8.0
    text = half_point_file(start)
    tournament = import_trf(anna, text)
    tournament.tiebreaks = "BH-C1 BH-M1 SB"
    tournament.save()
    assert tournament.tiebreak_rules == rules
    path = tmp_path / "half.trf"
    path.write_text(text)
    theirs = tiebreak_checker(path, ["BH-C1", "BH-M1", "SB"])
    ours = {
        row.entry.starting_number: (row.rank, row.points, row.tiebreaks)
        for row in standings(tournament).rows
    }
    assert ours == theirs


@real_files
def test_a_real_file_with_both_kinds_of_half_point_ranks_as_fides_checker_ranks_it(anna):
    # Ulster Masters 2022 (Swiss Master 5.7): round 1 has "0000 - =" for player 2, the odd one
    # out, and "0000 - H" for three players who asked for a bye (dutch-real3/SOURCES.md)
    path = real_files_dir() / "dutch-real3" / "files" / "krause__ulster_masters_seniors_2022.trf"
    tournament = import_trf(anna, decode_trf(path.read_bytes()))
    tournament.tiebreaks = "BH-C1 BH-M1 SB"
    tournament.save()
    theirs = tiebreak_checker(path, ["BH-C1", "BH-M1", "SB"])
    ours = {
        row.entry.starting_number: (row.rank, row.points, row.tiebreaks)
        for row in standings(tournament).rows
    }
    assert ours == theirs
    assert ours[2][2][0] == Decimal("12.0")  # read as a requested bye: 10.5, ranked 6th


# -- the round robin's TRF ---------------------------------------------------------------------


def test_a_round_robin_exports_its_trf_with_its_type_rounds_and_scoring(anna, oslo_invitational):
    tournament = drawn_round_robin(anna, oslo_invitational, played=5)
    text, done = trf_file(tournament)
    t = parse_trf(text)
    assert done == 5 and t.rounds == 9 and t.system == "FIDE_ROUNDROBIN"
    lines = text.split("\n")
    assert {"192 FIDE_ROUNDROBIN", "142 9", "182 arbiter app, FIDE Berger tables"} <= set(lines)
    # the free round of an odd field is the pairing-allocated bye, worth nothing (162 P 0.0)
    assert t.scoring.pab == 0 and t.scoring.win == 10
    assert sorted(len(p.results) for p in t.players) == [5] * 9  # no round to pair
    byes = [(n, p.number) for p in t.players for n, r in enumerate(p.results, 1) if r.code == "U"]
    assert sorted(n for n, _ in byes) == [1, 2, 3, 4, 5]
    rows = {row.entry.starting_number: row for row in standings(tournament).rows}
    assert {p.number: (p.points, p.rank) for p in t.players} == {
        n: (int(row.points * 10), row.rank) for n, row in rows.items()
    }
    legacy = parse_trf(trf_file(tournament, legacy=True)[0])
    assert legacy.scoring.pab == 0 and not legacy.system  # BBU 0.0; TRF-16 has no 192


@pytest.mark.parametrize(
    ("swap", "code"), [(True, "FIDE_DOUBLEROUNDROBIN"), (False, "BERGER_DOUBLEROUNDROBIN")]
)
def test_a_double_round_robin_names_its_cycles_as_ett26_does(anna, oslo_invitational, swap, code):
    tournament = drawn_round_robin(anna, oslo_invitational, played=1, double=True, swap=swap)
    t = parse_trf(trf_file(tournament)[0])
    assert (t.system, t.rounds) == (code, 18)


def test_fides_tie_break_checker_reads_the_round_robin_as_our_standings(
    anna, oslo_invitational, tmp_path
):
    tournament = drawn_round_robin(anna, oslo_invitational, played=9)
    tournament.tiebreaks = "SB KS WIN"
    tournament.save()
    path = tmp_path / "oslo.trf"
    path.write_text(trf_file(tournament)[0])
    theirs = tiebreak_checker(path, ["SB", "KS", "WIN"])
    ours = {
        row.entry.starting_number: (row.rank, row.points, row.tiebreaks)
        for row in standings(tournament).rows
    }
    assert ours == theirs


@pytest.mark.parametrize(("double", "swap"), [(False, True), (True, True), (True, False)])
def test_fides_pairing_checker_finds_the_berger_tables_in_the_round_robin(
    anna, oslo_invitational, tmp_path, double, swap
):
    played = 10 if double else 6
    tournament = drawn_round_robin(anna, oslo_invitational, played=played, double=double, swap=swap)
    path = tmp_path / "oslo.trf"
    path.write_text(trf_file(tournament)[0])
    said = pairing_checker(path)  # it pairs by the file's 192: Berger, swapped or not
    assert said.count("===== Round #") == played
    assert said.rstrip().endswith("Check: True"), said


def test_the_round_robin_trf_is_downloaded_by_its_arbiter_and_the_public(
    anna, anna_client, oslo_invitational
):
    tournament = drawn_round_robin(anna, oslo_invitational, played=2)
    public = Client()
    for flavour in ("2026", "16"):
        mine = anna_client.get(f"/arbiter/t/{tournament.pk}/trf/{flavour}/")
        theirs = public.get(f"/t/{tournament.pk}/export/trf/{flavour}/")
        assert (mine.status_code, theirs.status_code) == (200, 200)
        assert parse_trf(theirs.content.decode()).rounds == 9
    assert b"192 FIDE_ROUNDROBIN" in public.get(f"/t/{tournament.pk}/export/trf/2026/").content


# -- withdrawals in the round trip -------------------------------------------------------------


def test_a_withdrawn_player_exported_and_imported_again_is_still_withdrawn(anna):
    tournament = import_trf(anna, small_trf(rounds=5))  # two rounds played of five
    set_withdrawn(anna, tournament.entries.get(starting_number=4), True)
    text = trf_file(tournament)[0]
    t = parse_trf(text)
    # TRF-2026 says it with the absences of every round left: 240 Z for rounds 3, 4 and 5
    assert [bye for bye in t.byes if 4 in bye[2]] == [
        ("Z", 3, (4,)),
        ("Z", 4, (4,)),
        ("Z", 5, (4,)),
    ]
    assert t.players[3].results[2].code == "Z"  # and 0000 - Z in the round to pair
    copy = import_trf(anna, text)
    withdrawn = copy.entries.filter(withdrawn=True).values_list("starting_number", flat=True)
    assert list(withdrawn) == [4]
    assert not PlayerRoundRecord.objects.filter(tournament=copy).exists()
    assert parse_trf(trf_file(copy)[0]).byes == t.byes


def test_a_withdrawal_from_a_later_round_is_announced_from_that_round_on(anna):
    tournament = import_trf(anna, small_trf(rounds=5))
    PlayerRoundRecord.objects.create(
        tournament=tournament, entry=tournament.entries.get(starting_number=2), round_number=4,
        kind=PlayerRoundRecord.Kind.WITHDRAWN,
    )  # fmt: skip
    t = parse_trf(trf_file(tournament)[0])
    assert [bye for bye in t.byes if bye[0] == "Z"] == [("Z", 4, (2,)), ("Z", 5, (2,))]
    assert len(t.players[1].results) == 2  # round 3 is still his to play
    copy = import_trf(anna, trf_file(tournament)[0])
    assert list(copy.entries.filter(withdrawn=True)) == []  # not yet: he plays round 3
    assert PlayerRoundRecord.objects.filter(tournament=copy, entry__starting_number=2).count() == 2


def test_an_absence_from_one_round_of_several_left_is_not_a_withdrawal(anna):
    tournament = import_trf(anna, small_trf(rounds=5))
    PlayerRoundRecord.objects.create(
        tournament=tournament, entry=tournament.entries.get(starting_number=3), round_number=3,
        kind=PlayerRoundRecord.Kind.ZERO_POINT_BYE,
    )  # fmt: skip
    copy = import_trf(anna, trf_file(tournament)[0])
    assert not copy.entries.filter(withdrawn=True).exists()
    record = PlayerRoundRecord.objects.get(tournament=copy)
    assert (record.entry.starting_number, record.round_number, record.kind) == (3, 3, "Z")
