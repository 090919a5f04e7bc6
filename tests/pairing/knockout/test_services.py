"""A knockout category through its services: seeds, a reproducible draw, results that flow on."""

import pytest

from arbiter.core.models import AuditEntry
from arbiter.core.systems import System
from pairing.knockout import services as service
from pairing.knockout.models import Bout
from pairing.rounds.services import ConfirmationNeeded, StaleDraft, draft_token
from tests.factories import EntryFactory, TournamentFactory

CLUBS = ["Oslo JK", "Bergen Judo", "Trondheim JK", "Oslo JK"]


@pytest.fixture
def nordic_cup(anna):
    """A judo category of 13, Anna its arbiter."""
    cup = TournamentFactory(name="Nordic Cup -73", system=System.KNOCKOUT, chief=anna)
    for n in range(13):
        EntryFactory(tournament=cup, name=f"Judoka {n:02d}, Test", club=CLUBS[n % 4], rating=0)
    return cup


def entries(cup):
    return list(cup.entries.order_by("name"))


def fight_to_the_end(user, cup):
    """Every ready match won by its first side, until none is left."""
    while ready := service.sheet(cup).state.ready():
        service.record_bout(user, cup, ready[0].match.id, int(ready[0].a))


def test_the_draw_puts_the_seeds_in_their_halves_and_keeps_its_random_seed(anna, nordic_cup):
    first, second, *_ = entries(nordic_cup)
    service.set_seeds(anna, nordic_cup, {first.pk: 1, second.pk: 2})
    bracket = service.draw_bracket(anna, nordic_cup, random_seed=42)
    assert bracket.system == "ijf_repechage" and len(bracket.slots) == 16
    half = len(bracket.slots) // 2
    assert (bracket.slots.index(first.pk) < half) != (bracket.slots.index(second.pk) < half)
    assert bracket.random_seed == 42 and bracket.log
    assert AuditEntry.objects.filter(action="bracket.draw").exists()


def test_the_same_random_seed_draws_the_same_bracket(anna, nordic_cup):
    once = service.draw_bracket(anna, nordic_cup, random_seed=7).slots
    again = service.draw_bracket(anna, nordic_cup, random_seed=7, confirm=True).slots
    assert once == again


def test_drawing_again_is_confirmed_with_the_draw_it_replaces(anna, nordic_cup):
    drawn = service.draw_bracket(anna, nordic_cup, random_seed=7)
    with pytest.raises(ConfirmationNeeded, match=r"replaces the bracket drawn .* random seed 7"):
        service.draw_bracket(anna, nordic_cup, random_seed=8)
    assert service.bracket_of(nordic_cup).slots == drawn.slots


def test_a_page_that_showed_an_older_bracket_cannot_draw_it_again(anna, dag, nordic_cup):
    first = entries(nordic_cup)[0]
    shown = draft_token(service.bracket_of(nordic_cup))
    service.set_seeds(anna, nordic_cup, {first.pk: 1}, seen=shown)
    with pytest.raises(StaleDraft, match="seeds set \\(anna\\)"):
        service.draw_bracket(dag, nordic_cup, random_seed=1, seen=shown)
    assert not service.bracket_of(nordic_cup).slots


def test_seeds_are_one_to_eight_each_once(anna, nordic_cup):
    a, b, *_ = entries(nordic_cup)
    with pytest.raises(service.BracketError, match="each given once"):
        service.set_seeds(anna, nordic_cup, {a.pk: 1, b.pk: 1})
    with pytest.raises(service.BracketError):
        service.set_seeds(anna, nordic_cup, {a.pk: 9})


def test_a_result_moves_the_winner_on_and_the_final_gives_the_medals(anna, nordic_cup):
    service.draw_bracket(anna, nordic_cup, random_seed=3)
    fight_to_the_end(anna, nordic_cup)
    medals = service.sheet(nordic_cup).medals
    assert medals.gold and medals.silver and all(medals.bronze)
    assert len({medals.gold, medals.silver, *medals.bronze}) == 4


def test_changing_a_result_with_later_matches_fought_needs_confirmation(anna, nordic_cup):
    service.draw_bracket(anna, nordic_cup, random_seed=3)
    fight_to_the_end(anna, nordic_cup)
    state = service.sheet(nordic_cup).state
    first = next(m for m in state.matches if m.status == "done" and m.match.round == 1)
    with pytest.raises(service.ResetNeeded) as refused:
        service.record_bout(anna, nordic_cup, first.match.id, int(first.loser))
    fought = Bout.objects.count()
    assert refused.value.matches
    service.record_bout(anna, nordic_cup, first.match.id, int(first.loser), confirm_reset=True)
    assert Bout.objects.count() < fought
    assert service.sheet(nordic_cup).state[first.match.id].winner == first.loser


def test_the_draw_stands_once_a_match_is_fought(anna, nordic_cup):
    service.draw_bracket(anna, nordic_cup, random_seed=3)
    ready = service.sheet(nordic_cup).state.ready()[0]
    service.record_bout(anna, nordic_cup, ready.match.id, int(ready.a))
    with pytest.raises(service.BracketError, match="draw stands"):
        service.draw_bracket(anna, nordic_cup, random_seed=4)


def test_a_winner_who_is_not_in_the_match_is_refused(anna, nordic_cup):
    service.draw_bracket(anna, nordic_cup, random_seed=3)
    ready = service.sheet(nordic_cup).state.ready()[0]
    outsider = next(e for e in entries(nordic_cup) if str(e.pk) not in (ready.a, ready.b))
    with pytest.raises(service.BracketError):
        service.record_bout(anna, nordic_cup, ready.match.id, outsider.pk)


def test_a_small_category_is_a_pool(anna):
    cup = TournamentFactory(name="Small", system=System.KNOCKOUT, chief=anna)
    for n in range(4):
        EntryFactory(tournament=cup, name=f"Pool {n}, Test", club=f"Club {n}")
    bracket = service.draw_bracket(anna, cup, random_seed=1)
    assert bracket.system == "pool"
    fight_to_the_end(anna, cup)
    assert service.sheet(cup).medals.gold


def test_the_events_rules_choose_a_pool_or_a_knockout_by_field_size(anna, nordic_cup):
    service.set_rules(anna, nordic_cup, pool_up_to=5, knockout_system="double_repechage")
    assert service.draw_bracket(anna, nordic_cup, random_seed=1).system == "double_repechage"
    with pytest.raises(service.BracketError):
        service.set_rules(anna, nordic_cup, pool_up_to=5, knockout_system="pool")


def test_a_competitor_placed_by_hand_stays_there_and_the_draw_fills_the_rest(anna, nordic_cup):
    first = entries(nordic_cup)[0]
    hand = service.hand_placing(nordic_cup)
    assert hand["size"] == 16 and len(hand["badness"]) == 16
    service.place_by_hand(anna, nordic_cup, first.pk, 5)
    assert len(service.hand_placing(nordic_cup)["badness"]) == 15
    bracket = service.draw_bracket(anna, nordic_cup, random_seed=9)
    assert bracket.slots[4] == first.pk
    assert sorted(s for s in bracket.slots if s) == sorted(e.pk for e in entries(nordic_cup))


def test_a_place_is_taken_once(anna, nordic_cup):
    a, b, *_ = entries(nordic_cup)
    service.place_by_hand(anna, nordic_cup, a.pk, 3)
    with pytest.raises(service.BracketError, match="taken"):
        service.place_by_hand(anna, nordic_cup, b.pk, 3)


def test_seeds_on_fixed_places_take_the_places_printed_with_their_numbers(anna, nordic_cup):
    from pairing.engines import knockout as ko

    first, second, *_ = entries(nordic_cup)
    service.set_seeds(anna, nordic_cup, {first.pk: 1, second.pk: 2})
    bracket = service.draw_bracket(anna, nordic_cup, random_seed=1, fixed_seeds="ijf")
    printed = ko.ijf_numbering(16)
    assert bracket.slots[printed.index(1)] == first.pk
    assert bracket.slots[printed.index(2)] == second.pk
