"""The category's draw rules choose how the engine places seeds 3 and 4 and the byes."""

import pytest

from arbiter.core.models import AuditEntry
from arbiter.core.systems import System
from pairing.knockout import services as service
from pairing.knockout.models import Bracket
from pairing.rounds.services import StaleDraft, draft_token
from tests.factories import EntryFactory, TournamentFactory

RULES = {"pool_up_to": 5, "knockout_system": "ijf_repechage"}


@pytest.fixture
def cup(anna):
    """A judo category of 13 (16 places, 3 byes) with seeds 1 to 4, Anna its arbiter."""
    cup = TournamentFactory(name="Nordic Cup -81", system=System.KNOCKOUT, chief=anna)
    for n in range(13):
        EntryFactory(tournament=cup, name=f"Judoka {n:02d}, Test", club=f"Club {n % 4}")
    seeds = {e.pk: n for n, e in enumerate(cup.entries.order_by("name")[:4], start=1)}
    service.set_seeds(anna, cup, seeds)
    return cup


def seed_places(bracket: Bracket) -> dict[int, int]:
    """Seed -> its place (0-based) in the drawn bracket."""
    return {seed: bracket.slots.index(int(entry)) for entry, seed in bracket.seeds.items()}


def halves_and_quarters(bracket: Bracket) -> tuple[dict[int, int], dict[int, int]]:
    places, size = seed_places(bracket), len(bracket.slots)
    half = {s: p // (size // 2) for s, p in places.items()}
    return half, {s: p // (size // 4) for s, p in places.items()}


def seeds_with_a_bye(bracket: Bracket) -> set[int]:
    return {s for s, p in seed_places(bracket).items() if bracket.slots[p ^ 1] is None}


def test_a_new_category_places_the_seeds_as_appendix_3_says_and_spreads_the_byes(cup):
    bracket = service.bracket_of(cup)
    assert bracket.seeding == Bracket.Seeding.JUDOSHIAI and not bracket.byes_to_seeds


def test_by_default_3_goes_to_the_half_of_2_and_4_to_the_half_of_1(anna, cup):
    for random_seed in range(6):
        bracket = service.draw_bracket(anna, cup, random_seed=random_seed, confirm=True)
        half, quarter = halves_and_quarters(bracket)
        assert half[3] == half[2] != half[1] == half[4]
        assert len(set(quarter.values())) == 4


def test_drawn_by_lot_3_and_4_take_the_other_quarters_either_way_round(anna, cup):
    service.set_rules(anna, cup, **RULES, seeding="lot")
    semi_finals = set()
    for random_seed in range(6):
        bracket = service.draw_bracket(anna, cup, random_seed=random_seed, confirm=True)
        half, quarter = halves_and_quarters(bracket)
        assert half[1] != half[2] and len(set(quarter.values())) == 4
        semi_finals.add("1-3" if half[3] == half[1] else "1-4")
    assert semi_finals == {"1-3", "1-4"}  # Appendix 3 would give 1-4 every time


def test_byes_go_to_the_best_seeds_first_when_the_rules_say_so(anna, cup):
    spread = [
        seeds_with_a_bye(service.draw_bracket(anna, cup, random_seed=r, confirm=True))
        for r in range(4)
    ]
    assert any(byes != {1, 2, 3} for byes in spread)
    service.undo_draw(anna, cup, confirm=True)
    service.set_rules(anna, cup, **RULES, byes_to_seeds=True)
    for random_seed in range(4):
        bracket = service.draw_bracket(anna, cup, random_seed=random_seed, confirm=True)
        assert seeds_with_a_bye(bracket) == {1, 2, 3}


def test_the_rules_cannot_change_under_a_drawn_bracket_until_the_draw_is_undone(anna, cup):
    service.draw_bracket(anna, cup, random_seed=1)
    with pytest.raises(service.BracketError, match="undo the draw to change its rules"):
        service.set_rules(anna, cup, **RULES, seeding="lot")
    assert service.bracket_of(cup).seeding == "judoshiai"
    service.undo_draw(anna, cup, confirm=True)
    service.set_rules(anna, cup, **RULES, seeding="lot")
    service.draw_bracket(anna, cup, random_seed=0)
    half, _ = halves_and_quarters(service.bracket_of(cup))
    assert half[3] == half[1]  # random seed 0 draws 3 into the half of 1, as the lot may


def test_an_unknown_placement_is_refused_and_nothing_is_saved(anna, cup):
    with pytest.raises(service.BracketError, match="seeds 3 and 4"):
        service.set_rules(anna, cup, **RULES, seeding="fixed")
    assert service.bracket_of(cup).seeding == "judoshiai"


def test_rules_set_from_a_page_that_showed_an_older_bracket_are_refused(anna, dag, cup):
    shown = draft_token(service.bracket_of(cup))
    service.set_rules(dag, cup, **RULES, byes_to_seeds=True)
    with pytest.raises(StaleDraft):
        service.set_rules(anna, cup, **RULES, seeding="lot", seen=shown)
    assert service.bracket_of(cup).seeding == "judoshiai"


def test_the_draw_says_how_the_seeds_and_byes_were_placed(anna, cup):
    service.set_rules(anna, cup, **RULES, seeding="lot", byes_to_seeds=True)
    service.draw_bracket(anna, cup, random_seed=3)
    drawn = AuditEntry.objects.filter(action="bracket.draw").latest("pk")
    assert "seeds 3 and 4 drawn by lot into the other quarters" in drawn.summary
    assert "byes to the best seeds first" in drawn.summary
