"""Nothing public names a login: arbiters appear by their full names (or not at all), and the
public TRF has neither a username in its ``102`` line nor the arbiter's forbidden pairs."""

import pytest
from django.urls import reverse

from arbiter.core.models import TournamentArbiter
from pairing.rounds import services as rounds
from pairing.swiss.records import forbid_pair
from tests.factories import UserFactory
from tests.pairing.conftest import play

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(anna, trondheim_open, trondheim_players):
    nameless = UserFactory(username="kx_deputy")
    TournamentArbiter.objects.create(
        tournament=trondheim_open, user=nameless, role=TournamentArbiter.Role.DEPUTY
    )
    forbid_pair(anna, trondheim_open, trondheim_players[0], trondheim_players[1])
    play(anna, rounds.pair_next_round(anna, trondheim_open))
    return trondheim_open


def public_texts(client, tournament):
    pages = [
        reverse("tournament", args=[tournament.pk]),
        reverse("public_standings", args=[tournament.pk]),
        reverse("export_json", args=[tournament.pk]),
        reverse("export_players", args=[tournament.pk]),
        reverse("export_results", args=[tournament.pk]),
        reverse("export_trf", args=[tournament.pk, "2026"]),
        reverse("export_trf", args=[tournament.pk, "16"]),
    ]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        yield url, response.content.decode()


def test_no_public_page_or_export_names_a_username(client, played, anna):
    for url, text in public_texts(client, played):
        assert "kx_deputy" not in text, url
    page = client.get(reverse("tournament", args=[played.pk])).content.decode()
    assert "Anna Larsen" in page  # the chief by name
    anna.first_name = anna.last_name = ""
    anna.save()  # a chief without a name is not shown, rather than by username
    for url, text in public_texts(client, played):
        assert "102 anna" not in text and ">anna<" not in text, url


def test_the_public_trf_names_the_chief_and_keeps_forbidden_pairs_to_the_arbiters(
    client, played, anna
):
    public = client.get(reverse("export_trf", args=[played.pk, "2026"])).content.decode()
    assert "102 Anna Larsen" in public.splitlines()
    assert not any(line.startswith("XXP") for line in public.splitlines())
    client.force_login(anna)
    own = client.get(reverse("trf_export", args=[played.pk, "2026"])).content.decode()
    assert any(line.startswith("XXP") for line in own.splitlines())
