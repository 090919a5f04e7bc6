"""Expelled players (FIDE's checklist Q197-198, spec §1.9; docs/fide-mode.md "Expelled players"):
flagged on the entry, withdrawn from the coming rounds, and taken out of a Swiss's ranking: listed
after it, marked, while their games stay in the others' points and tie-breaks."""

from decimal import Decimal

import pytest
from django.urls import reverse

from arbiter.core.models import Entry
from arbiter.core.services.entries import set_withdrawn
from arbiter.core.services.results import record_result
from arbiter.core.standings import StandingRow, expelled_apart, standings
from arbiter.core.systems import System
from pairing.rounds import services as rounds
from pairing.swiss.models import PlayerRoundRecord
from pairing.swiss.records import set_player_round_record
from tests.factories import EntryFactory, TournamentFactory


@pytest.fixture
def short_open(anna):
    """Four players, two rounds, round 1 played: the two Whites won."""
    tournament = TournamentFactory(
        name="Short Open", system=System.SWISS_DUTCH, chief=anna, planned_rounds=2
    )
    for number in range(1, 5):
        EntryFactory(tournament=tournament, name=f"Player {number}, Short", rating=2400 - number)
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, tournament))
    for game in round_.games.all():
        record_result(anna, game, "1-0")
    return tournament


def winners(tournament) -> list[Entry]:
    return [row.entry for row in standings(tournament).rows if row.points == 1]


def test_q197_q198_an_expelled_player_is_listed_after_the_ranking_and_marked(anna, short_open):
    before = {row.entry.pk: row for row in standings(short_open).rows}
    first, second = winners(short_open)
    set_withdrawn(anna, first, True, expelled=True)
    first.refresh_from_db()
    assert first.withdrawn and first.expelled
    rows = standings(short_open).rows
    assert [row.entry.pk for row in rows][-1] == first.pk
    ranks = [(row.rank, row.shared) for row in rows]
    assert ranks == [(1, False), (2, True), (2, True), (4, False)]
    assert rows[0].entry == second
    # their game stays: points and tie-breaks of the others are what they were
    for row in rows:
        assert (row.points, row.tiebreaks) == (
            before[row.entry.pk].points,
            before[row.entry.pk].tiebreaks,
        )


def test_q197_q198_ranks_shared_among_the_others_are_shared_again():
    entries = [Entry(pk=n, name=str(n), expelled=n == 2) for n in range(1, 5)]
    rows = tuple(
        StandingRow(rank, entry, Decimal(1), (), shared=True)
        for rank, entry in zip((1, 1, 3, 3), entries, strict=True)
    )
    assert [(r.entry.pk, r.rank, r.shared) for r in expelled_apart(rows)] == [
        (1, 1, False),
        (3, 2, True),
        (4, 2, True),
        (2, 4, False),
    ]


def test_a_round_robin_keeps_an_expelled_player_in_its_ranking(anna):
    """Q197-198 take the expelled out of a Swiss's standings; a round robin's table keeps them."""
    tournament = TournamentFactory(system=System.ROUND_ROBIN, chief=anna)
    expelled = EntryFactory(tournament=tournament, expelled=True, withdrawn=True)
    EntryFactory.create_batch(2, tournament=tournament)
    rows = {row.entry.pk: row for row in standings(tournament).rows}
    assert rows[expelled.pk].rank == 1 and rows[expelled.pk].shared


def test_q197_the_arbiter_expels_from_the_withdraw_question(anna_client, short_open):
    entry = short_open.entries.order_by("starting_number").first()
    url = reverse("player_withdraw", args=[short_open.pk, entry.pk])
    asked = anna_client.post(url, {"withdrawn": "1"}, headers={"HX-Request": "true"})
    assert 'name="expelled" value="1"' in asked.content.decode()
    done = anna_client.post(
        url, {"withdrawn": "1", "confirm": "yes", "expelled": "1"}, headers={"HX-Request": "true"}
    )
    assert "(expelled)" in done.content.decode()
    entry.refresh_from_db()
    assert entry.withdrawn and entry.expelled
    page = anna_client.get(reverse("public_standings", args=[short_open.pk])).content.decode()
    assert '<tr class="expelled">' in page and "(expelled)" in page
    anna_client.post(url, {"withdrawn": "0"})
    entry.refresh_from_db()
    assert not entry.withdrawn and not entry.expelled


def test_reinstating_from_the_swiss_records_ends_the_expulsion(anna, short_open):
    entry = short_open.entries.order_by("starting_number").first()
    set_player_round_record(anna, short_open, entry, 2, PlayerRoundRecord.Kind.WITHDRAWN)
    Entry.objects.filter(pk=entry.pk).update(expelled=True)
    set_player_round_record(anna, short_open, entry, 2, "")
    entry.refresh_from_db()
    assert not entry.withdrawn and not entry.expelled
