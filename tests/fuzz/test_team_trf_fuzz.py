"""Bad team TRF files (TRF-2026 records 310, 320, 330, 300, 352, 362, 240): the team import
saves a whole team tournament or nothing at all, and refuses a bad file with a TrfError naming
its line (or the file), never another error."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.core.models import Entry, Game, Round, Team, TeamMatch, Tournament
from arbiter.teams.models import Lineup, LineupBoard, TeamBye, TeamSettings
from arbiter.teams.trf_import import import_team_trf
from pairing.engines.trf import TrfError
from tests.fuzz.mutations import mutated, random_text, read_texts
from tests.fuzz.tally import tried

FILES = read_texts(sorted((Path(__file__).resolve().parents[1] / "data" / "teams").glob("*.trf")))
#: Team records with good and bad values, and records a team file may not have.
EXTRA_RECORDS = [
    "310   6 Foxtrot                          Foxtr      0    0.0    0.0   6     1",
    "310 999 Big                              Big        0 9999.9 9999.9 999  9999",
    "310   1",
    "310",
    "013 Team",
    "352 WBWB",
    "352 WBWBWBWBWBWBWBWBWBWB",
    "352 WXWB",
    "352",
    "362 TW 3.0   TD 1.0   TL 0.0",
    "362 TW99999",
    "362 QQ",
    "320  2.0  2.0   1   2   3",
    "320 99.9 9999 999",
    "320",
    "330 +-   1   1   2",
    "330 --   2   3   4",
    "330 ??   1   1   1",
    "330 +- 999 999 999",
    "300   1   1   3    2    1    3    4",
    "300   1   1   3 0000 0000 0000 0000",
    "300 999   1   2    1",
    "300   1   1   1",
    "240 H   2    5",
    "240 F   1    1",
    "240 Z 999  999",
    "192 FIDE_TEAM_ROUNDROBIN",
    "192 FIDE_TEAM_TYPEB_GP",
    "192 CUSTOM_TEAM_SWISS",
    "162  W 3.0    D 1.0",
    "142 1",
    "299 abnormal",
]
MODELS = [Tournament, Team, Entry, Round, TeamMatch, Game, TeamBye, TeamSettings, Lineup]
MODELS += [LineupBoard]


def _rows() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in MODELS}


@pytest.mark.django_db
@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(text=st.one_of(mutated(FILES, EXTRA_RECORDS, edits=3), random_text()))
def test_a_damaged_team_trf_imports_whole_or_leaves_no_row_behind(anna, text):
    tried("team TRF import (import_team_trf)")
    before = _rows()
    try:
        tournament = import_team_trf(anna, text)
    except TrfError as error:
        assert str(error).startswith(("line ", "the file: ")), str(error)
        assert error.message.strip()
        assert _rows() == before, "a refused file left rows behind"
    else:
        assert isinstance(tournament, Tournament)
        assert tournament.teams.count() > 0
        tried("team TRF import (import_team_trf), of which imported whole")
