"""Teams and their board order (docs/teams.md, "Teams and board order")."""

import pytest

from arbiter.core.models import AuditEntry, Round, TeamMatch
from arbiter.teams.models import TeamSettings
from arbiter.teams.services import rosters
from arbiter.teams.services.rosters import TeamError
from tests.arbiter.teams.conftest import board_order, team_of
from tests.factories import EntryFactory, TournamentFactory

pytestmark = pytest.mark.django_db


def pair_first_round(league, vikings, trolls):
    round_ = Round.objects.create(tournament=league, number=1)
    TeamMatch.objects.create(round=round_, table=1, home=vikings, away=trolls)
    return round_


def test_a_tournament_without_team_settings_gets_the_defaults_on_first_use(anna):
    open_ = TournamentFactory(chief=anna)
    settings = rosters.settings_of(open_)
    assert (settings.boards, settings.board_order) == (4, TeamSettings.Order.FIXED)
    assert rosters.settings_of(open_).pk == settings.pk


def test_teams_are_numbered_in_the_order_they_come_in(anna, league):
    first = rosters.add_team(anna, league, {"name": "Vikings", "nickname": "VIK"})
    second = rosters.add_team(anna, league, {"name": "Trolls", "federation": "NOR"})
    assert (first.number, second.number) == (1, 2)
    assert AuditEntry.objects.filter(action="team.add").count() == 2


def test_two_teams_of_one_name_are_refused(anna, league, vikings):
    with pytest.raises(TeamError, match="named vikings already"):
        rosters.add_team(anna, league, {"name": "vikings"})


def test_numbering_by_rating_puts_the_strongest_first_boards_first(anna, league, vikings, trolls):
    rosters.number_teams(anna, league, rosters.BY_RATING)
    vikings.refresh_from_db(), trolls.refresh_from_db()
    assert (trolls.number, vikings.number) == (1, 2)
    assert rosters.average_rating(trolls, 4) == 2385  # 2400, 2390, 2380, 2370


def test_numbers_are_fixed_once_a_round_is_paired(anna, league, vikings, trolls):
    pair_first_round(league, vikings, trolls)
    with pytest.raises(TeamError, match="fixed once a round is paired"):
        rosters.number_teams(anna, league, rosters.BY_RATING)


def test_a_player_joins_last_and_is_a_reserve_below_the_regular_boards(anna, league):
    team = team_of(anna, league, "Elves", players=4)
    late = EntryFactory(tournament=league, name="Late, Reserve", starting_number=None)
    rosters.add_member(anna, team, late)
    late.refresh_from_db()
    assert late.team_board == 5 > rosters.settings_of(league).boards


def test_a_team_takes_no_more_players_than_the_limit(anna, league, vikings):
    extra = EntryFactory(tournament=league, starting_number=None)
    with pytest.raises(TeamError, match="has 6 players already"):
        rosters.add_member(anna, vikings, extra)


def test_a_player_of_another_team_is_refused(anna, league, vikings, trolls):
    troll = board_order(trolls)[0]
    team = team_of(anna, league, "Elves", players=1)
    with pytest.raises(TeamError, match="plays for Trolls"):
        rosters.add_member(anna, team, troll)


def test_a_new_player_typed_in_is_entered_and_placed_in_the_team(anna, league):
    team = team_of(anna, league, "Elves", players=2)
    entry = rosters.add_new_member(anna, team, {"name": "Ny, Spiller", "rating": 1900})
    assert (entry.team_id, entry.team_board) == (team.pk, 3)
    assert list(AuditEntry.objects.values_list("action", flat=True).order_by("-id")[:2]) == [
        "team.member_add",
        "entry.add",
    ]


def test_moving_a_player_up_closes_the_order_and_a_resent_move_changes_nothing(anna, vikings):
    fifth = board_order(vikings)[4]
    rosters.move_member(anna, vikings, fifth, 2)
    rosters.move_member(anna, vikings, fifth, 2)
    assert [e.team_board for e in board_order(vikings)] == [1, 2, 3, 4, 5, 6]
    assert board_order(vikings)[1] == fifth
    assert AuditEntry.objects.filter(action="team.member_move").count() == 1


def test_removing_a_player_closes_the_order(anna, vikings):
    second = board_order(vikings)[1]
    rosters.remove_member(anna, vikings, second)
    second.refresh_from_db()
    assert second.team is None and second.team_board is None
    assert [e.team_board for e in board_order(vikings)] == [1, 2, 3, 4, 5]


def test_a_fixed_board_order_is_locked_once_the_team_is_paired(anna, league, vikings, trolls):
    pair_first_round(league, vikings, trolls)
    first = board_order(vikings)[0]
    for change in (
        lambda: rosters.move_member(anna, vikings, first, 3),
        lambda: rosters.remove_member(anna, vikings, first),
        lambda: rosters.add_member(anna, vikings, EntryFactory(tournament=league)),
    ):
        with pytest.raises(TeamError, match="board order is fixed"):
            change()


def test_a_free_order_may_change_after_pairing(anna, league, vikings, trolls):
    rosters.update_settings(anna, league, {"board_order": TeamSettings.Order.FREE})
    pair_first_round(league, vikings, trolls)
    rosters.move_member(anna, vikings, board_order(vikings)[0], 3)


def test_the_boards_of_a_match_cannot_change_once_a_round_is_paired(anna, league, vikings, trolls):
    pair_first_round(league, vikings, trolls)
    with pytest.raises(TeamError, match="cannot change once a round is paired"):
        rosters.update_settings(anna, league, {"boards": 5})


def test_the_player_limit_cannot_go_below_a_team_s_players(anna, league, vikings):
    with pytest.raises(TeamError, match="already has 6 players"):
        rosters.update_settings(anna, league, {"most_players": 5})


def test_settings_changes_are_audited_field_by_field(anna, league):
    rosters.update_settings(anna, league, {"boards": 6, "colours": "typeb"})
    entry = AuditEntry.objects.get(action="teams.settings")
    assert entry.before == {"boards": 4, "colours": "typea"}
    assert entry.after == {"boards": 6, "colours": "typeb"}


def test_a_paired_team_cannot_be_deleted_an_unpaired_one_leaves_its_players_entered(
    anna, league, vikings, trolls
):
    elves = team_of(anna, league, "Elves", players=2)
    players = board_order(elves)
    rosters.delete_team(anna, elves)
    assert all(p.__class__.objects.get(pk=p.pk).team is None for p in players)
    pair_first_round(league, vikings, trolls)
    with pytest.raises(TeamError, match="has been paired"):
        rosters.delete_team(anna, vikings)


def test_a_captain_is_an_existing_account_or_a_new_one_invited(anna, vikings, boris):
    assert rosters.name_captain(anna, vikings, "boris") == boris
    invited = rosters.name_captain(anna, vikings, "ingrid", create=True)
    assert not invited.has_usable_password()
    with pytest.raises(TeamError, match="no account named"):
        rosters.name_captain(anna, vikings, "nobody")
    with pytest.raises(TeamError, match="already"):
        rosters.name_captain(anna, vikings, "boris", create=True)
