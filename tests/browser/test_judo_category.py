"""Anna runs a judo category of 20 with 4 seeds and 5 clubs to the medals (issue 15): a seed
given twice is refused with her choice kept, the fix is saved, the draw puts seeds 1 and 2 in
different halves, every fight is won by pressing a name, the standings are the placings, the
bracket sheet downloads as one A4 landscape page, and on a 390 px phone everything she must
press is within reach."""

import re

import pytest
from playwright.sync_api import expect

from arbiter.core.systems import System
from pairing.knockout import services as service
from tests.browser.conftest import ARTIFACTS, screenshot
from tests.browser.test_arbiter_flow import log_in
from tests.factories import EntryFactory, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CLUBS = ["Oslo JK", "Bergen Judo", "Trondheim JK", "Stavanger JK", "Tromsø JK"]
PHONE_WIDTH = 390


def seed(page, n: int, value: str) -> None:
    page.get_by_label(f"Seed of Judoka {n:02d}, Nordic").select_option(value)


def within_reach(page, controls) -> list[str]:
    """The controls a phone user cannot reach: off the page's width, even after scrolling a
    scrollable bracket to them."""
    out = []
    for i in range(controls.count()):
        control = controls.nth(i)
        if not control.is_visible():
            continue
        control.scroll_into_view_if_needed()
        box = control.bounding_box()
        if box is None or box["x"] < 0 or box["x"] + box["width"] > PHONE_WIDTH + 0.5:
            out.append(control.inner_text() or control.get_attribute("name") or "?")
    return out


def no_sideways_page(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"the page scrolls sideways: {width}px"


def test_a_judo_category_of_20_to_the_medals(page, phone, browser, live_server):
    anna = UserFactory(username="anna")
    cup = TournamentFactory(name="Nordic Cup -73 kg", chief=anna, system=System.KNOCKOUT)
    for n in range(20):
        EntryFactory(tournament=cup, name=f"Judoka {n:02d}, Nordic", club=CLUBS[n % 5], rating=0)
    log_in(page, "anna")
    page.goto(f"/arbiter/t/{cup.pk}/bracket/")
    expect(page.get_by_role("link", name="Rounds")).to_have_count(0)
    expect(page.get_by_role("link", name="Crosstable")).to_have_count(0)

    # seeds: 3 given twice is refused, the choice kept and the clash marked; the fix is saved
    for n, value in enumerate("1233"):
        seed(page, n, value)
    page.get_by_role("button", name="Save the seeds").click()
    expect(page.get_by_role("alert")).to_contain_text("seed 3 is given twice")
    expect(page.locator("tr.duplicate-seed")).to_have_count(2)
    expect(page.get_by_label("Seed of Judoka 00, Nordic")).to_have_value("1")
    expect(page.get_by_label("Seed of Judoka 03, Nordic")).to_have_value("3")
    seed(page, 3, "4")
    page.get_by_role("button", name="Save the seeds").click()
    expect(page.locator("#seeds-saved")).to_contain_text(
        "Saved seeds: 1 Judoka 00, Nordic; 2 Judoka 01, Nordic; 3 Judoka 02, Nordic; "
        "4 Judoka 03, Nordic."
    )
    expect(page.locator("tr.duplicate-seed")).to_have_count(0)

    # the seeding page on a phone: every select and button within the screen's width
    log_in(phone, "anna")
    phone.goto(f"/arbiter/t/{cup.pk}/bracket/")
    expect(phone.locator("#seeds-saved")).to_contain_text("4 Judoka 03, Nordic")
    assert within_reach(phone, phone.locator("#bracket-sheet select, #bracket-sheet button")) == []
    assert phone.evaluate("document.querySelector('#seeding').parentElement.scrollLeft") == 0
    no_sideways_page(phone)
    screenshot(phone, "judo-seeding-phone")

    # the draw: seeds 1 and 2 in different halves, 3 and 4 in the other quarters
    page.get_by_role("button", name="Draw the bracket").click()
    expect(page.locator("#drawn-seeds")).to_contain_text("seeds: 1 Judoka 00, Nordic")
    bracket = service.bracket_of(cup)
    size = len(bracket.slots)
    assert size == 32
    place = {seed: bracket.slots.index(int(e)) for e, seed in bracket.seeds.items()}
    assert (place[1] < size // 2) != (place[2] < size // 2)
    quarters = {place[s] // (size // 4) for s in (1, 2, 3, 4)}
    assert len(quarters) == 4
    expect(page.get_by_role("button", name="Undo the draw")).to_be_visible()

    # the drawn bracket on a phone: it scrolls sideways inside itself, the names to press reach
    phone.goto(f"/arbiter/t/{cup.pk}/bracket/")
    expect(phone.locator(".bout button.win").first).to_be_visible()
    no_sideways_page(phone)
    assert within_reach(phone, phone.locator(".bout button.win")) == []
    screenshot(phone, "judo-bracket-phone")

    # every fight, by pressing the winner's name, until the medal table is full
    fights = 0
    while ready := service.sheet(cup).state.ready():
        bout = page.locator(f"#bout-{ready[0].match.id}")
        with page.expect_response(lambda r: "/bracket/bout/" in r.url):
            bout.locator("button.win").first.click()
        expect(bout).not_to_have_class(re.compile("status-ready"))
        fights += 1
    assert fights == 4 + 8 + 4 + 2 + 2 + 2 + 1  # round 1, last 16, quarters, repechage, semis,
    # bronzes, final
    expect(page.get_by_role("button", name="Undo the draw")).to_have_count(0)
    table = page.locator("#medal-table")
    expect(table).not_to_contain_text("to be fought")
    expect(table.locator("tbody tr")).to_have_count(20)
    places = table.locator("tbody tr td:first-child").all_inner_texts()
    assert places == ["1", "2", "3", "3", "5", "5", "7", "7"] + ["9"] * 8 + ["17"] * 4
    screenshot(page, "judo-medals")

    # the bracket sheet: a PDF of one A4 landscape page
    with page.expect_download() as download:
        page.get_by_role("link", name="Print the bracket (PDF)").click()
    pdf = download.value.path().read_bytes()
    assert pdf.startswith(b"%PDF")
    assert len(re.findall(rb"/Type /Page\b(?!s)", pdf)) == 1
    assert b"/MediaBox [0 0 841.89 595.28]" in pdf

    # the public pages: the standings are the placings; printing the bracket takes few pages
    public = browser.new_context(base_url=live_server.url).new_page()
    public.goto(f"/t/{cup.pk}/")
    tabs = public.get_by_role("navigation", name="Tournament pages")
    expect(tabs.get_by_role("link")).to_have_text(["Starting list", "Bracket", "Standings"])
    tabs.get_by_role("link", name="Standings").click()
    expect(public.locator("#medal-table tbody tr").first).to_contain_text("1")
    expect(public.locator("#medal-table tbody tr")).to_have_count(20)
    expect(public.get_by_text("after round 0")).to_have_count(0)
    public.goto(f"/t/{cup.pk}/bracket/")
    expect(public.locator("#medal-table")).to_contain_text("Judoka")
    printed = public.pdf(prefer_css_page_size=True)
    (ARTIFACTS / "judo-printed.pdf").write_bytes(printed)
    assert len(re.findall(rb"/Type /Page\b(?!s)", printed)) <= 2
    public.context.close()

    phone.goto(f"/t/{cup.pk}/bracket/")
    expect(phone.locator("#medal-table")).to_be_visible()
    no_sideways_page(phone)
    screenshot(phone, "judo-public-bracket-phone")
