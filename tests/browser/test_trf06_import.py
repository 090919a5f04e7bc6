"""A TRF06 file (Krause's 2006 format: titles in letters, no number of rounds, no engine
records) uploaded on the import page: the report names the format, lists what the import made
of the file's gaps and checks each round against the rules (FIDE's checklist Q47-Q50, Q54)."""

import pytest
from playwright.sync_api import expect

from arbiter.core.models import Tournament
from tests.browser.conftest import screenshot
from tests.browser.test_arbiter_flow import log_in
from tests.factories import UserFactory
from tests.pairing.trf_helpers import small_trf

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: small_trf written as TRF06: no XXR, no XXC, Aas's WFM as TRF06's letter.
TRF06 = small_trf().replace("XXR 3\n", "").replace("XXC white1\n", "").replace("WFM", "  f")


def test_a_trf06_upload_reports_its_format_adjustments_and_round_checks(page):
    UserFactory(username="anna")
    log_in(page, "anna")
    page.goto("/arbiter/import-trf/")
    page.get_by_label("or upload a TRF file").set_input_files(
        {"name": "small-open.trf", "mimeType": "text/plain", "buffer": TRF06.encode("latin-1")}
    )
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("heading", name="What the import found")).to_be_visible()
    expect(page.get_by_text("Read as TRF06.")).to_be_visible()
    adjustments = page.locator("#import-adjustments li")
    expect(adjustments.filter(has_text="2 inferred from the player records")).to_have_count(1)
    expect(adjustments.filter(has_text="no tournament type (192)")).to_have_count(1)
    checks = page.locator("#round-checks tbody tr")
    expect(checks).to_have_count(2)
    expect(checks.nth(0)).to_contain_text("the rules to 5")
    expect(page.locator("#import-warning")).to_contain_text("Level 3")
    screenshot(page, "trf06-import-report")
    page.locator("#keep-import").click()
    expect(page).to_have_url(f"/arbiter/t/{Tournament.objects.get().pk}/swiss/")
    imported = Tournament.objects.get()
    assert imported.fide_mode and imported.entries.get(starting_number=1).title == "FM"
