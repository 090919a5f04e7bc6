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


@pytest.mark.parametrize(
    ("time_control", "chosen", "rating_type"),
    [
        ("90 min + 30 s/move", "", "standard"),
        ("15+10", "", "rapid"),  # 25 minutes for 60 moves
        ("3+2", "", "blitz"),
        ("as announced", "", "standard"),  # unreadable
        ("3+2", "standard", "standard"),  # the arbiter's choice stands
    ],
)
def test_the_rating_type_follows_the_time_control_unless_chosen(
    anna_client, time_control, chosen, rating_type
):
    data = {"name": "Tromsø", "system": "swiss_dutch", "time_control": time_control}
    anna_client.post(reverse("tournament_create"), {**data, "rating_type": chosen})
    assert Tournament.objects.get(name="Tromsø").rating_type == rating_type


def test_the_settings_read_the_rating_type_again_from_a_new_time_control(anna_client, bergen_open):
    url = reverse("tournament_settings", args=[bergen_open.pk])
    page = anna_client.get(url).content.decode()
    assert 'name="rating_type"' in page and "From the time control" in page
    data = {"name": bergen_open.name, "system": "swiss_dutch", "time_control": "10+5"}
    anna_client.post(url, {**data, "rating_type": ""})
    bergen_open.refresh_from_db()
    assert bergen_open.rating_type == "rapid"
    anna_client.post(url, {**data, "rating_type": "blitz"})
    bergen_open.refresh_from_db()
    assert bergen_open.rating_type == "blitz"


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
