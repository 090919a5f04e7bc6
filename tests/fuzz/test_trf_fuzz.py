"""Bad TRF files: the reader, the Dutch engine behind it and the import service.

The reader may only return a tournament or raise a TrfError that names the line; the engine may
only pair or refuse with one of its documented errors; the import saves a whole tournament or
nothing at all.
"""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.core.models import Bye, Entry, Game, Round, Tournament
from pairing.engines.dutch import NoValidPairing, RoundPairing, pair_trf
from pairing.engines.trf import TrfError, TrfTournament, parse_trf
from pairing.swiss.models import ForbiddenPair, PlayerRoundRecord
from pairing.swiss.trf.imports import import_trf
from tests.fuzz.mutations import mutated, random_text, read_texts
from tests.fuzz.tally import tried

VECTORS = Path(__file__).resolve().parents[1] / "pairing" / "vectors" / "dutch" / "rounds"
ALL_FILES = read_texts(sorted(VECTORS.glob("*/r*.trf")))
#: The engine is fed the small fields only (9 to 30 players), so that it runs often.
SMALL_FILES = read_texts(sorted(VECTORS.glob("*_n0[0-3]?_*/r*.trf")))
#: Records the files may lack, with good and bad values.
EXTRA_RECORDS = [
    "XXR 0",
    "XXR 99999999999999",
    "142 3",
    "XXC white1",
    "XXC black1 rank",
    "152 X",
    "152 W",
    "162  W 1.0    D 0.5",
    "162  Q 1.0",
    "XXA    1  1.0",
    "250     1.0   1   3    1 9999",
    "250     1.0 999 999    1    2",
    "240 H   9    1    2",
    "240 H 999    1",
    "240 Q   2    1",
    "260   1   9    1    2",
    "260 999   1    1 9999",
    "XXP 1 2",
    "XXP 1 999",
    "XXP 0",
    "XXS W=2 D=1",
    "XXS nonsense",
    "BBW 2.0",
    "192 FIDE_DUTCH_2026_BAKU",
    "192 FIDE_DUTCH_2017",
    "192 FIDE_BURSTEIN",
    "013 team",
    "299 abnormal",
    "042 2020/01/01",
    "042 9999/99/99",
    "052 1900/01/01",
    "001",
    "001 9999",
    "###",
]


def _headers_only(text: str) -> str:
    return "\n".join(line for line in text.split("\n") if not line.startswith("001"))


def trf_texts(files: list[str]):
    return st.one_of(
        mutated(files, EXTRA_RECORDS),
        random_text(),
        st.sampled_from(files).map(_headers_only),
        st.just(""),
    )


def parse_or_explain(text: str) -> TrfTournament | None:
    """The only allowed outcomes: a tournament, or a TrfError that names the line (or the file,
    for what no line holds)."""
    try:
        return parse_trf(text)
    except TrfError as error:
        assert str(error).startswith(("line ", "the file: ")), str(error)
        assert error.message.strip(), "an error needs a message"
        return None


@settings(max_examples=3000, deadline=None)
@given(text=trf_texts(ALL_FILES))
def test_the_trf_reader_returns_a_tournament_or_an_error_naming_the_line(text):
    tried("TRF reader (parse_trf)")
    parsed = parse_or_explain(text)
    assert parsed is None or isinstance(parsed, TrfTournament)


@settings(max_examples=600, deadline=None)
@given(text=mutated(SMALL_FILES, EXTRA_RECORDS))
def test_the_dutch_engine_pairs_a_damaged_file_or_refuses_it_with_a_documented_error(text):
    tried("Dutch engine (pair_trf)")
    parsed = parse_or_explain(text)
    if parsed is None:
        return
    try:
        pairing = pair_trf(parsed)
    except (TrfError, NoValidPairing) as error:
        assert str(error).strip()
    except ValueError as error:
        assert str(error).strip(), "a ValueError needs a message"
    else:
        assert isinstance(pairing, RoundPairing)


MODELS = [Tournament, Entry, Round, Game, Bye, PlayerRoundRecord, ForbiddenPair]


def _rows() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in MODELS}


@pytest.mark.django_db
@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(text=st.one_of(mutated(SMALL_FILES[::4], EXTRA_RECORDS, edits=2), random_text()))
def test_a_damaged_trf_imports_whole_or_leaves_no_row_behind(anna, text):
    tried("TRF import (import_trf)")
    before = _rows()
    try:
        tournament = import_trf(anna, text)
    except TrfError as error:
        assert str(error).startswith(("line ", "the file: ")), str(error)
        assert _rows() == before, "a refused file left rows behind"
    else:
        assert isinstance(tournament, Tournament)
        assert tournament.entries.count() > 0
        tried("TRF import (import_trf), of which imported whole")
