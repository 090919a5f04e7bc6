"""Points for every system: chess results, byes by kind, and only rounds the public may see,
read from the database (arbiter/core/standings.py) and added up by the standings engine."""

from decimal import Decimal

import pytest

from arbiter.core.models import Round
from arbiter.core.standings import read_results, rule_set
from arbiter.core.systems import System
from pairing.engines import standings as engine
from tests.arbiter.conftest import play_round
from tests.factories import EntryFactory, TournamentFactory

pytestmark = pytest.mark.django_db

HALF = Decimal("0.5")


def scores(tournament, through_round=None):
    """Every entry's points after `through_round` (all counted rounds when None)."""
    games, byes = read_results(tournament, through_round)
    points = engine.points(games, byes, rule_set(tournament).scoring)
    return {entry.pk: points.get(entry.pk, 0) for entry in tournament.entries.all()}


def bye_points(kind, system):
    return rule_set(TournamentFactory.build(system=system)).scoring.bye(kind)


@pytest.mark.parametrize(
    ("result", "white", "black"),
    [
        ("1-0", 1, 0),
        ("0-1", 0, 1),
        ("1/2", HALF, HALF),
        ("+-", 1, 0),
        ("-+", 0, 1),
        ("--", 0, 0),
        ("", 0, 0),
    ],
)
def test_a_game_scores_by_chess_rules(oslo_rr, oslo_players, result, white, black):
    aas, berg, *_ = oslo_players
    play_round(oslo_rr, 1, games=[(aas, berg, result)])
    points = scores(oslo_rr)
    assert (points[aas.pk], points[berg.pk]) == (white, black)


@pytest.mark.parametrize(("kind", "worth"), [("F", 1), ("H", HALF), ("Z", 0), ("U", 1)])
def test_a_bye_in_a_swiss_scores_by_its_kind(kind, worth):
    swiss = TournamentFactory(system=System.SWISS_DUTCH)
    player = EntryFactory(tournament=swiss)
    play_round(swiss, 1, byes=[(player, kind)])
    assert scores(swiss)[player.pk] == worth


def test_the_pairing_allocated_bye_scores_a_point_in_swiss_and_monrad_but_not_a_round_robin():
    assert bye_points("U", System.SWISS_DUTCH) == 1
    assert bye_points("U", System.MONRAD) == 1
    assert bye_points("U", System.ROUND_ROBIN) == 0


def test_the_free_round_of_an_odd_round_robin_scores_nothing(oslo_rr, oslo_players):
    aas, berg, dahl, _ = oslo_players
    play_round(oslo_rr, 1, games=[(aas, berg, "1-0")], byes=[(dahl, "U")])
    assert scores(oslo_rr)[dahl.pk] == 0


def test_requested_byes_keep_their_value_in_a_round_robin(oslo_rr, oslo_players):
    aas, berg, dahl, lie = oslo_players
    play_round(oslo_rr, 1, byes=[(aas, "F"), (berg, "H"), (dahl, "Z"), (lie, "U")])
    points = scores(oslo_rr)
    assert [points[p.pk] for p in oslo_players] == [1, HALF, 0, 0]


def test_points_add_up_over_the_rounds_and_stop_where_asked(oslo_rr, oslo_players):
    aas, berg, dahl, lie = oslo_players
    play_round(oslo_rr, 1, games=[(aas, lie, "1-0"), (berg, dahl, "1/2")])
    play_round(oslo_rr, 2, games=[(lie, dahl, "0-1"), (aas, berg, "1/2")])
    assert scores(oslo_rr)[aas.pk] == Decimal("1.5")
    assert scores(oslo_rr, through_round=1)[aas.pk] == 1
    assert scores(oslo_rr, through_round=0)[aas.pk] == 0


def test_every_entry_has_a_score_even_without_games(oslo_rr, oslo_players):
    assert scores(oslo_rr) == {p.pk: 0 for p in oslo_players}


def test_a_draft_round_counts_for_nothing(oslo_rr, oslo_players):
    aas, berg, dahl, _ = oslo_players
    play_round(oslo_rr, 1, games=[(aas, berg, "1-0")], byes=[(dahl, "F")], state=Round.State.DRAFT)
    assert set(scores(oslo_rr).values()) == {0}


def test_the_counted_results_cost_two_queries_for_any_field(django_assert_num_queries):
    for size in (4, 20):
        swiss = TournamentFactory(system=System.SWISS_DUTCH)
        players = EntryFactory.create_batch(size, tournament=swiss)
        for number in (1, 2):
            pairs = [(players[i], players[i + 1], "1/2") for i in range(0, size - 1, 2)]
            play_round(swiss, number, games=pairs, byes=[(players[-1], "U")] if size % 2 else [])
        with django_assert_num_queries(2):  # games, byes
            games, byes = read_results(swiss)
        assert engine.points(games, byes, rule_set(swiss).scoring)[players[0].pk] == 1
