"""Creating and changing tournaments and their arbiters."""

import datetime

import pytest

from arbiter.core.models import AuditEntry, TournamentArbiter
from arbiter.core.services.tournaments import (
    TournamentError,
    add_deputy,
    create_tournament,
    remove_deputy,
    update_tournament,
)
from arbiter.core.systems import System

pytestmark = pytest.mark.django_db


def test_the_creator_becomes_the_chief_arbiter(anna):
    tournament = create_tournament(anna, {"name": "Tromsø Open", "system": System.SWISS_DUTCH})
    staff = TournamentArbiter.objects.get(tournament=tournament)
    assert (staff.user, staff.role) == (anna, "chief")
    assert AuditEntry.objects.get(tournament=tournament).action == "tournament.create"


def test_an_event_started_before_february_2026_keeps_the_2017_rules(anna):
    values = {"name": "Old", "system": System.SWISS_DUTCH, "start_date": datetime.date(2025, 12, 1)}
    assert create_tournament(anna, values).rules_version == "2017"


def test_an_explicit_rule_set_wins_over_the_date(anna):
    values = {
        "name": "Old rules by choice",
        "system": System.SWISS_DUTCH,
        "start_date": datetime.date(2026, 6, 1),
        "rules_version": "2017",
    }
    assert create_tournament(anna, values).rules_version == "2017"


def test_an_update_records_only_what_changed(anna, bergen_open):
    update_tournament(anna, bergen_open, {"name": "Bergen Open", "city": "Bergen"})
    audit = AuditEntry.objects.get(action="tournament.update")
    assert (audit.before, audit.after) == ({"city": ""}, {"city": "Bergen"})


def test_an_update_that_changes_nothing_records_nothing(anna, bergen_open):
    update_tournament(anna, bergen_open, {"name": "Bergen Open"})
    assert not AuditEntry.objects.filter(action="tournament.update").exists()


def test_the_chief_adds_and_removes_a_deputy(anna, boris, bergen_open):
    staff = add_deputy(anna, bergen_open, boris)
    assert staff.role == "deputy"
    remove_deputy(anna, bergen_open, staff.pk)
    assert not TournamentArbiter.objects.filter(tournament=bergen_open, user=boris).exists()
    actions = list(AuditEntry.objects.order_by("id").values_list("action", flat=True))
    assert actions == ["arbiter.add", "arbiter.remove"]


def test_an_arbiter_is_not_added_twice(anna, dag, bergen_open):
    with pytest.raises(TournamentError, match="already an arbiter"):
        add_deputy(anna, bergen_open, dag)


def test_the_chief_cannot_be_removed_as_a_deputy(anna, bergen_open):
    chief = TournamentArbiter.objects.get(tournament=bergen_open, role="chief")
    with pytest.raises(TournamentError):
        remove_deputy(anna, bergen_open, chief.pk)


def test_a_tournament_is_deleted_whole_once_its_name_is_typed(anna, trondheim_open):
    from arbiter.core.models import AuditEntry, Entry, Game, Round, Tournament
    from arbiter.core.services.tournaments import TournamentError, delete_tournament
    from pairing.rounds import services as rounds
    from tests.pairing.conftest import play

    play(anna, rounds.pair_next_round(anna, trondheim_open))
    with pytest.raises(TournamentError, match="Type the tournament's name"):
        delete_tournament(anna, trondheim_open, "Trondheim")
    assert Tournament.objects.filter(pk=trondheim_open.pk).exists()
    delete_tournament(anna, trondheim_open, "Trondheim Open")
    assert not Tournament.objects.filter(pk=trondheim_open.pk).exists()
    assert not Entry.objects.exists() and not Round.objects.exists() and not Game.objects.exists()
    entry = AuditEntry.objects.get(action="tournament.delete")
    assert entry.tournament is None and entry.user == anna
    assert "10 player(s)" in entry.summary and "1 round(s) with 5 result(s)" in entry.summary
