"""Creating a tournament and editing its settings through the pages."""

import pytest
from django.urls import reverse

from arbiter.core.models import Tournament, TournamentArbiter

pytestmark = pytest.mark.django_db


def test_an_arbiter_creates_a_tournament_and_lands_on_its_players(anna_client, anna):
    response = anna_client.post(
        reverse("tournament_create"),
        {"name": "Tromsø Rapid", "system": "swiss_dutch", "federation": "nor", "planned_rounds": 7},
    )
    tournament = Tournament.objects.get(name="Tromsø Rapid")
    assert response["Location"] == reverse("players", args=[tournament.pk])
    assert tournament.federation == "NOR"
    assert not tournament.is_published
    assert TournamentArbiter.objects.filter(tournament=tournament, user=anna, role="chief").exists()


def test_a_tournament_that_ends_before_it_starts_is_refused(anna_client):
    response = anna_client.post(
        reverse("tournament_create"),
        {
            "name": "Backwards",
            "system": "round_robin",
            "start_date": "2026-05-02",
            "end_date": "2026-05-01",
        },
    )
    assert "cannot end before it starts" in response.content.decode()
    assert not Tournament.objects.filter(name="Backwards").exists()


def test_publishing_in_the_settings_makes_the_public_page_appear(client, anna_client, hidden_event):
    url = reverse("tournament_settings", args=[hidden_event.pk])
    anna_client.post(
        url, {"name": hidden_event.name, "system": "swiss_dutch", "is_published": "on"}
    )
    anna_client.logout()
    assert client.get(reverse("tournament", args=[hidden_event.pk])).status_code == 200


def test_the_chief_adds_a_deputy_by_username(anna_client, bergen_open, boris):
    anna_client.post(reverse("deputy_add", args=[bergen_open.pk]), {"username": "boris"})
    assert TournamentArbiter.objects.filter(tournament=bergen_open, user=boris).exists()


def test_an_unknown_username_is_a_clear_error(anna_client, bergen_open):
    response = anna_client.post(
        reverse("deputy_add", args=[bergen_open.pk]), {"username": "nobody"}
    )
    assert "No active user has that username." in response.content.decode()
