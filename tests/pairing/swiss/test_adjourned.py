"""Adjourned games end to end (FIDE's checklist Q157-169, spec §1.5; docs/fide-mode.md): entered
like a result, a draw for the pairing, adjourned by the pairing of the next round behind a
level-2 warning, a level-3 confirmation and a ``###`` record for a non-draw result, and no final
standings nor rating report while one has no result."""

import pytest
from django.urls import reverse

from arbiter.core import fide_mode
from arbiter.core.models import AuditEntry, Game, Round, Tournament
from arbiter.core.services.results import ResultError, record_result
from arbiter.core.standings import standings
from pairing.engines.trf import UNKNOWN_RESULT, parse_trf
from pairing.rounds import services as rounds
from pairing.swiss.trf.export import RatingReportWaits, tournament_trf, trf_file
from tests.pairing.conftest import play


def first_board(round_: Round) -> Game:
    return round_.games.select_related("white", "black").order_by("board").first()


def adjourned_first_round(anna, tournament) -> Game:
    """Round 1 published, board 1 adjourned, board 2 won by White."""
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, tournament))
    game = first_board(round_)
    record_result(anna, game, Game.ADJOURNED)
    record_result(anna, round_.games.get(board=2), "1-0")
    game.refresh_from_db()
    return game


def test_q157_an_adjourned_game_completes_its_round_and_counts_as_a_draw_for_pairing(
    anna, short_open
):
    game = adjourned_first_round(anna, short_open)
    assert game.adjourned and game.result == ""
    assert game.round.__class__.objects.get(pk=game.round_id).state == Round.State.COMPLETE
    trf = tournament_trf(short_open, through_round=1, next_round=True)
    by_number = {p.number: p for p in trf.players}
    white = by_number[game.white.starting_number]
    assert white.results[0].code == UNKNOWN_RESULT and white.points == 5  # ½ in tenths
    # no warning: the adjourned game is in the last round played
    assert rounds.pairing_warnings(short_open) == []
    assert rounds.pair_next_round(anna, short_open).number == 2


def test_q167_standings_count_nothing_for_an_adjourned_game_and_mark_it(anna, short_open):
    game = adjourned_first_round(anna, short_open)
    table = standings(short_open)
    points = {row.entry.pk: row.points for row in table.rows}
    assert points[game.white_id] == points[game.black_id] == 0
    assert table.adjourned == (game,) and not table.final
    assert table.adjourned_players == {game.white_id, game.black_id}


def test_q159_q160_pairing_with_missing_results_adjourns_them_behind_a_level_2_warning(
    anna, short_open
):
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, short_open))
    record_result(anna, round_.games.get(board=2), "1/2")
    game = first_board(round_)
    with pytest.raises(fide_mode.NeedsConfirmation) as asked:
        rounds.pair_next_round(anna, short_open)
    assert asked.value.level == fide_mode.Level.ACKNOWLEDGE
    assert f"round 1 board 1, {game.white.name} - {game.black.name}" in str(asked.value)
    assert not Game.objects.filter(adjourned=True).exists()
    second = rounds.pair_next_round(anna, short_open, confirmation=asked.value.token)
    assert second.number == 2
    game.refresh_from_db()
    assert game.adjourned and game.result == ""
    entry = AuditEntry.objects.get(action="result.adjourn_unfinished")
    assert entry.after == {"adjourned": [1]}


def test_q168_an_adjourned_game_older_than_the_last_round_asks_at_level_2(anna, short_open):
    short_open.planned_rounds = 3
    short_open.save(update_fields=["planned_rounds"])
    game = adjourned_first_round(anna, short_open)
    play(anna, rounds.pair_next_round(anna, short_open))
    warnings = rounds.pairing_warnings(short_open)
    assert [w.level for w in warnings] == [fide_mode.Level.ACKNOWLEDGE]
    assert "before round 2" in warnings[0].message and game.white.name in warnings[0].message
    with pytest.raises(fide_mode.NeedsConfirmation):
        rounds.pair_next_round(anna, short_open)
    token = fide_mode.confirmation_token(warnings)
    assert rounds.pair_next_round(anna, short_open, confirmation=token).number == 3


def test_q162_a_draw_for_an_adjourned_game_is_entered_at_once_without_a_record(anna, short_open):
    game = adjourned_first_round(anna, short_open)
    play(anna, rounds.pair_next_round(anna, short_open))
    record_result(anna, game, "1/2", expected=Game.ADJOURNED)
    game.refresh_from_db()
    assert game.result == "1/2" and not game.adjourned
    assert fide_mode.trf_notes(short_open) == []


def test_q163_a_decisive_result_for_an_adjourned_game_asks_at_level_3_and_is_recorded(
    anna, short_open
):
    game = adjourned_first_round(anna, short_open)
    with pytest.raises(fide_mode.NeedsConfirmation) as asked:
        record_result(anna, game, "0-1")
    assert asked.value.level == fide_mode.Level.CONFIRM
    game.refresh_from_db()
    assert game.adjourned
    record_result(anna, game, "0-1", confirmation=asked.value.token)
    game.refresh_from_db()
    assert game.result == "0-1" and not game.adjourned
    white, black = game.white, game.black
    note = (
        f"### Adjournment @ Round 1: board 1, {white.starting_number} {white.name} - "
        f"{black.starting_number} {black.name} 0-1"
    )
    assert fide_mode.trf_notes(short_open) == [note]
    assert note in trf_file(short_open)[0].splitlines()


def test_a_game_with_a_result_is_not_adjourned(anna, short_open):
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, short_open))
    game = first_board(round_)
    record_result(anna, game, "1-0")
    with pytest.raises(ResultError, match="clear it"):
        record_result(anna, game, Game.ADJOURNED)


def test_q161_q169_no_final_standings_nor_rating_report_until_the_adjourned_result(
    anna, short_open
):
    game = adjourned_first_round(anna, short_open)
    # mid-event the running TRF writes the game as ? with X in 162 (Q164-165)
    text, rounds_done = trf_file(short_open)
    assert rounds_done == 1
    assert f" b {UNKNOWN_RESULT}" in text or f" w {UNKNOWN_RESULT}" in text
    assert "X 0.5" in next(line for line in text.splitlines() if line.startswith("162"))
    assert parse_trf(text).players
    play(anna, rounds.pair_next_round(anna, short_open))
    short_open.refresh_from_db()
    assert short_open.status == Tournament.Status.RUNNING
    assert not standings(short_open).final
    with pytest.raises(RatingReportWaits, match=game.white.name):
        trf_file(short_open)
    record_result(anna, game, "1/2")
    short_open.refresh_from_db()
    assert short_open.status == Tournament.Status.FINISHED
    assert standings(short_open).final
    assert trf_file(short_open)[1] == 2


def test_the_public_pages_show_the_adjourned_game(client, anna, short_open):
    game = adjourned_first_round(anna, short_open)
    pages = [
        reverse("public_round", args=[short_open.pk, 1]),
        reverse("player_card", args=[short_open.pk, game.white_id]),
    ]
    for url in pages:
        assert "adjourned" in client.get(url).content.decode(), url
    page = client.get(reverse("public_standings", args=[short_open.pk])).content.decode()
    assert "Provisional standings" in page and "adj." in page
    assert f"round 1 board 1, {game.white.name} - {game.black.name}" in page
    assert "Final standings" not in page


def test_the_rating_report_download_says_why_it_waits(anna_client, anna, short_open):
    adjourned_first_round(anna, short_open)
    play(anna, rounds.pair_next_round(anna, short_open))
    for url in (
        reverse("trf_export", args=[short_open.pk, "2026"]),
        reverse("export_trf", args=[short_open.pk, "16"]),
    ):
        response = anna_client.get(url)
        assert response.status_code == 409, url
        assert "adjourned game has no result" in response.content.decode()


HTMX = {"HX-Request": "true"}


def test_the_pair_button_asks_then_adjourns_and_pairs(anna_client, anna, short_open):
    """Q159-160 on the page: the warning lists the board; its button pairs."""
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, short_open))
    record_result(anna, round_.games.get(board=2), "1-0")
    address = reverse("round_pair", args=[short_open.pk])
    html = anna_client.post(address, headers=HTMX).content.decode()
    assert 'id="rule-warnings"' in html and "will be marked adjourned" in html
    assert short_open.rounds.count() == 1
    token = html.split('name="confirmation" value="')[1].split('"')[0]
    anna_client.post(address, {"confirmation": token}, headers=HTMX)
    assert short_open.rounds.count() == 2
    assert first_board(round_).adjourned


def test_the_result_buttons_adjourn_and_confirm_a_decisive_result(anna_client, short_open, anna):
    """Q157 and Q163 on the round page: the board's row asks, its button confirms."""
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, short_open))
    game = first_board(round_)
    address = reverse("record_result", args=[short_open.pk, game.pk])
    html = anna_client.post(
        address, {"result": Game.ADJOURNED, "expected": ""}, headers=HTMX
    ).content.decode()
    assert 'value="adj" ' in html and 'aria-pressed="true"' in html and "adjourned" in html
    asked = anna_client.post(
        address, {"result": "1-0", "expected": Game.ADJOURNED}, headers=HTMX
    ).content.decode()
    assert 'id="rule-warnings"' in asked and "Level 3" in asked
    game.refresh_from_db()
    assert game.adjourned
    token = asked.split('name="confirmation" value="')[1].split('"')[0]
    anna_client.post(address, {"result": "1-0", "expected": Game.ADJOURNED, "confirmation": token})
    game.refresh_from_db()
    assert game.result == "1-0" and not game.adjourned
