"""Standings: points, the tournament's tie-breaks (C.07) and shared ranks, from the ORM."""

import itertools
from decimal import Decimal

import pytest

from arbiter.core.models import Round
from arbiter.core.standings import standings, tiebreak_codes
from arbiter.desk.forms import TournamentForm
from pairing.rounds import services as rounds
from tests.pairing.conftest import play


@pytest.fixture
def two_rounds(anna, trondheim_open):
    play(anna, rounds.pair_next_round(anna, trondheim_open))
    play(anna, rounds.pair_next_round(anna, trondheim_open), seed=2)
    return trondheim_open


def test_a_swiss_without_a_choice_breaks_ties_by_buchholz_cut_1_then_buchholz(two_rounds):
    table = standings(two_rounds)
    assert tiebreak_codes(two_rounds) == ("BH-C1", "BH", "SB", "DE")
    assert [h for h, _ in table.legend][:2] == ["BH-C1", "BH"]
    assert table.through_round == 2
    assert sum(row.points for row in table.rows) == 10


def test_the_ranking_follows_points_then_each_tie_break(two_rounds):
    rows = standings(two_rounds).rows
    keys = [(row.points, *[v if v is not None else -1 for v in row.tiebreaks]) for row in rows]
    assert keys == sorted(keys, reverse=True)
    for a, b in itertools.pairwise(rows):
        same = (a.points, a.tiebreaks) == (b.points, b.tiebreaks)
        assert (a.rank == b.rank) == same


def test_buchholz_is_the_sum_of_the_opponents_points(two_rounds):
    table = standings(two_rounds)
    points = {row.entry.pk: row.points for row in table.rows}
    column = [h for h, _ in table.legend].index("BH")
    for row in table.rows:
        games = two_rounds.rounds.filter(number__lte=2)
        opponents = [
            g.black_id if g.white_id == row.entry.pk else g.white_id
            for r in games
            for g in r.games.all()
            if row.entry.pk in (g.white_id, g.black_id)
        ]
        assert row.tiebreaks[column] == sum((points[o] for o in opponents), Decimal(0))


def test_a_draft_round_does_not_count(anna, two_rounds):
    rounds.pair_next_round(anna, two_rounds)
    assert two_rounds.rounds.filter(state=Round.State.DRAFT).exists()
    assert standings(two_rounds).through_round == 2


def test_standings_after_an_earlier_round_leave_later_rounds_out(two_rounds):
    assert sum(row.points for row in standings(two_rounds, 1).rows) == 5


def test_a_round_robin_uses_direct_encounter_and_sonneborn_berger(oslo_rr, oslo_players):
    from tests.arbiter.conftest import play_round

    aas, berg, dahl, lie = oslo_players
    play_round(oslo_rr, 1, [(aas, lie, "1-0"), (berg, dahl, "1/2")])
    play_round(oslo_rr, 2, [(lie, dahl, "0-1"), (aas, berg, "1/2")])
    table = standings(oslo_rr)
    assert [h for h, _ in table.legend] == ["DE", "SB", "WIN", "KS"]
    assert [row.entry.name for row in table.rows][:2] == ["Aas, Kari", "Dahl, Per"]
    assert [row.points for row in table.rows][:2] == [Decimal("1.5"), Decimal("1.5")]
    sb = [h for h, _ in table.legend].index("SB")
    assert table.rows[0].tiebreaks[sb] == Decimal("0.5")  # beat Lie (0), drew Berg (1): ½ · 1


def test_the_arbiter_chooses_the_tie_breaks_and_a_wrong_code_is_refused(two_rounds):
    data = {"name": "Trondheim Open", "system": "swiss_dutch", "tiebreaks": "sb, bh-c1"}
    form = TournamentForm(data, instance=two_rounds)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["tiebreaks"] == "SB BH-C1"
    bad = TournamentForm({**data, "tiebreaks": "BH KS"}, instance=two_rounds)
    assert not bad.is_valid() and "KS" in str(bad.errors["tiebreaks"])
    two_rounds.tiebreaks = "SB BH-C1"
    two_rounds.save()
    assert [h for h, _ in standings(two_rounds).legend] == ["SB", "BH-C1"]


def test_standings_cost_the_same_queries_for_any_field(anna, two_rounds, django_assert_num_queries):
    with django_assert_num_queries(4):
        standings(two_rounds)


def test_unrated_opponents_count_with_the_rating_the_organiser_publishes(anna, two_rounds):
    """C.07 art. 10: the rating given to unrated players is a setting, used in ARO and shown
    in the legend; without it games against them are left out (and the legend says so)."""
    unrated = two_rounds.entries.order_by("starting_number").last()
    unrated.rating = 0
    unrated.save()
    two_rounds.tiebreaks = "ARO"
    two_rounds.save()
    game = unrated.games_as_white.first() or unrated.games_as_black.first()
    opponent = game.black if game.white == unrated else game.white
    left_out = standings(two_rounds)
    assert "left out" in left_out.legend[0][1]
    form = TournamentForm(
        {"name": "Trondheim Open", "system": "swiss_dutch", "tiebreaks": "ARO",
         "unrated_rating": "1400"},
        instance=two_rounds,
    )  # fmt: skip
    assert form.is_valid(), form.errors
    form.save()
    counted = standings(two_rounds)
    assert "unrated opponents count as rated 1400" in counted.legend[0][1]

    def aro(table):
        return next(row.tiebreaks[0] for row in table.rows if row.entry == opponent)

    assert aro(counted) != aro(left_out)


@pytest.mark.parametrize("size", [4, 21])
def test_the_club_rule_costs_one_query_more_for_any_club(anna, size, django_assert_num_queries):
    """The club rule reads the club evening's settings (its scoring and tie-break): one query
    beside the four, whatever the number of members; the points are the club's."""
    from arbiter.core.services.results import record_result
    from arbiter.core.systems import System
    from pairing.monrad import services as monrad
    from tests.factories import EntryFactory, TournamentFactory

    club = TournamentFactory(system=System.MONRAD, tiebreak_rules="club", chief=anna)
    for entry in EntryFactory.create_batch(size, tournament=club, starting_number=None):
        monrad.set_present(anna, club, entry, True)
    for game in rounds.pair_next_round(anna, club).games.all():
        record_result(anna, game, "1-0")
    with django_assert_num_queries(5):  # rounds, entries, the club's settings, games, byes
        table = standings(club)
    assert [h for h, _ in table.legend] == ["GP", "OS-C1"]
    assert max(row.points for row in table.rows) == 3  # a win, by the club's 3/2/1


def test_the_club_rule_is_offered_where_the_system_has_one_and_takes_no_codes(two_rounds):
    data = {"name": "Trondheim Open", "system": "swiss_dutch", "tiebreak_rules": "club"}
    swiss = TournamentForm(data, instance=two_rounds)
    assert not swiss.is_valid() and "no club rule" in str(swiss.errors["tiebreak_rules"])
    club = TournamentForm({**data, "name": "Club", "system": "monrad"})
    assert club.is_valid(), club.errors
    coded = TournamentForm({**data, "name": "Club", "system": "monrad", "tiebreaks": "BH"})
    assert not coded.is_valid()
    assert coded.errors["tiebreaks"] == [
        "The club rule takes its tie-break from the club evening's settings."
    ]
