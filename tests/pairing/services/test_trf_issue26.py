"""Issue 26 in the TRF import and export: the number of rounds always in a TRF-2026 file (142),
withdrawals kept by the round trip, a half point without a game that nobody requested, and the
round robin's TRF."""

import pytest

from pairing.engines.trf import parse_trf
from pairing.services.trf_export import trf_file
from pairing.services.trf_import import import_trf
from tests.pairing.trf_helpers import small_trf

pytestmark = pytest.mark.django_db


def test_a_trf_2026_export_has_142_also_when_the_imported_file_gave_no_number_of_rounds(anna):
    tournament = import_trf(anna, small_trf(rounds=0))
    assert tournament.planned_rounds == 2
    assert "142 2" in trf_file(tournament)[0].split("\n")
    assert parse_trf(trf_file(tournament)[0]).rounds == 2
    # a TRF-16 file comes back as written: without XXR
    legacy = trf_file(tournament, legacy=True)[0].split("\n")
    assert not any(line[:3] in ("XXR", "142") for line in legacy)
