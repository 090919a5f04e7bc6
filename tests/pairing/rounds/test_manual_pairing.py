"""Manual pairings at the end of the manual phase (FIDE's checklist Q64-Q69, spec §1.3): the
published draft is compared with the engine's pairing; a difference is confirmed at level 4,
with the engine's pairing shown, and written as ``### MPA @ Round n`` in every TRF export;
deleting the round clears its record (Q65)."""

import pytest

from arbiter.core import fide_mode
from arbiter.core.fide_mode import Level, NeedsConfirmation
from arbiter.core.models import AuditEntry, Round
from pairing.rounds import services as rounds
from pairing.rounds.manual_pairing import manual_pairing_warnings
from pairing.swiss.trf.export import trf_file
from tests.pairing.conftest import play

pytestmark = pytest.mark.django_db

SWAPPED_NOTE = "### MPA @ Round 1: engine 1-6 7-2, published 2-6 7-1"


@pytest.fixture
def draft(anna, trondheim_open):
    trondheim_open.fide_mode = True
    trondheim_open.save()
    return rounds.pair_next_round(anna, trondheim_open)


def publish(user, round_, token=""):
    try:
        return rounds.publish_round(user, round_, confirmation=token)
    except NeedsConfirmation as needs:
        return needs


def test_q68_the_engine_s_own_pairing_is_published_without_a_question(anna, draft):
    assert manual_pairing_warnings(draft) == []
    assert publish(anna, draft).state == Round.State.PUBLISHED
    assert fide_mode.trf_notes(draft.tournament) == []


def test_q69_a_swap_is_confirmed_twice_seeing_the_engine_s_pairing_then_recorded(
    anna, draft, trondheim_players
):
    rounds.swap_players(anna, draft, trondheim_players[0], trondheim_players[1])
    first = publish(anna, draft)
    assert first.level == Level.DOUBLE_CONFIRM and first.step == 1
    (warning,) = first.warnings
    assert "engine 1-6 7-2, published 2-6 7-1" in warning.message
    assert "The engine's pairing: 1-6 7-2 3-8 9-4 5-10." in warning.message
    second = publish(anna, draft, first.token)
    assert second.step == 2 and warning.trf_note == SWAPPED_NOTE
    draft.refresh_from_db()
    assert draft.state == Round.State.DRAFT  # nothing published before the second step
    assert publish(anna, draft, second.token).state == Round.State.PUBLISHED
    assert fide_mode.trf_notes(draft.tournament) == [SWAPPED_NOTE]


def test_q69_outside_fide_mode_the_level_stays_and_the_trf_still_records_it(
    anna, trondheim_open, trondheim_players
):
    """Q218-221: warnings are not lowered outside FIDE mode."""
    draft = rounds.pair_next_round(anna, trondheim_open)
    rounds.set_colours(anna, draft, 1, draft.games.get(board=1).black)
    needs = publish(anna, draft)
    assert needs.level == Level.DOUBLE_CONFIRM
    assert needs.warnings[0].trf_note == "### MPA @ Round 1: engine 1-6, published 6-1"


def test_q69_the_mpa_record_is_written_in_both_trf_downloads_after_the_headers(
    anna, draft, trondheim_players
):
    rounds.swap_players(anna, draft, trondheim_players[0], trondheim_players[1])
    play(anna, rounds.publish_round(anna, draft, confirmation=confirmed(draft)))
    for legacy in (False, True):
        lines = trf_file(draft.tournament, legacy=legacy)[0].splitlines()
        note = lines.index(SWAPPED_NOTE)
        assert lines.index(next(raw for raw in lines if raw.startswith("012"))) < note
        assert note < min(i for i, raw in enumerate(lines) if raw.startswith("001"))


def confirmed(round_) -> str:
    return fide_mode.confirmation_token(manual_pairing_warnings(round_), 2)


def test_q65_deleting_the_round_clears_its_mpa_record_and_only_its_own(
    anna, draft, trondheim_players
):
    rounds.swap_players(anna, draft, trondheim_players[0], trondheim_players[1])
    play(anna, rounds.publish_round(anna, draft, confirmation=confirmed(draft)))
    second = rounds.pair_next_round(anna, draft.tournament)
    first_two = list(second.games.order_by("board")[:2])
    rounds.swap_players(anna, second, first_two[0].white, first_two[1].white)
    rounds.publish_round(anna, second, confirmation=confirmed(second))
    notes = fide_mode.trf_notes(draft.tournament)
    assert notes[0] == SWAPPED_NOTE and notes[1].startswith("### MPA @ Round 2: engine ")
    rounds.delete_last_round(anna, second, confirm=True)
    assert fide_mode.trf_notes(draft.tournament) == [SWAPPED_NOTE]
    again = rounds.pair_next_round(anna, draft.tournament)
    assert publish(anna, again).state == Round.State.PUBLISHED  # the engine's: no record
    assert fide_mode.trf_notes(draft.tournament) == [SWAPPED_NOTE]
    assert AuditEntry.objects.filter(action="round.publish").count() == 3


def test_a_swap_undone_before_publishing_is_no_manual_pairing(anna, draft, trondheim_players):
    rounds.swap_players(anna, draft, trondheim_players[0], trondheim_players[1])
    rounds.swap_players(anna, draft, trondheim_players[0], trondheim_players[1])
    assert publish(anna, draft).state == Round.State.PUBLISHED
