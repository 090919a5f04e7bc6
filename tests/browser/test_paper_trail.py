"""The paper trail FIDE's checklist asks for, as the arbiter meets it (spec §1.3, §1.6): a
manual swap in a draft is published only after the two-step confirmation that shows the
engine's pairing, and the TRF-2026 download then carries its ``### MPA`` record (Q68-Q69); a
TRF import shows each round's check against the rules, under a level-3 warning for a round
that breaks them (Q54-Q55)."""

import pytest
from playwright.sync_api import expect

from arbiter.core.models import Round, Tournament
from arbiter.core.systems import System
from pairing.engines.trf import decode_trf
from pairing.rounds import services as rounds
from tests.browser.conftest import screenshot
from tests.browser.test_arbiter_flow import log_in
from tests.factories import EntryFactory, TournamentFactory, UserFactory
from tests.pairing.trf_helpers import small_trf

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def draft():
    anna = UserFactory(username="anna")
    tournament = TournamentFactory(
        name="Trail Open", chief=anna, system=System.SWISS_DUTCH, planned_rounds=5, fide_mode=True
    )
    for n in range(1, 11):
        EntryFactory(tournament=tournament, name=f"Player {n:02d}, Trail", rating=2410 - 10 * n)
    tournament.initial_colour = "w"
    tournament.save()
    return rounds.pair_next_round(anna, tournament)


def test_a_manual_swap_is_confirmed_twice_and_the_trf_records_it(page, draft):
    log_in(page, "anna")
    page.goto(f"/arbiter/t/{draft.tournament_id}/swiss/")
    page.get_by_label("First player's starting number").fill("1")
    page.get_by_label("Second player's starting number").fill("2")
    page.get_by_role("button", name="Swap players").click()
    expect(page.locator("#warnings")).to_contain_text("the engine's pairing gave")
    page.get_by_role("button", name="Publish round 1").click()
    warning = page.locator("#rule-warnings")
    expect(warning).to_contain_text("Level 4")
    expect(warning).to_contain_text("The engine's pairing: 1-6 7-2 3-8 9-4 5-10.")
    page.get_by_role("button", name="Continue…").click()
    expect(warning).to_contain_text("Second confirmation")
    expect(warning).to_contain_text("### MPA @ Round 1: engine 1-6 7-2, published 2-6 7-1")
    screenshot(page, "manual-pairing-second-step")
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator("#swiss-round")).to_contain_text("Round 1 is published")
    assert Round.objects.get(pk=draft.pk).state == Round.State.PUBLISHED
    with page.expect_download() as download:
        page.get_by_role("link", name="TRF-2026").click()
    lines = decode_trf(download.value.path().read_bytes()).splitlines()
    assert "### MPA @ Round 1: engine 1-6 7-2, published 2-6 7-1" in lines


def test_a_trf_import_shows_each_round_s_check(page):
    UserFactory(username="anna")
    log_in(page, "anna")
    page.goto("/arbiter/import-trf/")
    page.get_by_label("Paste the TRF").fill(small_trf())
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("heading", name="What the import found")).to_be_visible()
    expect(page.locator("#import-warning")).to_contain_text("Level 3")
    checks = page.locator("#round-checks tbody tr")
    expect(checks).to_have_count(2)
    expect(checks.nth(0)).to_contain_text("the rules to 5")
    expect(checks.nth(1)).to_contain_text("as the rules pair it")
    screenshot(page, "trf-import-round-check")
    page.locator("#keep-import").click()
    assert Tournament.objects.get().fide_mode is True
