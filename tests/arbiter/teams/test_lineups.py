"""Lineups: the rules a lineup keeps, who may enter it and until when, stale pages and forms
sent twice (docs/teams.md, "Lineups and captains")."""

import datetime

import pytest
from django.utils import timezone

from arbiter.core.models import AuditEntry, Round
from arbiter.teams.lineups import lineup_for
from arbiter.teams.models import LineupDeadline, TeamSettings
from arbiter.teams.services import lineups, rosters
from arbiter.teams.services.lineups import LineupError, StaleLineup, Who
from tests.arbiter.teams.conftest import board_order

pytestmark = pytest.mark.django_db


def ids(*entries):
    return [e.pk if e else None for e in entries]


@pytest.fixture
def players(vikings):
    return board_order(vikings)


def submit(who, team, boards, seen=0, **kwargs):
    return lineups.submit_lineup(who, team, 1, ids(*boards), seen, **kwargs)


def test_a_captain_s_lineup_with_a_reserve_on_board_four_is_stored_and_played(
    carl, vikings, players, league
):
    lineup = submit(
        Who(carl, captain=True), vikings, [players[0], players[1], players[2], players[4]]
    )
    assert (lineup.version, lineup.by_captain, lineup.submitted_by) == (1, True, carl)
    settings = rosters.settings_of(league)
    assert lineup_for(vikings, 1, settings) == [players[0], players[1], players[2], players[4]]
    entry = AuditEntry.objects.get(action="lineup.submit")
    assert entry.user == carl and entry.after["by"] == "captain"


def test_a_lineup_has_exactly_the_boards_of_a_match(carl, vikings, players):
    with pytest.raises(LineupError, match="exactly 4 boards, not 3"):
        submit(Who(carl, True), vikings, players[:3])


def test_a_player_of_another_team_is_refused(carl, vikings, trolls, players):
    troll = board_order(trolls)[0]
    with pytest.raises(LineupError, match="is not a player of Vikings"):
        submit(Who(carl, True), vikings, [players[0], players[1], players[2], troll])


def test_a_player_twice_is_refused(carl, vikings, players):
    with pytest.raises(LineupError, match="on board 1 and board 4"):
        submit(Who(carl, True), vikings, [players[0], players[1], players[2], players[0]])


def test_a_withdrawn_player_is_refused(carl, vikings, players):
    players[3].withdrawn = True
    players[3].save()
    with pytest.raises(LineupError, match="has withdrawn"):
        submit(Who(carl, True), vikings, players[:4])


def test_with_a_fixed_order_a_reserve_cannot_play_above_a_regular_player(carl, vikings, players):
    with pytest.raises(LineupError, match="the board order is fixed"):
        submit(Who(carl, True), vikings, [players[0], players[4], players[1], players[2]])


def test_with_a_free_order_any_order_is_played(anna, carl, league, vikings, players):
    rosters.update_settings(anna, league, {"board_order": TeamSettings.Order.FREE})
    submit(Who(carl, True), vikings, [players[4], players[0], players[1], players[2]])


def test_an_empty_last_board_is_a_forfeit_but_an_empty_board_above_a_player_is_refused(
    carl, vikings, players
):
    with pytest.raises(LineupError, match="empty boards are the last ones"):
        submit(Who(carl, True), vikings, [players[0], None, players[1], players[2]])
    submit(Who(carl, True), vikings, [players[0], players[1], players[2], None])


def test_a_lineup_needs_at_least_one_player(carl, vikings):
    with pytest.raises(LineupError, match="at least one player"):
        submit(Who(carl, True), vikings, [None] * 4)


def test_a_captain_after_the_deadline_is_refused_with_what_the_team_plays(
    anna, carl, league, vikings, players
):
    closes = timezone.now() - datetime.timedelta(minutes=5)
    lineups.set_deadline(anna, league, 1, closes)
    with pytest.raises(LineupError, match="closed at") as refused:
        submit(Who(carl, True), vikings, players[:4])
    assert players[0].name in str(refused.value)
    # the arbiter takes a late lineup
    submit(Who(anna, False), vikings, players[:4])


def test_before_the_deadline_a_captain_may_change_the_lineup(anna, carl, league, vikings, players):
    lineups.set_deadline(anna, league, 1, timezone.now() + datetime.timedelta(hours=1))
    submit(Who(carl, True), vikings, players[:4])
    lineup = submit(Who(carl, True), vikings, [*players[:3], players[5]], seen=1)
    assert lineup.version == 2


def test_once_the_round_is_paired_nobody_changes_its_lineups(anna, carl, league, vikings, players):
    Round.objects.create(tournament=league, number=1)
    for who in (Who(carl, True), Who(anna, False)):
        with pytest.raises(LineupError, match="has been paired"):
            submit(who, vikings, players[:4])


def test_captains_are_refused_when_the_arbiters_enter_the_lineups(
    anna, carl, league, vikings, players
):
    rosters.update_settings(anna, league, {"captains_enter_lineups": False})
    with pytest.raises(LineupError, match="arbiters enter the lineups"):
        submit(Who(carl, True), vikings, players[:4])


def test_a_lineup_from_a_stale_page_is_refused_saying_who_changed_it(anna, carl, vikings, players):
    submit(Who(anna, False), vikings, players[:4])
    with pytest.raises(StaleLineup, match="changed by anna") as refused:
        submit(Who(carl, True), vikings, [*players[:3], players[4]], seen=0)
    assert "version 1" in str(refused.value)


def test_the_same_lineup_sent_twice_is_stored_once(carl, vikings, players):
    submit(Who(carl, True), vikings, players[:4])
    again = submit(Who(carl, True), vikings, players[:4], seen=0)
    assert again.version == 1
    assert AuditEntry.objects.filter(action="lineup.submit").count() == 1


def test_without_a_lineup_the_team_plays_its_last_one_or_its_board_order(
    anna, carl, league, vikings, players
):
    settings = rosters.settings_of(league)
    assert lineup_for(vikings, 1, settings) == players[:4]
    submit(Who(carl, True), vikings, [*players[:3], players[5]])
    assert lineup_for(vikings, 2, settings) == [*players[:3], players[5]]
    rosters.update_settings(anna, league, {"missing_lineup": TeamSettings.MissingLineup.ORDER})
    assert lineup_for(vikings, 2, rosters.settings_of(league)) == players[:4]


def test_a_deadline_is_set_moved_and_removed_each_audited(anna, league):
    closes = timezone.now()
    lineups.set_deadline(anna, league, 2, closes)
    lineups.set_deadline(anna, league, 2, closes + datetime.timedelta(hours=1))
    lineups.set_deadline(anna, league, 2, None)
    assert not LineupDeadline.objects.exists()
    assert AuditEntry.objects.filter(action="lineup.deadline").count() == 3
