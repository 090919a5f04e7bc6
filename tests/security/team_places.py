"""The places of the walk for a team event's public pages (arbiter/public/views/teams.py): a
published team Swiss with round 1 played and round 2 a draft, and an unpublished one (places
``team_pages`` and ``team_pages_hidden``, apart from the team systems' ``team``)."""

import pytest

from arbiter.core.models import Round
from tests.arbiter.teams.team_open import play_round, team_event


@pytest.fixture(name="team_places")
def team_places_fixture():
    places = {}
    for name, published in (("team_pages", True), ("team_pages_hidden", False)):
        event = team_event(["Norway", "Sweden"], published=published)
        play_round(event, 1, [("Norway", "Sweden", ["1-0", "1/2", "0-1", "1/2"])])
        play_round(event, 2, [("Sweden", "Norway", ["", "", "", ""])], state=Round.State.DRAFT)
        places[name] = (
            published,
            {
                "tournament_id": event.pk,
                "number": 1,
                "team_id": event.teams.first().pk,
                "entry_id": event.entries.first().pk,
            },
        )
    return places
