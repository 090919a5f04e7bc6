"""The team Swiss: each round paired by the C.04.6 engine from the teams' match and game points,
colours and opponents, the odd team out getting the PAB, through the round lifecycle every
system shares."""

from decimal import Decimal

import pytest

from arbiter.core.models import Round, TeamMatch
from arbiter.core.services.results import record_result
from arbiter.core.systems import System
from arbiter.teams.models import TeamBye
from pairing.rounds import services as rounds
from pairing.team_rounds import services as team_rounds
from pairing.team_rounds.history import team_records
from pairing.team_swiss import services
from pairing.team_swiss.system import TEAM_SWISS
from tests.pairing.team_events import team_event

pytestmark = pytest.mark.django_db


def play(anna, round_: Round, result: str = "1-0") -> None:
    for game in round_.games.all():
        record_result(anna, game, result)


def test_round_one_pairs_the_top_half_against_the_bottom_half_and_gives_the_odd_team_the_pab(anna):
    event = team_event(anna, System.TEAM_SWISS, teams=5, rounds=4)
    event.initial_colour = "w"
    event.save()
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, event))
    pairs = {frozenset((m.home.number, m.away.number)) for m in round_.team_matches.all()}
    assert pairs == {frozenset((1, 3)), frozenset((2, 4))}  # the spec's worked example
    assert TeamBye.objects.get(round=round_).team.number == 5
    assert TeamBye.objects.get(round=round_).kind == "U"


def test_the_pab_team_scores_the_event_s_bye_points_and_never_gets_a_second_pab(anna):
    event = team_event(anna, System.TEAM_SWISS, teams=3, rounds=3, boards=2)
    event.initial_colour = "w"
    event.save()
    byes = []
    for _number in range(3):
        round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, event))
        byes.append(TeamBye.objects.get(round=round_).team.number)
        play(anna, round_, "1/2")
    assert sorted(byes) == [1, 2, 3]
    records = team_records(event, 4)
    # two drawn matches (1 MP, 1 GP each) and the PAB (2 MP, half the boards: 1 GP)
    assert all(r.match_points == 4 and r.game_points == 3 for r in records.values())


def test_the_winners_meet_the_winners_in_round_two(anna):
    event = team_event(anna, System.TEAM_SWISS, teams=8, rounds=5)
    event.initial_colour = "w"
    event.save()
    first = rounds.publish_round(anna, rounds.pair_next_round(anna, event))
    for match in first.team_matches.all():
        for game in match.games.select_related("white"):
            won = game.white.team_id == match.home_id
            record_result(anna, game, "1-0" if won else "0-1")
    winners = {m.home_id for m in first.team_matches.all()}
    second = rounds.pair_next_round(anna, event)
    for match in second.team_matches.all():
        assert (match.home_id in winners) == (match.away_id in winners)
    met = {frozenset((m.home_id, m.away_id)) for m in first.team_matches.all()}
    assert not met & {frozenset((m.home_id, m.away_id)) for m in second.team_matches.all()}


def test_a_team_that_played_white_last_round_tends_to_get_black(anna):
    event = team_event(anna, System.TEAM_SWISS, teams=4, rounds=3)
    event.initial_colour = "w"
    event.save()
    first = rounds.publish_round(anna, rounds.pair_next_round(anna, event))
    play(anna, first, "1/2")
    second = rounds.pair_next_round(anna, event)
    homes = {m.home_id for m in first.team_matches.all()}
    assert {m.home_id for m in second.team_matches.all()} != homes


def test_game_points_as_primary_score_pairs_on_game_points(anna):
    event = team_event(anna, System.TEAM_SWISS, teams=4, rounds=3, primary_score="gp")
    event.initial_colour = "w"
    event.save()
    assert TEAM_SWISS.trf_type(event) == "FIDE_TEAM_TYPEA_GP_MP"
    first = rounds.publish_round(anna, rounds.pair_next_round(anna, event))
    play(anna, first, "1/2")
    states = {s.tpn: s for s in services.states(event, 2)}
    assert all(s.score == 1 and s.primary == 1 and s.secondary == 1 for s in states.values())


def test_a_forfeited_match_is_no_played_match_and_bars_the_winner_from_the_pab(anna):
    event = team_event(anna, System.TEAM_SWISS, teams=4, rounds=3)
    event.initial_colour = "w"
    event.save()
    first = rounds.publish_round(anna, rounds.pair_next_round(anna, event))
    match = first.team_matches.get(table=1)
    team_rounds.forfeit_match(anna, match, "+-")
    play(anna, Round.objects.get(pk=first.pk))
    records = team_records(event, 2)
    home = records[match.home_id]
    assert home.colours == "" and home.bye_barred and home.match_points == Decimal(2)


def test_the_trf_type_names_the_colour_model_and_the_scores(anna):
    event = team_event(anna, System.TEAM_SWISS, teams=4, colours="none", secondary_used=False)
    assert TEAM_SWISS.trf_type(event) == "FIDE_TEAM_MP"
    event.team_settings.colours = "typeb"
    event.team_settings.secondary_used = True
    event.team_settings.save()
    assert TEAM_SWISS.trf_type(event) == "FIDE_TEAM_TYPEB_MP_GP"


def test_round_one_draws_the_initial_colour_by_lot_and_keeps_it(anna):
    event = team_event(anna, System.TEAM_SWISS, teams=4, rounds=3)
    rounds.pair_next_round(anna, event)
    event.refresh_from_db()
    assert event.initial_colour in ("w", "b")
    assert event.rounds.get(number=1).seed is not None


def test_publishing_and_a_stale_page_work_as_in_every_system(anna):
    event = team_event(anna, System.TEAM_SWISS, teams=4, rounds=3)
    draft = rounds.pair_next_round(anna, event)
    seen = rounds.draft_token(draft)
    match = draft.team_matches.get(table=1)
    team_rounds.set_first_team(anna, draft, 1, match.away, seen=seen)
    with pytest.raises(rounds.StaleDraft):
        rounds.publish_round(anna, draft, seen=seen)
    rounds.publish_round(anna, draft, seen=rounds.draft_token(Round.objects.get(pk=draft.pk)))
    assert TeamMatch.objects.filter(round__state="published").count() == 2
