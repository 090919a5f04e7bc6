"""The player's result page behind their card and the arbiter's buttons (arbiter/venue/views/
results.py), with the abuse cases: a card used on another board, guessed secrets, a revoked
card, a form posted with random data."""

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.core.models import AuditEntry
from arbiter.venue.models import ResultClaim
from arbiter.venue.services import cards, claims
from tests.arbiter.venue.conftest import venue_round
from tests.conftest import login

pytestmark = pytest.mark.django_db


def page(secret: str) -> str:
    return reverse("card_result", args=[secret])


def test_the_page_shows_the_players_game_and_the_buttons(client, board):
    response = client.get(page(board.secret(0)))
    assert response.status_code == 200
    text = response.content.decode()
    assert "Round 1, board 1" in text and "you have White against" in text
    assert "Berg, Ola" in text
    for label in ("I won", "Draw", "I lost"):
        assert label in text
    assert f'name="game" value="{board.game.pk}"' in text
    # private: never kept by a cache, no referrer with the secret in it
    assert "no-store" in response["Cache-Control"] or "private" in response["Cache-Control"]
    assert response["Referrer-Policy"] == "same-origin"


def test_two_players_confirm_a_result_from_their_cards(client, board):
    first = client.post(page(board.secret(0)), {"game": board.game.pk, "result": "win"})
    assert first.status_code == 200
    assert "waiting for your opponent or the arbiter" in first.content.decode()
    other = Client()
    second = other.post(page(board.secret(1)), {"game": board.game.pk, "result": "loss"})
    assert "Entered: board 1, 1 - 0." in second.content.decode()
    board.game.refresh_from_db()
    assert board.game.result == "1-0"


def test_a_secret_used_on_another_board_is_refused_with_a_clear_answer(client, board):
    """The issue's abuse case: Aas's card posting the game of board 2 (Dahl - Lie)."""
    response = client.post(page(board.secret(0)), {"game": board.other.pk, "result": "win"})
    assert response.status_code == 403
    assert "This card is Aas, Kari&#x27;s: it gives results of Aas, Kari&#x27;s games only." in (
        response.content.decode()
    )
    htmx = client.post(
        page(board.secret(0)),
        {"game": board.other.pk, "result": "win"},
        headers={"HX-Request": "true"},
    )
    assert htmx.status_code == 200 and 'role="alert"' in htmx.content.decode()
    assert "gives results of Aas, Kari&#x27;s games only" in htmx.content.decode()
    assert not ResultClaim.objects.exists()
    board.other.refresh_from_db()
    assert board.other.result == ""
    assert not AuditEntry.objects.filter(action__startswith="claim.").exists()


def test_the_switch_off_refuses_and_says_so(client, anna):
    board = venue_round(anna, on=False)
    shown = client.get(page(board.secret(0))).content.decode()
    assert "do not give results from their cards" in shown and "I won" not in shown
    response = client.post(page(board.secret(0)), {"game": board.game.pk, "result": "win"})
    assert response.status_code == 403 and not ResultClaim.objects.exists()


def test_an_entered_result_is_shown_and_never_overwritten(client, board, anna):
    from arbiter.core.services.results import record_result

    record_result(anna, board.game, "1/2")
    assert "Entered:" in client.get(page(board.secret(0))).content.decode()
    response = client.post(page(board.secret(0)), {"game": board.game.pk, "result": "win"})
    assert response.status_code == 409
    assert "Board 1 already has its result: ½ - ½" in response.content.decode()
    board.game.refresh_from_db()
    assert board.game.result == "1/2"


def test_many_wrong_secrets_from_one_address_get_429(client, board, settings):
    settings.CARD_GUESSES_PER_IP = 5
    for n in range(5):
        assert client.get(page(f"{n:0>43}")).status_code == 404
    assert client.get(page("x" * 43)).status_code == 429
    # a right secret too, from that address, until the period ends; nothing saved
    refused = client.post(page(board.secret(0)), {"game": board.game.pk, "result": "win"})
    assert refused.status_code == 429 and not ResultClaim.objects.exists()


def test_a_revoked_card_opens_nothing(client, board, anna):
    old = board.secret(0)
    cards.revoke(anna, board.players[0])
    response = client.post(page(old), {"game": board.game.pk, "result": "win"})
    assert response.status_code == 404
    assert "opens nothing" in response.content.decode()
    assert not ResultClaim.objects.exists()
    assert client.get(page(board.secret(0))).status_code == 200


def test_the_arbiter_sees_pending_claims_on_the_round_page_and_confirms(client, board, anna):
    claims.claim(board.players[0], board.game.pk, "win", seen="")
    claims.claim(board.players[2], board.other.pk, "win", seen="")
    claims.claim(board.players[3], board.other.pk, "win", seen="")
    login(client, anna)
    round_page = reverse("round_detail", args=[board.tournament.pk, 1])
    text = client.get(round_page).content.decode()
    assert 'id="pending-claims"' in text
    assert "Aas, Kari (White) says 1 - 0" in text
    assert "They disagree." in text
    dashboard = client.get(reverse("dashboard")).content.decode()
    assert "2 results from players waiting" in dashboard
    rounds_page = client.get(reverse("rounds", args=[board.tournament.pk])).content.decode()
    assert "2 results from players waiting" in rounds_page and "#pending-claims" in rounds_page
    [first, _second] = claims.pending(board.tournament)
    url = reverse("decide_claims", args=[board.tournament.pk, board.game.pk])
    response = client.post(url, {"verdict": "1-0", "seen": first.seen})
    assert response.status_code == 302
    board.game.refresh_from_db()
    assert board.game.result == "1-0"
    # a stale page: refused with the board as it is now, nothing changed
    stale = client.post(
        reverse("decide_claims", args=[board.tournament.pk, board.other.pk]),
        {"verdict": "1-0", "seen": first.seen},
        headers={"HX-Request": "true"},
    )
    assert stale.status_code == 200 and "changed under you" in stale.content.decode()
    assert ResultClaim.objects.filter(game=board.other).count() == 2
    # HTMX: a decision reloads the page, whose table shows the result
    [second] = claims.pending(board.tournament)
    done = client.post(
        reverse("decide_claims", args=[board.tournament.pk, board.other.pk]),
        {"verdict": "reject", "seen": second.seen},
        headers={"HX-Request": "true"},
    )
    assert done["HX-Refresh"] == "true" and not ResultClaim.objects.exists()


def test_the_round_page_with_pending_claims_is_a_bounded_number_of_queries(
    client, anna, django_assert_max_num_queries
):
    login(client, anna)
    board = venue_round(anna)
    round_page = reverse("round_detail", args=[board.tournament.pk, 1])
    client.get(round_page)
    with django_assert_max_num_queries(30) as few:
        client.get(round_page)
    claims.claim(board.players[0], board.game.pk, "win", seen="")
    claims.claim(board.players[2], board.other.pk, "draw", seen="")
    with django_assert_max_num_queries(len(few.captured_queries) + 1):
        assert "Dahl, Per (White) says ½ - ½" in client.get(round_page).content.decode()


def test_another_tournaments_arbiter_cannot_decide(client, board, boris):
    claims.claim(board.players[0], board.game.pk, "win", seen="")
    [pending] = claims.pending(board.tournament)
    login(client, boris)
    url = reverse("decide_claims", args=[board.tournament.pk, board.game.pk])
    assert client.post(url, {"verdict": "1-0", "seen": pending.seen}).status_code == 403
    assert ResultClaim.objects.count() == 1


def test_the_public_round_page_never_shows_a_pending_claim(client, board):
    board.tournament.is_published = True
    board.tournament.save()
    claims.claim(board.players[0], board.game.pk, "win", seen="")
    text = client.get(reverse("public_round", args=[board.tournament.pk, 1])).content.decode()
    assert "Aas, Kari" in text
    assert "1 - 0" not in text and "says" not in text


def test_the_card_includes_a_lazy_result_section_only_when_turned_on(rf, board):
    from django.template.loader import render_to_string

    settings_row = board.tournament.venue_settings
    context = {"settings": settings_row, "secret": board.secret(0), "entry": board.players[0]}
    shown = render_to_string("venue/_card_results.html", context)
    assert 'hx-get="/card/' in shown and 'hx-trigger="load"' in shown
    settings_row.players_results = False
    assert render_to_string("venue/_card_results.html", context).strip() == ""


@pytest.mark.slow
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    game=st.one_of(st.text(max_size=30), st.integers(-(2**70), 2**70).map(str)),
    result=st.one_of(st.sampled_from(["win", "draw", "loss", "withdraw"]), st.text(max_size=30)),
    seen=st.one_of(st.sampled_from(["", "1-0"]), st.text(max_size=300)),
    htmx=st.booleans(),
)
def test_the_card_form_posted_with_random_data_is_answered_without_a_server_error(
    board, game, result, seen, htmx
):
    client = Client()
    headers = {"HX-Request": "true"} if htmx else {}
    data = {"game": game, "result": result, "seen": seen}
    response = client.post(page(board.secret(0)), data, headers=headers)
    assert response.status_code in (200, 400, 403, 409, 429)
    assert response.content.strip()


def test_a_decision_on_a_board_whose_claim_was_taken_back_says_what_changed(client, board, anna):
    claims.claim(board.players[0], board.game.pk, "win", seen="")
    [pending] = claims.pending(board.tournament)
    claims.withdraw(board.players[0], board.game.pk, seen="1-0")
    login(client, anna)
    url = reverse("decide_claims", args=[board.tournament.pk, board.game.pk])
    response = client.post(
        url, {"verdict": "1-0", "seen": pending.seen}, headers={"HX-Request": "true"}
    )
    text = response.content.decode()
    assert "Board 1 changed under you: it now says no result, no player&#x27;s claim" in text
    assert "claims rejected" not in text
    board.game.refresh_from_db()
    assert board.game.result == ""


def test_a_card_posting_too_often_is_refused_without_filling_the_audit_log(
    client, board, monkeypatch
):
    from arbiter.venue.views import results

    monkeypatch.setattr(results, "POSTS_PER_CARD", 4)
    for saying in ("win", "draw", "win", "draw"):
        seen = ResultClaim.objects.filter(entry=board.players[0]).values_list("result", flat=True)
        data = {"game": board.game.pk, "result": saying, "seen": next(iter(seen), "")}
        assert client.post(page(board.secret(0)), data).status_code == 200
    refused = client.post(page(board.secret(0)), {"game": board.game.pk, "result": "loss"})
    assert refused.status_code == 429
    assert "Too many results sent from this card" in refused.content.decode()
    assert AuditEntry.objects.filter(action="claim.give").count() == 4
    # the opponent's card is counted apart
    berg = Client().post(page(board.secret(1)), {"game": board.game.pk, "result": "loss"})
    assert berg.status_code == 200
