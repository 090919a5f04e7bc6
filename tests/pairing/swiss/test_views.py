"""The Swiss pairing page: access, pair, review with explanations and warnings, publish."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from arbiter.core.fide_mode import confirmation_token
from arbiter.core.models import Round
from pairing.rounds import services as rounds
from pairing.swiss import records
from tests.conftest import login
from tests.factories import EntryFactory

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def url(name, tournament, *args):
    return reverse(name, args=[tournament.pk, *args])


def seen(tournament, number):
    """The round's token as the page shows it."""
    return rounds.draft_token(tournament.rounds.get(number=number))


def test_only_the_tournaments_arbiters_reach_the_pairing_page(client, boris, trondheim_open):
    pages = [("get", url("swiss", trondheim_open)), ("post", url("round_pair", trondheim_open))]
    pages += [("post", url("round_publish", trondheim_open, 1))]
    for method, address in pages:
        response = getattr(client, method)(address)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    login(client, boris)
    for method, address in pages:
        assert getattr(client, method)(address).status_code == 403
    assert not trondheim_open.rounds.exists()


def test_pair_shows_the_draft_with_explanations_over_htmx(anna_client, trondheim_open):
    response = anna_client.post(url("round_pair", trondheim_open), headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and 'id="swiss-round"' in html
    assert "<html" not in html  # only the partial
    assert "Round 1" in html and "Draft" in html and "Publish round 1" in html
    assert html.count('<tr id="board-') == 5
    assert "No warnings" in html
    assert "art. 5.2.5" in html  # colour rule of round 1, explained


def test_pair_without_htmx_redirects_to_the_page(anna_client, trondheim_open):
    response = anna_client.post(url("round_pair", trondheim_open))
    assert response.status_code == 302 and response["Location"] == url("swiss", trondheim_open)
    assert trondheim_open.rounds.get().state == Round.State.DRAFT


def test_a_double_click_on_pair_makes_one_round(anna_client, trondheim_open):
    anna_client.post(url("round_pair", trondheim_open), headers=HTMX)
    response = anna_client.post(url("round_pair", trondheim_open), headers=HTMX)
    assert "already paired" in response.content.decode()
    assert trondheim_open.rounds.count() == 1


def test_a_swap_shows_its_warning_with_the_engines_choice(
    anna_client, trondheim_open, trondheim_players
):
    anna_client.post(url("round_pair", trondheim_open))
    first, second = trondheim_players[5], trondheim_players[6]
    response = anna_client.post(
        url("round_swap", trondheim_open, 1),
        {"first": first.pk, "second": second.pk, "seen": seen(trondheim_open, 1)},
        headers=HTMX,
    )
    html = response.content.decode()
    assert "4 warnings" in html
    assert "the engine&#x27;s pairing gave 7 White against 2" in html


def test_the_draft_is_not_public_until_published(client, anna, trondheim_open):
    round_ = rounds.pair_next_round(anna, trondheim_open)
    public = reverse("public_round", args=[trondheim_open.pk, 1])
    assert client.get(public).status_code == 404
    login(client, anna)
    client.post(url("round_publish", trondheim_open, 1), {"seen": seen(trondheim_open, 1)})
    client.logout()
    assert client.get(public).status_code == 200
    round_.refresh_from_db()
    assert round_.state == Round.State.PUBLISHED


def test_deleting_a_round_with_results_asks_to_confirm_and_lists_them(
    anna, anna_client, trondheim_open
):
    from tests.pairing.conftest import play

    play(anna, rounds.pair_next_round(anna, trondheim_open))
    shown = {"seen": seen(trondheim_open, 1)}
    response = anna_client.post(url("round_delete", trondheim_open, 1), shown, headers=HTMX)
    html = response.content.decode()
    assert "Deleting round 1 loses:" in html and html.count("<li>board ") == 5
    assert "<li>the public pairings of round 1 (published " in html
    assert trondheim_open.rounds.exists()
    confirmed = {**shown, "confirm": "yes"}
    anna_client.post(url("round_delete", trondheim_open, 1), confirmed, headers=HTMX)
    assert not trondheim_open.rounds.exists()


def test_a_published_round_is_not_deleted_with_one_click(anna, anna_client, trondheim_open):
    rounds.publish_round(anna, rounds.pair_next_round(anna, trondheim_open))
    shown = {"seen": seen(trondheim_open, 1)}
    html = anna_client.post(url("round_delete", trondheim_open, 1), shown).content.decode()
    assert trondheim_open.rounds.exists()
    assert "Deleting round 1 loses:" in html and "<html" in html  # the plain form: the page
    assert "Delete round 1 all the same" in html and "board " not in html.split("loses:")[1][:200]


def test_htmx_posts_need_the_csrf_header(anna, trondheim_open):
    client = Client(enforce_csrf_checks=True)
    login(client, anna)
    assert client.post(url("round_pair", trondheim_open), headers=HTMX).status_code == 403
    page = client.get(url("swiss", trondheim_open)).content.decode()
    token = page.split('"X-CSRFToken": "')[1].split('"')[0]
    response = client.post(
        url("round_pair", trondheim_open), headers={**HTMX, "X-CSRFToken": token}
    )
    assert response.status_code == 200 and trondheim_open.rounds.count() == 1


def queries_for_draft(client, tournament):
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url("swiss", tournament)).status_code == 200
    return len(captured)


def test_the_draft_page_costs_the_same_queries_for_any_field(anna, anna_client, trondheim_open):
    rounds.pair_next_round(anna, trondheim_open)
    small = queries_for_draft(anna_client, trondheim_open)
    rounds.delete_last_round(anna, trondheim_open.rounds.get())
    EntryFactory.create_batch(30, tournament=trondheim_open, starting_number=None)
    rounds.pair_next_round(anna, trondheim_open)
    # + TRF source, blocks, XXA, the pairing job, the job the tournament's nav names
    assert queries_for_draft(anna_client, trondheim_open) == small == 27


def test_the_next_round_page_costs_the_same_queries_for_any_field(anna_client, trondheim_open):
    small = queries_for_draft(anna_client, trondheim_open)
    EntryFactory.create_batch(30, tournament=trondheim_open, starting_number=None)
    # + accelerations, the pairing job, the job the tournament's nav names
    assert queries_for_draft(anna_client, trondheim_open) == small == 16


@pytest.mark.parametrize("extra", [0, 30])
def test_records_forbidden_pairs_and_accelerations_cost_no_query_per_player(
    anna, anna_client, trondheim_open, extra
):
    EntryFactory.create_batch(extra, tournament=trondheim_open, starting_number=None)
    players = list(trondheim_open.entries.order_by("-rating"))
    for player, kind in zip(players, ["H", "Z", "F", "W"] * len(players), strict=False):
        # a full-point bye is acknowledged (Q177)
        confirmation = confirmation_token(records.bye_warnings(player, 1, kind))
        records.set_player_round_record(
            anna, trondheim_open, player, 1, kind, confirmation=confirmation
        )
    for first, second in zip(players[::2], players[1::2], strict=True):
        records.forbid_pair(anna, trondheim_open, first, second)
        records.set_acceleration(anna, trondheim_open, first, 1, 2, "1")
    # 16 with the queries for the pairing job the page shows and the job the nav names
    assert queries_for_draft(anna_client, trondheim_open) == 16


def test_marking_a_player_absent_is_a_record_for_the_next_round(
    anna_client, trondheim_open, trondheim_players
):
    player = trondheim_players[0]
    anna_client.post(
        url("swiss_player_record", trondheim_open),
        {"entry": player.pk, "round": 1, "kind": "Z"},
        headers=HTMX,
    )
    anna_client.post(url("round_pair", trondheim_open))
    round_ = trondheim_open.rounds.get()
    assert round_.byes.get(entry=player).kind == "Z"


def test_a_late_entrant_is_offered_half_points_for_missed_rounds(anna, anna_client, trondheim_open):
    from tests.pairing.conftest import play

    play(anna, rounds.pair_next_round(anna, trondheim_open))
    late = EntryFactory(tournament=trondheim_open, starting_number=11, rating=2000)
    html = anna_client.get(url("swiss", trondheim_open)).content.decode()
    assert "late entry: ½ for 1 missed round" in html
    anna_client.post(url("swiss_missed_rounds", trondheim_open), {"entry": late.pk, "kind": "H"})
    assert trondheim_open.rounds.get(number=1).byes.get(entry=late).kind == "H"
    assert "missed round" not in anna_client.get(url("swiss", trondheim_open)).content.decode()


# Issue 15: the arbiter chooses, types and is told ----------------------------------------------


def test_the_arbiter_chooses_the_top_player_s_colour_before_round_1(
    anna_client, trondheim_open, trondheim_players
):
    page = anna_client.get(url("swiss", trondheim_open)).content.decode()
    assert "The top player (no. 1) has" in page and ">drawn by lot</option>" in page
    response = anna_client.post(
        url("swiss_initial_colour", trondheim_open), {"colour": "b"}, headers=HTMX
    )
    html = response.content.decode()
    assert "Saved: the top player&#x27;s colour in round 1 is Black." in html
    assert '<option value="b" selected>Black</option>' in html
    trondheim_open.refresh_from_db()
    assert trondheim_open.initial_colour == "b"
    entry = trondheim_open.audit_entries.get(action="tournament.initial_colour")
    assert entry.after == {"initial_colour": "b"}
    round_ = rounds.pair_next_round(None, trondheim_open)
    assert round_.seed is None  # chosen, not drawn
    top = trondheim_open.entries.get(starting_number=1)
    assert round_.games.filter(black=top).exists()


def test_the_initial_colour_is_fixed_once_round_1_is_paired(anna_client, trondheim_open):
    anna_client.post(url("round_pair", trondheim_open))
    trondheim_open.refresh_from_db()
    other = "b" if trondheim_open.initial_colour == "w" else "w"
    response = anna_client.post(
        url("swiss_initial_colour", trondheim_open), {"colour": other}, headers=HTMX
    )
    assert "chosen before round 1 is paired" in response.content.decode()


def test_a_swap_by_typed_starting_numbers_answers_with_the_warnings_in_view(
    anna_client, trondheim_open, trondheim_players
):
    page = anna_client.post(url("round_pair", trondheim_open), headers=HTMX).content.decode()
    assert 'name="first_number"' in page and 'list="paired-numbers"' in page
    assert '<select name="first"' not in page  # no drop-down of the whole field
    assert 'hx-swap="outerHTML show:#warnings:top"' in page
    numbers = {"first_number": "6", "second_number": "7 Player", "seen": seen(trondheim_open, 1)}
    response = anna_client.post(url("round_swap", trondheim_open, 1), numbers, headers=HTMX)
    html = response.content.decode()
    assert "4 warnings" in html and 'id="warnings"' in html


def test_a_starting_number_nobody_has_is_refused_with_a_message(anna_client, trondheim_open):
    anna_client.post(url("round_pair", trondheim_open))
    typed = {"first_number": "99", "second_number": "1", "seen": seen(trondheim_open, 1)}
    response = anna_client.post(url("round_swap", trondheim_open, 1), typed, headers=HTMX)
    assert "No player has the starting number 99" in response.content.decode()
    response = anna_client.post(url("round_swap", trondheim_open, 1), typed)
    assert response.status_code == 302  # a plain form: the page again, with the message


def test_an_attendance_change_says_what_was_saved(anna_client, trondheim_open, trondheim_players):
    player = trondheim_players[3]
    posted = {"entry": player.pk, "round": 1, "kind": "H"}
    response = anna_client.post(url("swiss_player_record", trondheim_open), posted, headers=HTMX)
    html = response.content.decode()
    assert f"Saved: {player.name}, round 1: half-point bye." in html
    assert 'role="status"' in html
    response = anna_client.post(url("swiss_player_record", trondheim_open), posted, follow=True)
    assert f"Saved: {player.name}, round 1: half-point bye." in response.content.decode()
