"""Anna takes her Swiss out of FIDE mode after round 1 (checklist Q43-Q46): two confirmations
on the settings page, the second saying what the TRF will record; from then on every arbiter
page of the tournament says it is not in FIDE mode, and the audit log keeps the ### record
every TRF export writes."""

import pytest
from playwright.sync_api import expect

from arbiter.core import fide_mode
from pairing.rounds import services as rounds
from tests.browser.test_arbiter_flow import log_in
from tests.pairing.conftest import play

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_leaving_fide_mode_asks_twice_then_marks_every_page(page, anna, trondheim_open):
    trondheim_open.fide_mode = True
    trondheim_open.save()
    play(anna, rounds.pair_next_round(anna, trondheim_open))
    log_in(page, "anna")
    page.goto(f"/arbiter/t/{trondheim_open.pk}/settings/")
    section = page.locator("#fide-mode")
    expect(section).to_contain_text("runs in FIDE mode")
    expect(page.locator("#fide-mode-marker")).to_have_count(0)

    section.get_by_role("button", name="Leave FIDE mode…").click()
    expect(section.get_by_role("alert")).to_contain_text("Level 4")
    expect(section.get_by_role("alert")).to_contain_text("can never return")
    section.get_by_role("button", name="Continue…").click()

    warning = page.locator("#rule-warnings")
    expect(warning).to_contain_text("Second confirmation")
    expect(warning).to_contain_text("### FIDEMODE @ Round 1: left")
    warning.get_by_role("button", name="Confirm").click()

    expect(page.locator("#fide-mode-marker")).to_have_text("Not in FIDE mode since round 1")
    expect(page.locator("#fide-mode")).to_contain_text("can never return to it")
    expect(page.get_by_role("button", name="Leave FIDE mode…")).to_have_count(0)
    for menu in ("Players", "Pairing", "Audit log"):
        page.locator(".tournament-nav").get_by_role("link", name=menu, exact=True).click()
        expect(page.locator("#fide-mode-marker")).to_have_text("Not in FIDE mode since round 1")
    expect(page.locator("main")).to_contain_text("Left FIDE mode at round 1")
    assert fide_mode.trf_notes(trondheim_open) == ["### FIDEMODE @ Round 1: left"]
