"""The team round robin: the Berger tables on the teams' numbers, one round at a time, each match
made board by board from the lineups, through the round lifecycle every system shares."""

import pytest

from arbiter.core import fide_mode
from arbiter.core.models import Game, Round, TeamMatch
from arbiter.core.services.results import record_result
from arbiter.core.systems import System
from arbiter.teams.models import TeamBye
from pairing.rounds import services as rounds
from pairing.rounds.models import EmptyBoard
from pairing.team_round_robin.system import TEAM_ROUND_ROBIN
from pairing.team_rounds import services as team_rounds
from tests.pairing.team_events import set_lineup, team_event

pytestmark = pytest.mark.django_db


def tables(round_: Round) -> list[tuple[int, int]]:
    return [
        (m.home.number, m.away.number)
        for m in round_.team_matches.select_related("home", "away").order_by("table")
    ]


def test_six_teams_meet_by_the_berger_table_one_round_at_a_time(anna):
    event = team_event(anna, System.TEAM_ROUND_ROBIN, teams=6)
    met = set()
    for number in range(1, 6):
        round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, event))
        assert round_.number == number
        for home, away in tables(round_):
            met.add(frozenset((home, away)))
        for game in round_.games.all():
            record_result(anna, game, "1/2")
    assert len(met) == 15  # every pair of six teams once
    assert tables(Round.objects.get(tournament=event, number=1)) == [(1, 6), (2, 5), (3, 4)]


def test_an_odd_number_of_teams_gives_one_team_a_free_round_each_round(anna):
    event = team_event(anna, System.TEAM_ROUND_ROBIN, teams=5)
    free = []
    for _number in range(5):
        round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, event))
        assert round_.team_matches.count() == 2
        free.append(TeamBye.objects.get(round=round_, kind="U").team.number)
        round_.games.update(
            result="1-0",
        )
    assert sorted(free) == [1, 2, 3, 4, 5]


def test_a_double_round_robin_repeats_the_cycle_with_the_teams_colours_reversed(anna):
    event = team_event(anna, System.TEAM_ROUND_ROBIN, teams=4, rounds=6)
    assert TEAM_ROUND_ROBIN.trf_type(event) == "FIDE_TEAM_DOUBLEROUNDROBIN"
    pairs = []
    for _number in range(6):
        round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, event))
        pairs.append(tables(round_))
        round_.games.update(result="0-1")
    first = {p for r in pairs[:3] for p in r}
    second = {p for r in pairs[3:] for p in r}
    assert second == {(away, home) for home, away in first}


def test_a_single_round_robin_is_a_fide_team_round_robin_in_the_trf(anna):
    event = team_event(anna, System.TEAM_ROUND_ROBIN, teams=4)
    assert TEAM_ROUND_ROBIN.trf_type(event) == "FIDE_TEAM_ROUNDROBIN"


def test_the_team_named_first_has_white_on_board_one_and_the_colours_alternate(anna):
    event = team_event(anna, System.TEAM_ROUND_ROBIN, teams=4, boards=4)
    round_ = rounds.pair_next_round(anna, event)
    match = round_.team_matches.get(table=1)
    games = list(match.games.select_related("white", "black").order_by("board"))
    assert [g.board for g in games] == [1, 2, 3, 4]
    home = match.home.number
    assert [g.white.team.number == home for g in games] == [True, False, True, False]
    assert [g.white.team_board for g in games] == [1, 2, 3, 4]
    second = round_.team_matches.get(table=2)
    assert sorted(second.games.values_list("board", flat=True)) == [5, 6, 7, 8]


def test_the_players_come_from_each_team_s_lineup_of_the_round(anna):
    event = team_event(anna, System.TEAM_ROUND_ROBIN, teams=4, boards=2, reserves=1)
    team = event.teams.get(number=1)
    reserve = team.members.get(team_board=3)
    first = team.members.get(team_board=1)
    set_lineup(team, 1, [first, reserve])
    round_ = rounds.pair_next_round(anna, event)
    assert set(
        Game.objects.filter(round=round_, team_match__home=team).values_list("white", "black")
    ) == {
        (first.pk, round_.team_matches.get(home=team).away.members.get(team_board=1).pk),
        (round_.team_matches.get(home=team).away.members.get(team_board=2).pk, reserve.pk),
    }


def test_an_empty_board_is_won_by_forfeit_by_the_player_there_and_two_empty_are_a_double_forfeit(
    anna,
):
    event = team_event(anna, System.TEAM_ROUND_ROBIN, teams=4, boards=2)
    home, away = event.teams.get(number=1), event.teams.get(number=4)  # table 1 of round 1
    set_lineup(home, 1, [home.members.get(team_board=1), None])
    set_lineup(away, 1, [None, None])
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, event))
    match = round_.team_matches.get(table=1)
    assert match.games.count() == 0
    empty = {e.board: e for e in match.empty_boards.all()}
    assert empty[1].white == home.members.get(team_board=1) and empty[1].code == "+-"
    assert empty[2].white is None and empty[2].black is None and empty[2].code == "--"
    score = team_rounds.match_score(match, team_rounds.settings_of(event))
    assert (score.first_game_points, score.second_game_points) == (1, 0)
    assert (score.first_match_points, score.second_match_points) == (2, 0)


def test_the_match_score_follows_the_boards_as_they_finish(anna):
    event = team_event(anna, System.TEAM_ROUND_ROBIN, teams=4, boards=4)
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, event))
    match = round_.team_matches.get(table=1)
    settings = team_rounds.settings_of(event)
    games = list(match.games.order_by("board"))
    record_result(anna, games[0], "1-0")  # the home team's White wins
    assert team_rounds.match_score(match, settings) is None
    assert team_rounds.partial_score(match, settings) == (1, 0)
    record_result(anna, games[1], "1-0")  # the away team has White on board 2
    record_result(anna, games[2], "1/2")
    record_result(anna, games[3], "1/2")
    score = team_rounds.match_score(match, settings)
    assert (score.first_game_points, score.second_game_points) == (2, 2)
    assert score.first_match_points == score.second_match_points == 1


def test_a_whole_match_forfeit_gives_every_board_to_the_winners(anna):
    event = team_event(anna, System.TEAM_ROUND_ROBIN, teams=4, boards=2)
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, event))
    match = round_.team_matches.get(table=1)
    team_rounds.forfeit_match(anna, match, "-+", expected="")
    assert sorted(match.games.values_list("result", flat=True)) == ["+-", "-+"]
    score = team_rounds.match_score(
        TeamMatch.objects.get(pk=match.pk), team_rounds.settings_of(event)
    )
    assert (score.first_game_points, score.second_game_points) == (0, 2)
    team_rounds.forfeit_match(anna, match, "", expected="-+")
    assert set(match.games.values_list("result", flat=True)) == {""}


def test_forfeiting_a_match_with_results_asks_first_and_a_stale_page_is_refused(anna):
    event = team_event(anna, System.TEAM_ROUND_ROBIN, teams=4, boards=2)
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, event))
    match = round_.team_matches.get(table=1)
    record_result(anna, match.games.first(), "1-0")
    with pytest.raises(rounds.ConfirmationNeeded):
        team_rounds.forfeit_match(anna, match, "+-", expected="")
    team_rounds.forfeit_match(anna, match, "+-", expected="", confirm=True)
    with pytest.raises(rounds.RoundError, match="changed under you"):
        team_rounds.forfeit_match(anna, match, "--", expected="")


def test_swapping_teams_in_a_draft_keeps_their_lineups_and_warns_of_a_rematch(anna):
    event = team_event(anna, System.TEAM_ROUND_ROBIN, teams=4)
    first = rounds.publish_round(anna, rounds.pair_next_round(anna, event))
    first.games.update(result="1-0")
    draft = rounds.pair_next_round(anna, event)
    assert tables(draft) == [(4, 3), (1, 2)]
    one, three = event.teams.get(number=1), event.teams.get(number=3)
    seen = rounds.draft_token(draft)
    with pytest.raises(fide_mode.NeedsConfirmation) as needs:
        team_rounds.swap_teams(anna, draft, one, three, seen=seen)  # 4-1 met in round 1
    assert "have met already" in str(needs.value)
    assert tables(draft) == [(4, 3), (1, 2)]  # nothing changed until confirmed
    team_rounds.swap_teams(anna, draft, one, three, seen=seen, confirmation=needs.value.token)
    assert tables(draft) == [(4, 1), (3, 2)]
    lineup = draft.team_matches.get(table=1).games.values_list("black__team__number", flat=True)
    assert 1 in set(lineup)


def test_an_action_from_a_stale_draft_page_is_refused(anna):
    event = team_event(anna, System.TEAM_ROUND_ROBIN, teams=4)
    draft = rounds.pair_next_round(anna, event)
    seen = rounds.draft_token(draft)
    team_rounds.set_first_team(anna, draft, 1, draft.team_matches.get(table=1).away, seen=seen)
    with pytest.raises(rounds.StaleDraft):
        rounds.publish_round(anna, draft, seen=seen)
    with pytest.raises(rounds.StaleDraft):
        team_rounds.swap_teams(anna, draft, *event.teams.all()[:2], seen=seen)


def test_naming_the_other_team_first_turns_every_board_s_colours(anna):
    event = team_event(anna, System.TEAM_ROUND_ROBIN, teams=4, boards=2)
    draft = rounds.pair_next_round(anna, event)
    match = draft.team_matches.get(table=1)
    before = set(match.games.values_list("white", "black"))
    team_rounds.set_first_team(anna, draft, 1, match.away, seen=rounds.draft_token(draft))
    match = draft.team_matches.get(table=1)
    assert tables(draft)[0] == (4, 1)
    assert set(match.games.values_list("black", "white")) == before


def test_single_players_of_a_team_round_are_never_swapped(anna):
    event = team_event(anna, System.TEAM_ROUND_ROBIN, teams=4)
    draft = rounds.pair_next_round(anna, event)
    game = draft.games.first()
    with pytest.raises(rounds.RoundError, match="team matches"):
        rounds.swap_players(anna, draft, game.white, draft.games.last().black)


def test_published_matches_are_public_and_deleting_the_round_deletes_them(anna):
    event = team_event(anna, System.TEAM_ROUND_ROBIN, teams=4)
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, event))
    assert round_.state == Round.State.PUBLISHED
    rounds.delete_last_round(anna, round_, confirm=True)
    assert not TeamMatch.objects.filter(round__tournament=event).exists()
    assert not EmptyBoard.objects.exists()


def test_teams_without_numbers_are_numbered_by_name_at_the_first_pairing(anna):
    event = team_event(anna, System.TEAM_ROUND_ROBIN, teams=4)
    event.teams.update(number=None)
    rounds.pair_next_round(anna, event)
    assert list(event.teams.order_by("name").values_list("number", flat=True)) == [1, 2, 3, 4]
