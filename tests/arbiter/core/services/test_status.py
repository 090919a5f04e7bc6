"""A tournament's status comes from its facts, for every system: preparing until play starts,
running, finished when the last planned round is complete or the bracket is decided."""

import pytest

from arbiter.core.models import Tournament
from arbiter.core.services.results import record_result
from arbiter.core.systems import System
from pairing.knockout import services as knockout
from pairing.monrad import services as monrad
from pairing.round_robin import services as round_robin
from pairing.rounds import services as rounds
from tests.factories import EntryFactory, TournamentFactory
from tests.pairing.conftest import play

pytestmark = pytest.mark.django_db

Status = Tournament.Status


def status(tournament):
    return Tournament.objects.get(pk=tournament.pk).status


def test_a_swiss_runs_from_its_first_published_round_and_finishes_with_its_last(
    anna, trondheim_open
):
    assert status(trondheim_open) == Status.PREPARING
    draft = rounds.pair_next_round(anna, trondheim_open)
    assert status(trondheim_open) == Status.PREPARING  # a draft is not public yet
    play(anna, draft)
    assert status(trondheim_open) == Status.RUNNING
    for _ in range(trondheim_open.planned_rounds - 1):
        play(anna, rounds.pair_next_round(anna, trondheim_open))
    assert status(trondheim_open) == Status.FINISHED


def test_a_finished_swiss_runs_again_when_a_result_is_cleared(anna, trondheim_open):
    for _ in range(trondheim_open.planned_rounds):
        last = rounds.pair_next_round(anna, trondheim_open)
        play(anna, last)
    record_result(anna, last.games.get(board=1), "")
    assert status(trondheim_open) == Status.RUNNING


def test_a_monrad_season_runs_after_its_first_evening_and_finishes_with_its_last(anna):
    club = TournamentFactory(name="Thursday Club", system=System.MONRAD, chief=anna)
    club.planned_rounds = 2
    club.save()
    members = [EntryFactory(tournament=club, name=f"Member {n}, Club") for n in range(4)]
    for _ in range(2):
        for member in members:
            monrad.set_present(anna, club, member, True)
        round_ = rounds.pair_next_round(anna, club)
        if round_.state == "draft":
            rounds.publish_round(anna, round_)
        assert status(club) == Status.RUNNING
        for game in round_.games.all():
            record_result(anna, game, "1/2")
    assert status(club) == Status.FINISHED


def test_a_round_robin_finishes_with_its_last_round(anna, oslo_invitational):
    drawing = round_robin.start_drawing(anna, oslo_invitational, seed=7)
    for step in range(oslo_invitational.entries.count()):
        round_robin.draw_for_player(anna, drawing, step)
    round_robin.confirm_drawing(anna, drawing)
    assert status(oslo_invitational) == Status.RUNNING
    for round_ in oslo_invitational.rounds.order_by("number"):
        for game in round_.games.all():
            record_result(anna, game, "1-0")
    assert status(oslo_invitational) == Status.FINISHED


def test_a_bracket_runs_from_its_draw_and_finishes_when_every_match_is_decided(anna):
    cup = TournamentFactory(name="Judo Cup -60", system=System.KNOCKOUT, chief=anna)
    for n in range(6):
        EntryFactory(tournament=cup, name=f"Judoka {n}, Cup", club=f"Club {n % 3}")
    assert status(cup) == Status.PREPARING
    knockout.draw_bracket(anna, cup, random_seed=3)
    assert status(cup) == Status.RUNNING
    while ready := knockout.sheet(cup).state.ready():
        knockout.record_bout(anna, cup, ready[0].match.id, int(ready[0].a))
    assert status(cup) == Status.FINISHED


def test_every_change_moves_the_version_on(anna, trondheim_open):
    before = Tournament.objects.get(pk=trondheim_open.pk).version
    rounds.pair_next_round(anna, trondheim_open)
    assert Tournament.objects.get(pk=trondheim_open.pk).version > before
