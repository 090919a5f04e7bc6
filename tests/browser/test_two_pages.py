"""Two pages on one draft: a second tab of the same arbiter, or a second arbiter of the
tournament. Every action from a page that shows an older draft is refused with what changed and
who changed it, the page then shows the draft as it is, and nothing becomes public that the
publishing page did not show. Swiss, Monrad and the bracket."""

import pytest
from playwright.sync_api import expect

from arbiter.core.models import Round, TournamentArbiter
from arbiter.core.services.results import record_result
from arbiter.core.systems import System
from pairing.knockout import services as knockout
from pairing.monrad import services as monrad
from pairing.rounds import services as rounds
from tests.browser.conftest import publish_edited
from tests.browser.test_arbiter_flow import log_in
from tests.factories import EntryFactory, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def second_page(other_page, username=None, first=None):
    """Another tab of ``first``'s browser, or ``username``'s own browser."""
    if first is not None:
        return first.context.new_page()
    page = other_page()
    log_in(page, username)
    return page


def with_deputy(tournament):
    dag = UserFactory(username="dag")
    TournamentArbiter.objects.create(
        tournament=tournament, user=dag, role=TournamentArbiter.Role.DEPUTY
    )
    return dag


def test_a_second_tab_cannot_publish_or_recolour_a_swiss_draft_it_did_not_see(page, other_page):
    anna = UserFactory(username="anna")
    swiss = TournamentFactory(
        name="Two Tab Open", system=System.SWISS_DUTCH, chief=anna, planned_rounds=5
    )
    for n in range(1, 11):
        EntryFactory(tournament=swiss, name=f"Player {n:02d}, Tab", rating=2400 - 10 * n)
    swiss.initial_colour = "w"
    swiss.save()
    rounds.pair_next_round(anna, swiss)
    log_in(page, "anna")
    tab_b = second_page(other_page, first=page)
    for tab in (page, tab_b):
        tab.goto(f"/arbiter/t/{swiss.pk}/swiss/")
        expect(tab.locator("#warnings")).to_contain_text("No warnings")

    page.get_by_label("First player's starting number").fill("7")
    page.get_by_label("Second player's starting number").fill("9")
    page.get_by_role("button", name="Swap players").click()
    expect(page.locator("#warnings")).to_contain_text("warning")

    tab_b.get_by_role("button", name="Publish round 1").click()
    alert = tab_b.locator("#swiss-round [role=alert]").first
    expect(alert).to_contain_text("Round 1 changed after your page was shown")
    expect(alert).to_contain_text("swapped Player 07, Tab")
    expect(alert).to_contain_text("(anna)")
    expect(tab_b.locator("#warnings")).to_contain_text("warning")  # B now sees the swap
    assert Round.objects.get(tournament=swiss).state == Round.State.DRAFT
    assert tab_b.request.get(f"/t/{swiss.pk}/rounds/1/").status == 404

    # both tabs give White on board 1 to its Black player: the second press is refused, and the
    # board keeps the colours the first one set
    black = tab_b.locator("#board-1 td").nth(7).inner_text()
    page.locator("#board-1").get_by_role("button", name="⇄ colours").click()
    expect(page.locator("#last-change")).to_contain_text("now White")
    tab_b.locator("#board-1").get_by_role("button", name="⇄ colours").click()
    expect(tab_b.locator("#swiss-round [role=alert]").first).to_contain_text("now White")
    white = Round.objects.get(tournament=swiss).games.get(board=1).white
    assert white.name in black

    publish_edited(tab_b, 1)
    public = tab_b.request.get(f"/t/{swiss.pk}/rounds/1/").text()
    assert white.name in public

    # a published round is not deleted with one click: the page lists what would be lost
    page.goto(f"/arbiter/t/{swiss.pk}/swiss/")
    page.get_by_role("button", name="Delete round 1…").click()
    expect(page.locator("#confirm-delete")).to_contain_text("the public pairings of round 1")
    assert Round.objects.filter(tournament=swiss).exists()
    page.get_by_role("button", name="Delete round 1 all the same").click()
    expect(page.get_by_role("button", name="Pair round 1")).to_be_visible()
    assert not Round.objects.filter(tournament=swiss).exists()


def test_a_second_arbiter_cannot_accept_a_monrad_draft_edited_since(page, other_page):
    anna = UserFactory(username="anna")
    club = TournamentFactory(name="Two Arbiter Club", system=System.MONRAD, chief=anna)
    dag = with_deputy(club)
    members = [EntryFactory(tournament=club, name=f"Member {n}, Club") for n in range(1, 5)]
    for _ in range(3):  # after three evenings the four have all met each other
        for member in members:
            monrad.set_present(anna, club, member, True)
        evening = rounds.pair_next_round(anna, club)
        for game in evening.games.all():
            record_result(anna, game, "1/2")
    for member in members:
        monrad.set_present(anna, club, member, True)
    draft = rounds.pair_next_round(anna, club)
    assert draft.state == Round.State.DRAFT  # repeats wait for an arbiter

    log_in(page, "anna")
    page.goto(f"/arbiter/t/{club.pk}/monrad/")
    dags = second_page(other_page, username=dag.username)
    dags.goto(f"/arbiter/t/{club.pk}/monrad/")
    expect(dags.get_by_role("button", name="Accept this pairing")).to_be_visible()

    first, second = draft.games.order_by("board")
    page.get_by_label("First player").select_option(label=first.white.name)
    page.get_by_label("Second player").select_option(label=second.white.name)
    page.get_by_role("button", name="Swap players").click()
    expect(page.locator("#last-change")).to_contain_text("swapped")

    dags.get_by_role("button", name="Accept this pairing").click()
    alert = dags.locator("#monrad-evening [role=alert]").first
    expect(alert).to_contain_text("Round 4 changed after your page was shown")
    expect(alert).to_contain_text("(anna)")
    assert Round.objects.get(pk=draft.pk).state == Round.State.DRAFT
    expect(dags.locator("#last-change")).to_contain_text("swapped")

    dags.get_by_role("button", name="Accept this pairing").click()
    expect(dags.locator("#monrad-evening")).not_to_contain_text("Accept this pairing")
    assert Round.objects.get(pk=draft.pk).state == Round.State.PUBLISHED


def test_a_bracket_is_not_drawn_or_redrawn_from_a_page_that_missed_a_change(page, other_page):
    anna = UserFactory(username="anna")
    cup = TournamentFactory(name="Two Page Cup", system=System.KNOCKOUT, chief=anna)
    dag = with_deputy(cup)
    for n in range(8):
        EntryFactory(tournament=cup, name=f"Judoka {n}, Cup", club=f"Club {n % 3}")
    log_in(page, "anna")
    page.goto(f"/arbiter/t/{cup.pk}/bracket/")
    dags = second_page(other_page, username=dag.username)
    dags.goto(f"/arbiter/t/{cup.pk}/bracket/")

    page.get_by_label("Seed of Judoka 0, Cup").select_option("1")
    page.get_by_role("button", name="Save the seeds").click()
    expect(page.locator("#last-change")).to_contain_text("seeds set (anna)")

    dags.get_by_role("button", name="Draw the bracket").click()
    alert = dags.locator("#bracket-sheet [role=alert]").first
    expect(alert).to_contain_text("The bracket changed after your page was shown: seeds set")
    assert not knockout.bracket_of(cup).slots

    dags.get_by_role("button", name="Draw the bracket").click()
    expect(dags.locator("#bracket-sheet")).to_contain_text("drawn with random seed")
    drawn = knockout.bracket_of(cup).slots

    page.get_by_role("button", name="Draw the bracket").click()  # Anna's page: no draw yet
    alert = page.locator("#bracket-sheet [role=alert]").first
    expect(alert).to_contain_text("The bracket changed after your page was shown: drawn (dag)")
    assert knockout.bracket_of(cup).slots == drawn

    page.get_by_role("button", name="Draw again").click()
    expect(page.locator("#confirm-draw")).to_contain_text("Drawing again replaces the bracket")
    assert knockout.bracket_of(cup).slots == drawn
    page.get_by_role("button", name="Draw again all the same").click()
    expect(page.locator("#last-change")).to_contain_text("drawn again (anna)")
