"""The team Swiss's pairing page: the arbiter pairs a round, sees its matches and the team with
the PAB, publishes, and enters the matches' results on the page every team system shares."""

import pytest
from django.urls import reverse

from arbiter.core.systems import System
from pairing.rounds import services as rounds
from tests.pairing.team_events import team_event

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def swiss(anna):
    event = team_event(anna, System.TEAM_SWISS, teams=5, boards=2, rounds=4)
    event.initial_colour = "w"
    event.save()
    return event


def test_the_arbiter_pairs_a_team_swiss_round_and_sees_the_pab(anna_client, swiss):
    page = anna_client.post(reverse("round_pair", args=[swiss.pk]), headers=HTMX).content.decode()
    assert "Round 1" in page and "Team 5: Pairing-allocated bye" in page
    assert "Table 1: Team 1" in page
    assert "paired by C.04.6: 2 matches, PAB Team 5" in page


def test_a_published_team_swiss_round_takes_its_results_match_by_match(anna_client, swiss):
    draft = rounds.pair_next_round(None, swiss)
    response = anna_client.post(
        reverse("round_publish", args=[swiss.pk, 1]),
        {"seen": rounds.draft_token(draft)},
        headers=HTMX,
    )
    assert "Round 1 is <strong>published</strong>" in response.content.decode()
    page = anna_client.get(reverse("team_results", args=[swiss.pk, 1])).content.decode()
    assert page.count('class="team-match"') == 2 and "Team 5: Pairing-allocated bye" in page


def test_the_team_swiss_page_refuses_a_round_no_pairing_allows(anna, anna_client):
    event = team_event(anna, System.TEAM_SWISS, teams=2, boards=1, rounds=3)
    event.initial_colour = "w"
    event.save()
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, event))
    round_.games.update(result="1-0")
    round_.state = "complete"
    round_.save()
    page = anna_client.post(reverse("round_pair", args=[event.pk]), headers=HTMX).content.decode()
    assert "No pairing of round 2 satisfies C.04.6" in page
    assert event.rounds.count() == 1
