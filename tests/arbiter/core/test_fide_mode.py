"""FIDE mode's warning levels and its one-way exit (arbiter/core/fide_mode.py; spec §1.1-1.2)."""

import datetime

import pytest
from django.db import IntegrityError, transaction

from arbiter.core import fide_mode
from arbiter.core.fide_mode import Level, NeedsConfirmation, RefusedInFideMode, RuleWarning
from arbiter.core.models import AuditEntry
from arbiter.core.services import tournaments
from tests.factories import RoundFactory

SWAP = RuleWarning(Level.CONFIRM, "Board 2 repeats a game", "### MPA @ Round 2: 3-4")
REVERSED = RuleWarning(Level.ACKNOWLEDGE, "Both colours reversed")
ROUNDS = RuleWarning(Level.DOUBLE_CONFIRM, "Rounds change", "### Configuration @ Round 2: 9 -> 11")
LATE_BAN = RuleWarning(Level.REFUSE, "Prohibited pairs are set before round 1.")


def confirmation_asked(fide: bool, warnings, token: str = "") -> NeedsConfirmation | None:
    try:
        fide_mode.require(fide, warnings, token)
    except NeedsConfirmation as needs:
        return needs
    return None


def test_an_action_without_warnings_or_with_information_only_goes_ahead():
    assert confirmation_asked(True, []) is None
    assert confirmation_asked(True, [RuleWarning(Level.INFORM, "note")]) is None


@pytest.mark.parametrize("warning", [REVERSED, SWAP])
def test_levels_two_and_three_need_one_confirmation_of_what_was_shown(warning):
    needs = confirmation_asked(True, [warning])
    assert needs is not None and needs.level == warning.level and needs.step == 1
    assert confirmation_asked(True, [warning], needs.token) is None


def test_level_four_needs_two_steps_the_second_stating_the_consequences():
    first = confirmation_asked(True, [ROUNDS])
    assert first.step == 1
    second = confirmation_asked(True, [ROUNDS], first.token)
    assert second is not None and second.step == 2
    assert confirmation_asked(True, [ROUNDS], second.token) is None


def test_a_confirmation_of_other_warnings_confirms_nothing():
    """A stale page showed one warning; the action now has two: asked again, from step 1."""
    seen = confirmation_asked(True, [SWAP]).token
    needs = confirmation_asked(True, [SWAP, REVERSED], seen)
    assert needs is not None and needs.step == 1 and len(needs.warnings) == 2


def test_level_five_is_refused_in_fide_mode_and_asks_level_four_outside():
    with pytest.raises(RefusedInFideMode, match="leaving FIDE mode"):
        fide_mode.require(True, [LATE_BAN], "anything")
    needs = confirmation_asked(False, [LATE_BAN])
    assert needs.level == Level.DOUBLE_CONFIRM


def test_warnings_keep_their_level_outside_fide_mode():
    assert confirmation_asked(False, [SWAP]).level == Level.CONFIRM


def test_a_trf_note_is_one_line_of_ascii():
    note = fide_mode.trf_note("MPA", 3, "Müller  (4)\nvs Øye  ")
    assert note == "### MPA @ Round 3: Muller (4) vs ?ye"


def test_new_tournaments_of_fide_rated_systems_start_in_fide_mode(anna):
    day = datetime.date(2026, 12, 1)
    for system, expected in (("swiss_dutch", True), ("round_robin", True), ("monrad", False)):
        data = {"name": system, "system": system, "start_date": day}
        assert tournaments.create_tournament(anna, data).fide_mode is expected


def leave(user, tournament, **kwargs):
    try:
        return tournaments.leave_fide_mode(user, tournament, **kwargs)
    except NeedsConfirmation as needs:
        return needs


def test_leaving_fide_mode_asks_twice_then_names_the_round_in_the_trf(anna, bergen_open):
    bergen_open.fide_mode = True
    bergen_open.save()
    RoundFactory(tournament=bergen_open, number=1)
    RoundFactory(tournament=bergen_open, number=2)
    first = leave(anna, bergen_open)
    assert first.level == Level.DOUBLE_CONFIRM and first.step == 1
    second = leave(anna, bergen_open, confirmation=first.token)
    assert second.step == 2
    assert "### FIDEMODE @ Round 2: left" in [w.trf_note for w in second.warnings]
    left = leave(anna, bergen_open, confirmation=second.token)
    assert (left.fide_mode, left.fide_mode_left_round) == (False, 2)
    assert fide_mode.trf_notes(bergen_open) == ["### FIDEMODE @ Round 2: left"]


def test_a_tournament_never_returns_to_fide_mode(anna, bergen_open):
    bergen_open.fide_mode = True
    bergen_open.save()
    token = fide_mode.confirmation_token(tournaments.leaving_fide_mode(bergen_open), 2)
    tournaments.leave_fide_mode(anna, bergen_open, confirmation=token)
    with pytest.raises(tournaments.TournamentError):
        tournaments.leave_fide_mode(anna, bergen_open, confirmation=token)
    bergen_open.refresh_from_db()
    bergen_open.fide_mode = True
    with pytest.raises(IntegrityError), transaction.atomic():
        bergen_open.save()
    tournaments.update_tournament(anna, bergen_open, {"city": "Bergen"})
    bergen_open.refresh_from_db()
    assert bergen_open.fide_mode is False
    assert AuditEntry.objects.filter(action="tournament.fide_mode_left").count() == 1


def test_leaving_from_a_stale_page_is_refused(anna, bergen_open):
    bergen_open.fide_mode = True
    bergen_open.save()
    seen = bergen_open.version
    tournaments.update_tournament(anna, bergen_open, {"city": "Bergen"})
    token = fide_mode.confirmation_token(tournaments.leaving_fide_mode(bergen_open), 2)
    with pytest.raises(tournaments.TournamentError, match="changed since"):
        tournaments.leave_fide_mode(anna, bergen_open, confirmation=token, seen_version=seen)
