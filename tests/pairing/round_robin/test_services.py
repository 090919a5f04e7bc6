"""The drawing of lots as the arbiter runs it: start, pick, draw, undo, confirm."""

import pytest

from arbiter.core.models import AuditEntry, Bye, Game, Round
from arbiter.core.systems import System
from pairing.round_robin.models import LotDrawing, LotPick
from pairing.round_robin.services import (
    DrawingError,
    confirm_drawing,
    draw_for_player,
    engine_state,
    record_pick,
    restart_drawing,
    start_drawing,
    undo_last_pick,
)
from tests.factories import EntryFactory, RoundFactory, TournamentFactory

pytestmark = pytest.mark.django_db


def draw_everyone(user, drawing) -> None:
    for step in range(drawing.tournament.entries.count()):
        draw_for_player(user, drawing, step)


def test_starting_stores_the_seed_and_the_options(anna, oslo_invitational):
    drawing = start_drawing(anna, oslo_invitational, double_round_robin=True, seed=77)
    assert (drawing.seed, drawing.double_round_robin, drawing.group_by) == (77, True, "federation")
    assert AuditEntry.objects.filter(action="drawing.start").count() == 1


def test_the_largest_federation_draws_first_from_its_own_envelope(anna, oslo_invitational):
    drawing = start_drawing(anna, oslo_invitational, seed=1)
    state, _ = engine_state(drawing)
    assert state.method == "computed"  # four Norwegians: no Varma envelope holds four
    assert state.next_drawer.name == "Carlsen, Magnus"
    assert state.allowed_envelopes() == ("NOR",)


def test_a_recorded_pick_is_saved_and_a_double_click_has_one_effect(anna, oslo_invitational):
    drawing = start_drawing(anna, oslo_invitational, seed=1)
    state, _ = engine_state(drawing)
    number = state.left_in("NOR")[0]
    record_pick(anna, drawing, 0, "NOR", number)
    record_pick(anna, drawing, 0, "NOR", number)
    assert LotPick.objects.filter(drawing=drawing).count() == 1
    assert AuditEntry.objects.filter(action="drawing.pick").count() == 1


def test_a_different_pick_for_a_recorded_step_is_refused(anna, oslo_invitational):
    drawing = start_drawing(anna, oslo_invitational, seed=1)
    first, second = engine_state(drawing)[0].left_in("NOR")[:2]
    record_pick(anna, drawing, 0, "NOR", first)
    with pytest.raises(DrawingError, match="recorded already"):
        record_pick(anna, drawing, 0, "NOR", second)


def test_a_pick_from_the_wrong_envelope_is_refused_and_nothing_saved(anna, oslo_invitational):
    drawing = start_drawing(anna, oslo_invitational, seed=1)
    swedish = engine_state(drawing)[0].left_in("SWE")[0]
    with pytest.raises(DrawingError, match="must draw from envelope NOR"):
        record_pick(anna, drawing, 0, "SWE", swedish)
    assert not LotPick.objects.exists()


def test_a_stale_page_cannot_pick_for_a_later_player(anna, oslo_invitational):
    drawing = start_drawing(anna, oslo_invitational, seed=1)
    with pytest.raises(DrawingError, match="out of date"):
        draw_for_player(anna, drawing, 3)


def test_the_apps_draw_is_reproducible_from_the_seed(anna, oslo_invitational, boris):
    drawing = start_drawing(anna, oslo_invitational, seed=5)
    draw_everyone(anna, drawing)
    first = list(LotPick.objects.values_list("entry__name", "number"))
    restart_drawing(anna, drawing)
    drawing = start_drawing(anna, oslo_invitational, seed=5)
    draw_everyone(anna, drawing)
    assert list(LotPick.objects.values_list("entry__name", "number")) == first


def test_undo_takes_back_the_last_pick_only(anna, oslo_invitational):
    drawing = start_drawing(anna, oslo_invitational, seed=3)
    draw_for_player(anna, drawing, 0)
    draw_for_player(anna, drawing, 1)
    undo_last_pick(anna, drawing)
    assert list(LotPick.objects.values_list("step", flat=True)) == [0]
    assert AuditEntry.objects.get(action="drawing.undo").before["step"] == 1


def test_confirming_locks_the_numbers_and_creates_every_round(anna, oslo_invitational):
    drawing = start_drawing(anna, oslo_invitational, seed=8)
    draw_everyone(anna, drawing)
    rounds = confirm_drawing(anna, drawing)
    assert len(rounds) == 9
    numbers = sorted(oslo_invitational.entries.values_list("starting_number", flat=True))
    assert numbers == list(range(1, 11))
    assert Game.objects.filter(round__tournament=oslo_invitational).count() == 45
    assert set(Round.objects.values_list("state", flat=True)) == {"published"}
    with pytest.raises(DrawingError, match="locked"):
        undo_last_pick(anna, drawing)


def test_the_created_schedule_keeps_compatriots_apart_in_the_last_three_rounds(
    anna, oslo_invitational
):
    drawing = start_drawing(anna, oslo_invitational, seed=21)
    draw_everyone(anna, drawing)
    confirm_drawing(anna, drawing)
    late = Game.objects.filter(round__tournament=oslo_invitational, round__number__gte=7)
    assert late.count() == 15
    assert all(
        g.white.federation != g.black.federation for g in late.select_related("white", "black")
    )


def test_an_odd_field_gets_a_bye_each_round_and_a_double_one_twice_the_rounds(anna):
    tournament = TournamentFactory(system=System.ROUND_ROBIN, chief=anna)
    EntryFactory.create_batch(5, tournament=tournament, starting_number=None)
    drawing = start_drawing(anna, tournament, double_round_robin=True, seed=2)
    draw_everyone(anna, drawing)
    assert len(confirm_drawing(anna, drawing)) == 10
    assert Bye.objects.filter(round__tournament=tournament).count() == 10


def test_confirming_before_everyone_has_drawn_is_refused(anna, oslo_invitational):
    drawing = start_drawing(anna, oslo_invitational, seed=2)
    with pytest.raises(DrawingError, match="has not drawn"):
        confirm_drawing(anna, drawing)
    assert not Round.objects.exists()


def leave_two_players(tournament):
    tournament.entries.exclude(name__in=["Carlsen, Magnus", "Tari, Aryan"]).delete()


def enter_carlsen_twice(tournament):
    EntryFactory(tournament=tournament, name="Carlsen, Magnus", federation="NOR")


def give_tari_a_two_letter_code(tournament):
    tournament.entries.filter(name="Tari, Aryan").update(federation="NO")


def pair_a_round_already(tournament):
    RoundFactory(tournament=tournament)


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (leave_two_players, "at least 3 players; this one has 2"),
        (enter_carlsen_twice, "Carlsen, Magnus \\(NOR\\) is entered twice"),
        (give_tari_a_two_letter_code, "'NO' is not a three-letter code"),
        (pair_a_round_already, "rounds exist already"),
    ],
)
def test_a_field_that_cannot_draw_is_refused_with_nothing_saved(
    anna, oslo_invitational, setup, message
):
    setup(oslo_invitational)
    with pytest.raises(DrawingError, match=message):
        start_drawing(anna, oslo_invitational)
    assert not LotDrawing.objects.exists()


def test_only_a_round_robin_draws_lots(anna):
    swiss = TournamentFactory(system=System.SWISS_DUTCH, chief=anna)
    EntryFactory.create_batch(4, tournament=swiss)
    with pytest.raises(DrawingError, match="Only a round robin"):
        start_drawing(anna, swiss)


def test_a_field_changed_during_the_drawing_asks_for_a_restart(anna, oslo_invitational):
    drawing = start_drawing(anna, oslo_invitational, seed=2)
    draw_for_player(anna, drawing, 0)
    EntryFactory(tournament=oslo_invitational, name="Late, Comer", federation="ISL")
    with pytest.raises(DrawingError, match="restart the drawing"):
        draw_for_player(anna, drawing, 1)
