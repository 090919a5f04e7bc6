"""A TRF's games with an unknown result are imported as adjourned games (FIDE's checklist Q166):
``?`` on both sides, or a symbol no TRF defines, is an adjourned game, its result to enter (a
draw for pairing, Q157); a ``?`` beside a result stays refused with its line and column
(tests/pairing/swiss/trf/test_import.py, BAD_FILES)."""

from dataclasses import replace

import pytest
from django.urls import reverse

from arbiter.core.models import Game
from arbiter.core.services.results import record_result
from pairing.engines.trf import TrfError, parse_trf
from pairing.swiss.trf.export import trf_file
from pairing.swiss.trf.import_check import import_report
from pairing.swiss.trf.imports import import_trf
from tests.pairing.trf_helpers import SMALL_PLAYERS, r, small_trf

pytestmark = pytest.mark.django_db

#: small_trf's round-2 draw 3-1 (Dahl White, Aas Black): its result column on both lines.
AAS, DAHL, ROUND_2_RESULT = 4, 6, 109


def with_results(white: str, black: str) -> str:
    """small_trf with the round-2 draw 3-1 written ``white`` and ``black``."""
    lines = small_trf().split("\n")
    for line, symbol in ((DAHL, white), (AAS, black)):
        raw = lines[line - 1]
        lines[line - 1] = raw[: ROUND_2_RESULT - 1] + symbol + raw[ROUND_2_RESULT:]
    return "\n".join(lines)


def round_2_game(tournament) -> Game:
    return Game.objects.get(round__tournament=tournament, round__number=2, white__name="Dahl, Per")


def test_q166_a_game_unknown_on_both_sides_is_imported_adjourned(anna):
    tournament = import_trf(anna, with_results("?", "?"))
    game = round_2_game(tournament)
    assert game.adjourned and game.result == ""
    assert tournament.rounds.get(number=2).state == "complete"  # adjourned is not missing
    adjustments = import_report(tournament).adjustments
    assert not any("imported as an adjourned game" in a for a in adjustments)  # ? is TRF's own
    record_result(anna, game, "1/2")  # its result, entered later (Q162), ends the adjournment
    game.refresh_from_db()
    assert not game.adjourned and game.result == "1/2"


@pytest.mark.parametrize(("white", "black"), [("X", "X"), ("?", "*")])
def test_q166_an_unknown_symbol_is_imported_adjourned_and_reported(anna, white, black):
    tournament = import_trf(anna, with_results(white, black))
    assert round_2_game(tournament).adjourned
    adjustments = import_report(tournament).adjustments
    assert (
        f"Round 2: 3-1 is written {white!r} and {black!r}, a result no TRF defines: imported as "
        "an adjourned game, its result to enter." in adjustments
    )


def test_q166_an_adjourned_game_may_wait_in_an_earlier_round(anna):
    """Only the last round may lack a result, but an adjourned game is not a missing result:
    round 1's 1-4 written ``?`` both sides (each scoring a draw's half point) imports."""
    players = list(SMALL_PLAYERS)
    players[0] = replace(players[0], points=10, results=(r(4, "w", "?"), players[0].results[1]))
    players[3] = replace(players[3], points=5, results=(r(1, "b", "?"), players[3].results[1]))
    tournament = import_trf(anna, small_trf(players=tuple(players)))
    game = Game.objects.get(round__tournament=tournament, round__number=1, board=1)
    assert game.adjourned and (game.white.starting_number, game.black.starting_number) == (1, 4)
    assert list(tournament.rounds.values_list("state", flat=True)) == ["complete", "complete"]


def test_q164_q166_the_export_of_an_adjourned_game_imports_back_adjourned(anna):
    """The TRF-2026 export writes ``?`` and ``X 0.5`` in record 162 (Q164-Q165); the import
    reads that scoring as the standard one and the game as adjourned."""
    first = import_trf(anna, with_results("?", "?"))
    text, _ = trf_file(first)
    assert parse_trf(text).scoring.adjourned == 5
    again = import_trf(anna, text, name="Again")
    assert round_2_game(again).adjourned


def test_q167_an_unknown_result_scored_otherwise_than_a_draw_is_refused(anna):
    first = import_trf(anna, with_results("?", "?"))
    text, _ = trf_file(first)
    line = next(raw for raw in text.split("\n") if raw.startswith("162"))
    scored = text.replace(line, line.replace("X 0.5", "X 1.0"))
    with pytest.raises(TrfError, match="only the standard scoring"):
        import_trf(anna, scored)


def test_q166_the_report_page_lists_the_adjourned_game(anna_client, anna):
    tournament = import_trf(anna, with_results("X", "X"))
    page = anna_client.get(reverse("trf_import_report", args=[tournament.pk])).content.decode()
    assert "Round 2: 3-1 is written &#x27;X&#x27; and &#x27;X&#x27;" in page
    assert "imported as an adjourned game" in page
