"""Issue 26 in the TRF import and export: the number of rounds always in a TRF-2026 file (142),
withdrawals kept by the round trip, a half point without a game that nobody requested, and the
round robin's TRF."""

from decimal import Decimal

import pytest

from arbiter.models import Bye
from arbiter.standings import standings
from pairing.engines.trf import decode_trf, parse_trf
from pairing.services.trf_export import trf_file
from pairing.services.trf_import import import_trf
from tests.gacrux import tiebreak_checker
from tests.pairing.engines.helpers import trf
from tests.pairing.trf_helpers import small_trf
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
