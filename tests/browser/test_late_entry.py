"""A late entry after round 1 of a 76-player Swiss: the arbiter is asked before any published
starting number moves, sees who moves (old and new number) and chooses; a second tab that was
asked before another late entry went in is refused with what changed. The question and its
buttons stay on screen at 1280 px and on a 390 px phone."""

import re

import pytest
from playwright.sync_api import expect

from arbiter.core.systems import System
from pairing.rounds import services as rounds
from tests.browser.conftest import screenshot
from tests.browser.reach import assert_on_screen
from tests.browser.test_arbiter_flow import log_in
from tests.factories import EntryFactory, TournamentFactory, UserFactory
from tests.pairing.conftest import play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = 76


def swiss_after_round_one():
    anna = UserFactory(username="anna")
    swiss = TournamentFactory(
        name="Late Entry Open", system=System.SWISS_DUTCH, chief=anna, planned_rounds=7
    )
    for n in range(1, PLAYERS + 1):
        EntryFactory(tournament=swiss, name=f"Player {n:02d}, Late", rating=2500 - 10 * n)
    swiss.initial_colour = "w"
    swiss.save()
    play(anna, rounds.pair_next_round(anna, swiss))
    return swiss


def ask(page, swiss, name: str, rating: str):
    page.goto(f"/arbiter/t/{swiss.pk}/players/")
    form = page.locator("#add-player")
    form.get_by_label("Name").fill(name)
    form.get_by_label(re.compile("^Rating")).fill(rating)
    form.get_by_role("button", name="Add player").click()
    question = page.locator("#renumber-question")
    expect(question).to_be_visible()
    return question


def numbers(swiss) -> dict[str, int]:
    return dict(swiss.entries.values_list("name", "starting_number"))


@pytest.mark.parametrize("width", [1280, 390])
def test_a_late_entry_shows_who_moves_and_the_arbiter_chooses(page, width):
    swiss = swiss_after_round_one()
    page.set_viewport_size({"width": width, "height": 900})
    log_in(page, "anna")
    published = numbers(swiss)

    question = ask(page, swiss, "Early, Riser", "2485")  # between numbers 1 and 2
    expect(question).to_contain_text(
        f"Ranked by rating, Early, Riser would be number 2 and {PLAYERS - 1} players"
    )
    moves = question.locator("#renumber-moves tbody tr")
    expect(moves).to_have_count(PLAYERS - 1)
    expect(moves.first.locator("td")).to_have_text(["Player 02, Late", "2", "3"])
    expect(moves.last.locator("td")).to_have_text(
        [f"Player {PLAYERS}, Late", f"{PLAYERS}", f"{PLAYERS + 1}"]
    )
    for button in (
        question.get_by_role("button", name=f"Add as number 2 and renumber {PLAYERS - 1} players"),
        question.get_by_role("button", name=f"Add as number {PLAYERS + 1}, keep every number"),
    ):
        assert_on_screen(page, button)
    assert numbers(swiss) == published  # asking changed nothing
    screenshot(page, f"late-entry-question-{width}")

    question.get_by_role("button", name=f"Add as number {PLAYERS + 1}, keep every number").click()
    expect(page.locator("#players-section").get_by_role("status")).to_contain_text(
        f"Early, Riser added as number {PLAYERS + 1}"
    )
    after = numbers(swiss)
    assert {name: after[name] for name in published} == published


def test_a_second_tab_asked_before_another_late_entry_is_refused_with_what_changed(page):
    swiss = swiss_after_round_one()
    log_in(page, "anna")
    tab_b = page.context.new_page()

    question_a = ask(page, swiss, "Early, Riser", "2485")
    question_b = ask(tab_b, swiss, "Second, Thought", "2475")  # between numbers 2 and 3
    question_b.get_by_role(
        "button", name=f"Add as number 3 and renumber {PLAYERS - 2} players"
    ).click()
    expect(tab_b.locator("#players-section").get_by_role("status")).to_contain_text(
        "Second, Thought added as number 3"
    )

    question_a.get_by_role(
        "button", name=f"Add as number 2 and renumber {PLAYERS - 1} players"
    ).click()
    refused = page.locator("#renumber-question")
    expect(refused).to_contain_text("Since the page was shown the starting numbers changed")
    # every row from the old number 3 down moves differently now, and the new number 3 with them
    expect(refused.locator("tr.changed")).to_have_count(PLAYERS - 1)
    expect(refused.locator("tr.changed", has_text="Second, Thought")).to_have_count(1)
    expect(refused.locator("tr:not(.changed)", has_text="Player 02, Late")).to_have_count(1)
    expect(refused.locator("#renumber-entrant-changed")).to_contain_text(
        f"or {PLAYERS + 2} with every number kept"
    )
    assert not swiss.entries.filter(name="Early, Riser").exists()

    refused.get_by_role("button", name=f"Add as number 2 and renumber {PLAYERS} players").click()
    expect(page.locator("#players-section").get_by_role("status")).to_contain_text(
        "Early, Riser added as number 2"
    )
    after = numbers(swiss)
    assert (after["Early, Riser"], after["Second, Thought"], after["Player 02, Late"]) == (2, 4, 3)
    assert sorted(after.values()) == list(range(1, PLAYERS + 3))
