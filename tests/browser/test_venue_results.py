"""Two players confirm a result on two phones (issue 32): each opens the result page of their
own card, taps the same result from their side of the board, and the public round page shows it
entered. On the next board the players disagree: the arbiter's round page shows the two claims,
and the arbiter's confirmation enters the result."""

import pytest
from playwright.sync_api import expect

from arbiter.core.models import AuditEntry
from arbiter.venue.models import VenueSettings
from arbiter.venue.services.cards import key_for
from tests.arbiter.conftest import play_round
from tests.browser.conftest import screenshot
from tests.browser.reach import assert_no_sideways_scroll
from tests.browser.test_arbiter_flow import log_in
from tests.factories import EntryFactory, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
NAMES = ["Aas, Kari", "Berg, Ola", "Dahl, Per", "Lie, Jo"]


def test_two_players_confirm_a_result_on_two_phones(page, phone, other_page):
    anna = UserFactory(username="anna")
    tournament = TournamentFactory(name="Card Open", chief=anna, is_published=True)
    p = [
        EntryFactory(tournament=tournament, name=name, starting_number=n)
        for n, name in enumerate(NAMES, start=1)
    ]
    play_round(tournament, 1, [(p[0], p[1], ""), (p[2], p[3], "")])
    VenueSettings.objects.create(tournament=tournament, players_results=True)
    secrets = [key_for(entry).secret for entry in p]
    white, black = phone, other_page(**PHONE)

    # Board 1: Aas (White) and Berg (Black) open their own cards on their own phones.
    white.goto(f"/card/{secrets[0]}/result/")
    black.goto(f"/card/{secrets[1]}/result/")
    expect(white.locator("#card-game")).to_contain_text("Round 1, board 1")
    expect(white.locator("#card-game")).to_contain_text("Berg, Ola")
    expect(black.locator("#card-game")).to_contain_text("you have Black against")
    assert_no_sideways_scroll(white)

    white.get_by_role("button", name="I won").tap()
    expect(white.locator("#card-result-answer")).to_have_text(
        "Saved: waiting for your opponent or the arbiter."
    )
    expect(white.get_by_role("button", name="I won")).to_have_attribute("aria-pressed", "true")
    # Berg's page was open before Aas spoke: his tap still counts, and enters the result.
    black.get_by_role("button", name="I lost").tap()
    expect(black.locator("#card-result-answer")).to_have_text("Entered: board 1, 1 - 0.")
    expect(black.locator("#card-entered")).to_have_text("Entered: 1 - 0")
    expect(black.get_by_role("button", name="I lost")).to_have_count(0)
    screenshot(black, "venue-result-entered-on-a-phone")

    page.goto(f"/t/{tournament.pk}/rounds/1/")
    expect(page.locator("#board-1 td.result")).to_have_text("1 - 0")
    expect(page.locator("#board-2 td.result")).to_have_text("")
    # Aas reloads his card: the result is there, and no button asks for it again.
    white.reload()
    expect(white.locator("#card-entered")).to_have_text("Entered: 1 - 0")

    # Board 2: Dahl and Lie both say they won. Nothing is entered; the arbiter sees why.
    dahl, lie = other_page(**PHONE), other_page(**PHONE)
    dahl.goto(f"/card/{secrets[2]}/result/")
    dahl.get_by_role("button", name="I won").tap()
    expect(dahl.locator("#card-result-answer")).to_contain_text("waiting")
    lie.goto(f"/card/{secrets[3]}/result/")
    expect(lie.locator("#card-claims")).to_contain_text("Your opponent says: you lost")
    lie.get_by_role("button", name="I won").tap()
    expect(lie.locator("#card-result-answer")).to_have_text(
        "Your opponent gave another result: the arbiter decides."
    )
    screenshot(lie, "venue-result-disagreement-on-a-phone")

    log_in(page, "anna")
    expect(page.locator(".pending-claims-count")).to_have_text("1 result from players waiting")
    page.goto(f"/arbiter/t/{tournament.pk}/rounds/1/")
    claim = page.locator("#claims-2")
    expect(claim).to_contain_text("Dahl, Per (White) says 1 - 0")
    expect(claim).to_contain_text("Lie, Jo (Black) says 0 - 1")
    expect(claim).to_contain_text("They disagree.")
    screenshot(page, "venue-result-pending-for-the-arbiter")
    claim.get_by_role("button", name="Confirm 0-1").click()
    expect(page.locator("#board-2 td.result")).to_have_text("0 - 1")
    expect(page.locator("#pending-claims")).to_have_count(0)
    expect(page.locator("#round-state")).to_have_text("Complete")

    lie.reload()
    expect(lie.locator("#card-entered")).to_have_text("Entered: 0 - 1")
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {"claim.give", "claim.agree", "claim.decide", "result.record"} <= actions
