"""Unusual results of a game played, ½-0, 0-½ and 0-0 (FIDE's checklist Q180-186, spec §1.9):
entered behind "Forfeit…", scored as entered, written to the TRF as ``=``/``0`` and ``0``/``0``,
and a game played for the pairing (colours, opponents met)."""

import pytest
from django.urls import reverse

from arbiter.core.models import Game, Round
from arbiter.core.services.results import record_result
from arbiter.core.standings import standings
from pairing.rounds import services as rounds
from pairing.swiss.trf.export import tournament_trf

HTMX = {"HX-Request": "true"}


def first_round(anna, tournament, board_1: str, board_2: str) -> Round:
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, tournament))
    record_result(anna, round_.games.get(board=1), board_1)
    record_result(anna, round_.games.get(board=2), board_2)
    return round_


@pytest.mark.parametrize(
    ("code", "white", "black", "codes"),
    [
        ("=-0", "0.5", "0", ("=", "0")),
        ("0-=", "0", "0.5", ("0", "=")),
        ("0-0", "0", "0", ("0", "0")),
    ],
)
def test_q180_186_an_unusual_result_scores_as_entered_and_goes_to_the_trf_as_played(
    anna, short_open, code, white, black, codes
):
    round_ = first_round(anna, short_open, code, "1-0")
    game = round_.games.select_related("white", "black").get(board=1)
    points = {row.entry.pk: row.points for row in standings(short_open).rows}
    assert (str(points[game.white_id]), str(points[game.black_id])) == (white, black)
    trf = tournament_trf(short_open, through_round=1)
    by_number = {p.number: p for p in trf.players}
    white_line = by_number[game.white.starting_number].results[0]
    black_line = by_number[game.black.starting_number].results[0]
    assert (white_line.code, black_line.code) == codes
    assert (white_line.colour, black_line.colour) == ("w", "b")
    assert white_line.played and black_line.played


def test_q180_186_the_pairing_counts_an_unusual_result_as_a_game_played(anna, short_open):
    """Opponents of round 1 do not meet again, and each player gets the other colour."""
    first = first_round(anna, short_open, "=-0", "0-0")
    second = rounds.pair_next_round(anna, short_open)
    met = {frozenset((g.white_id, g.black_id)) for g in first.games.all()}
    white_before = {g.white_id for g in first.games.all()}
    for game in second.games.all():
        assert frozenset((game.white_id, game.black_id)) not in met
        assert game.white_id not in white_before and game.black_id in white_before


def test_q180_186_the_result_buttons_offer_them_behind_forfeit(anna_client, anna, short_open):
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, short_open))
    game = round_.games.get(board=1)
    address = reverse("record_result", args=[short_open.pk, game.pk])
    html = anna_client.post(address, {"result": "0-=", "expected": ""}, headers=HTMX).content
    html = html.decode()
    assert '<details class="more" open>' in html
    assert 'value="0-=" title="White scores 0, Black ½" aria-pressed="true">0-½' in html
    assert 'value="=-0"' in html and 'value="0-0"' in html
    game.refresh_from_db()
    assert game.result == "0-=" and Game.objects.get(pk=game.pk).outcome.played
