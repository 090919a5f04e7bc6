"""The arbiter records a team's requested bye or its withdrawal (docs/teams.md, "Requested byes
and withdrawals of teams"): one audited service per change, refused once the round is paired, on
a stale page and in a team round robin."""

import pytest

from arbiter.core.models import AuditEntry
from arbiter.core.systems import System
from arbiter.teams.models import RequestedTeamBye, TeamWithdrawal
from arbiter.teams.services import byes
from arbiter.teams.services.rosters import TeamError
from pairing.rounds import services as rounds
from tests.pairing.team_events import team_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss(anna):
    event = team_event(anna, System.TEAM_SWISS, teams=4, rounds=3)
    event.initial_colour = "w"
    event.save()
    return event


def first(event):
    return event.teams.get(number=1)


def test_a_requested_bye_is_recorded_and_audited(anna, swiss):
    byes.request_bye(anna, first(swiss), 2, "F", expected="")
    assert byes.requested_bye(first(swiss), 2) == "F"
    assert AuditEntry.objects.filter(action="team.request_bye").exists()


def test_a_requested_bye_may_change_and_be_taken_back_before_pairing(anna, swiss):
    byes.request_bye(anna, first(swiss), 1, "F", expected="")
    byes.request_bye(anna, first(swiss), 1, "Z", expected="F")
    byes.request_bye(anna, first(swiss), 1, "", expected="Z")
    assert not RequestedTeamBye.objects.exists()


def test_a_bye_is_refused_once_the_round_is_paired(anna, swiss):
    rounds.pair_next_round(anna, swiss)
    with pytest.raises(TeamError, match="paired already"):
        byes.request_bye(anna, first(swiss), 1, "H", expected="")


def test_a_bye_from_a_stale_page_is_refused_with_what_the_team_has_now(anna, swiss):
    byes.request_bye(anna, first(swiss), 1, "H", expected="")
    with pytest.raises(TeamError, match="changed under you"):
        byes.request_bye(anna, first(swiss), 1, "F", expected="")
    assert byes.requested_bye(first(swiss), 1) == "H"


def test_an_unknown_kind_or_round_is_refused(anna, swiss):
    with pytest.raises(TeamError):
        byes.request_bye(anna, first(swiss), 1, "U", expected="")
    with pytest.raises(TeamError):
        byes.request_bye(anna, first(swiss), 0, "F", expected="")


def test_a_team_round_robin_refuses_a_requested_bye(anna):
    robin = team_event(anna, System.TEAM_ROUND_ROBIN, teams=4)
    with pytest.raises(TeamError, match="fixed schedule"):
        byes.request_bye(anna, first(robin), 1, "H", expected="")


def test_a_withdrawal_waits_for_the_confirmation(anna, swiss):
    with pytest.raises(TeamError, match="Confirm"):
        byes.withdraw_team(anna, first(swiss), 1, expected=0)
    assert not TeamWithdrawal.objects.exists()


def test_a_withdrawal_keeps_the_players_unless_the_arbiter_asks(anna, swiss):
    byes.withdraw_team(anna, first(swiss), 1, expected=0, confirm=True)
    assert not first(swiss).members.filter(withdrawn=True).exists()
    second = swiss.teams.get(number=2)
    byes.withdraw_team(anna, second, 1, expected=0, confirm=True, withdraw_players=True)
    assert not second.members.filter(withdrawn=False).exists()
    assert AuditEntry.objects.filter(action="team.withdraw").count() == 2


def test_a_withdrawal_drops_the_team_s_later_requested_byes(anna, swiss):
    byes.request_bye(anna, first(swiss), 2, "H", expected="")
    byes.withdraw_team(anna, first(swiss), 1, expected=0, confirm=True)
    assert not RequestedTeamBye.objects.exists()
    with pytest.raises(TeamError, match="withdrawn"):
        byes.request_bye(anna, first(swiss), 3, "F", expected="")


def test_a_withdrawal_from_a_paired_round_or_a_stale_page_is_refused(anna, swiss):
    rounds.pair_next_round(anna, swiss)
    with pytest.raises(TeamError, match="paired already"):
        byes.withdraw_team(anna, first(swiss), 1, expected=0, confirm=True)
    byes.withdraw_team(anna, first(swiss), 2, expected=0, confirm=True)
    with pytest.raises(TeamError, match="changed under you"):
        byes.withdraw_team(anna, first(swiss), 2, expected=0, confirm=True)


def test_a_withdrawal_is_taken_back_before_its_round_is_paired(anna, swiss):
    byes.withdraw_team(anna, first(swiss), 1, expected=0, confirm=True)
    byes.cancel_withdrawal(anna, first(swiss), expected=1)
    assert not TeamWithdrawal.objects.exists()
    assert AuditEntry.objects.filter(action="team.cancel_withdrawal").exists()
