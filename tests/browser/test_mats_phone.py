"""The public mat page on a phone (issue 26): Blue's name, the score and the estimated times stay
inside the screen at 390 px as at 1280 px (bounding boxes checked, no sideways scroll)."""

import pytest
from playwright.sync_api import expect

from judo.services import mats
from tests.browser.conftest import screenshot
from tests.factories import UserFactory
from tests.judo.test_mats import judo_day

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Long names and clubs, as a real entry list has them.
LONG = "Vähä-Kangasniemi-Lindqvist, Aleksanteri-Johannes"


def inside(page, locator) -> None:
    """Every element `locator` finds is visible and lies within the viewport's width."""
    width = page.viewport_size["width"]
    expect(locator.first).to_be_visible()
    for n in range(locator.count()):
        box = locator.nth(n).bounding_box()
        assert box is not None, f"{locator} #{n} is not shown"
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (n, box, width)


@pytest.mark.parametrize("width", [1280, 390])
def test_the_public_mat_page_shows_both_names_the_score_and_the_times_inside_the_screen(
    browser, live_server, width
):
    anna = UserFactory(username="anna")
    cup = judo_day(anna, sizes=(5, 2))
    now = mats.day(cup).now_and_next(1)[0]
    for entry in (now.white, now.blue):
        entry.name, entry.club = LONG + entry.name[-2:], "Judoseura Kamppi-Etelä-Helsinki ry"
        entry.save()
    mats.score(anna, now.category, now.match.match.id, "b:yuko", seen=0)
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": width, "height": 844},
        is_mobile=width < 600,
        has_touch=width < 600,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"/c/{cup.pk}/mats/1/")
    bout = page.locator("#current-bout")
    expect(bout).to_contain_text(now.blue.name)
    screenshot(page, f"public-mat-{width}")
    for part in ("white", "blue"):
        inside(page, bout.locator(f".side-{part} .name"))
        inside(page, bout.locator(f".side-{part} .count"))
    inside(page, page.locator("#coming .when"))
    inside(page, page.locator("#coming .blue"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()
