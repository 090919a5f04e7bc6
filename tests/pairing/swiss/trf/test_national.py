"""TRF-2026 record 172 and the NRS lines (spec §2): the national ratings and the initial-order
method, written by the export and read back by the import (Q145)."""

import pytest

from arbiter.core.services.entries import renumber_by_rating
from pairing.engines.trf import TrfError, parse_trf
from pairing.swiss.trf.export import trf_file
from pairing.swiss.trf.imports import import_trf
from tests.factories import EntryFactory, TournamentFactory
from tests.pairing.trf_helpers import small_trf

pytestmark = pytest.mark.django_db


@pytest.fixture
def national(anna):
    tournament = TournamentFactory(
        chief=anna, federation="NOR", rating_method="FIDON", national_federation="NOR"
    )
    EntryFactory(tournament=tournament, name="Aas, Ola", rating=2100, starting_number=None)
    EntryFactory(
        tournament=tournament,
        name="Berg, Kari",
        rating=0,
        national_rating=1987,
        sex="f",
        title="WCM",
        federation="SWE",
        starting_number=None,
    )
    renumber_by_rating(tournament)
    return tournament


def lines(text: str, code: str) -> list[str]:
    return [line for line in text.splitlines() if line[:3] == code]


def test_the_export_writes_record_172_and_an_nrs_line_per_nationally_rated_player(national):
    text, _ = trf_file(national)
    assert lines(text, "172") == ["172 NOR FIDON"]
    [nrs] = lines(text, "NOR")

    assert nrs[:3] == "NOR"  # columns 1-3: the federation of the list
    assert nrs[4:8] == "   2"  # 5-8: the starting number of the 001 line
    assert nrs[9:13] == "wWCM"  # 10-13: sex and title, as in 001
    assert nrs[14:47].rstrip() == "Berg, Kari"  # 15-47: the name
    assert nrs[48:52] == "1987"  # 49-52: the national rating
    assert nrs[53:56] == "SWE"  # 54-56: origin
    assert parse_trf(text).players[1].rating == 0  # the 001 line keeps the FIDE rating


def test_a_fide_ranked_tournament_without_national_ratings_writes_neither(anna):
    tournament = TournamentFactory(chief=anna)
    EntryFactory(tournament=tournament)
    text, _ = trf_file(tournament)
    assert not lines(text, "172") and not lines(text, "NOR")


def test_the_import_reads_the_method_the_list_and_the_national_ratings_back(anna, national):
    text, _ = trf_file(national)
    copy = import_trf(anna, text)
    assert (copy.rating_method, copy.national_federation) == ("FIDON", "NOR")
    assert dict(copy.entries.values_list("name", "national_rating")) == {
        "Aas, Ola": 0,
        "Berg, Kari": 1987,
    }
    again, _ = trf_file(copy)
    assert lines(again, "172") == lines(text, "172") and lines(again, "NOR") == lines(text, "NOR")
    assert again.count("172 ") == 1  # kept once, not also as a record of the file


def test_an_nrs_line_of_another_list_or_an_other_method_is_kept_as_written(anna):
    text = small_trf().replace("XXR 3\n", "XXR 3\n172 GER OTHER\nGER    1     Somebody\n")
    copy = import_trf(anna, text)
    assert copy.rating_method == "FIDE"
    assert not copy.entries.filter(national_rating__gt=0).exists()
    written, _ = trf_file(copy)
    assert "172 GER OTHER" in written and "GER    1     Somebody" in written


def test_a_national_rating_for_nobody_is_refused_with_its_line(anna):
    text = small_trf().replace(
        "XXR 3\n", "XXR 3\n172 NOR NRO\nNOR   99      Nobody                            1500\n"
    )
    with pytest.raises(TrfError, match="unknown player 99"):
        import_trf(anna, text)
