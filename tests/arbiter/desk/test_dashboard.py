"""The arbiter's own tournaments."""

import pytest
from django.urls import reverse

from tests.factories import EntryFactory, TournamentFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("count", [1, 12])
def test_the_dashboard_costs_the_same_queries_for_1_or_12_tournaments(
    anna, anna_client, count, django_assert_num_queries
):
    for n in range(count):
        EntryFactory.create_batch(2, tournament=TournamentFactory(name=f"Cup {n}", chief=anna))
    # session, user, the events with their sections counted, the tournaments with their player
    # counts, the competitions with theirs
    with django_assert_num_queries(5):
        html = anna_client.get(reverse("dashboard")).content.decode()
    assert all(f"Cup {n}" in html for n in range(count))
