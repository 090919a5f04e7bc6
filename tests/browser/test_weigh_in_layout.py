"""The weigh-in at the venue's laptop (1280 px) and on a phone (390 px): a weighed row's "Weigh
again" stays inside the table and the screen, and the headings' counts follow each weighing
without a reload (issue 26)."""

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from arbiter.core.models import Entry
from judo.services import competition as service
from tests.browser.conftest import screenshot
from tests.browser.reach import assert_on_screen
from tests.browser.test_arbiter_flow import log_in
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Kallio-Virtanen, Iida-Maria", "Laine, Ella", "Mäki, Sara"]


def inside(outer: dict, inner: dict) -> bool:
    return (
        inner["x"] >= outer["x"] - 0.5
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
    )


@pytest.mark.parametrize("screen", ["page", "phone"])
def test_weigh_again_stays_in_the_table_and_the_counts_follow(request, screen):
    view = request.getfixturevalue(screen)
    ulla = UserFactory(username="ulla")
    cup = service.create_competition(ulla, {"name": "Espoo Open", "mats": 1})
    women57 = service.add_category(
        ulla, cup, sex="F", age_group="Seniors", weight_limit=Decimal(57)
    )
    service.add_category(ulla, cup, sex="F", age_group="Seniors", weight_limit=Decimal(63))
    for name in NAMES:
        club = "Espoon Judoseura ry, nuorten ja aikuisten kilpajaos"
        service.enter(ulla, women57, {"name": name, "club": club, "birth_year": 1999})
    log_in(view, "ulla")
    view.goto(f"/arbiter/c/{cup.pk}/weigh-in/")
    expect(view.locator("#count-waiting")).to_have_text("(3)")

    first = Entry.objects.get(name=NAMES[0])
    row = view.locator(f"#weigh-{first.pk}")
    view.get_by_label(f"Weight of {NAMES[0]}").fill("56,2")
    row.get_by_role("button", name="Weigh").click()
    expect(row).to_contain_text("within -57 kg")
    expect(view.locator("#count-waiting")).to_have_text("(2)")  # no reload
    expect(view.locator("#count-weighed")).to_have_text("(1)")

    wrap = view.locator("#not-weighed").locator("xpath=..")
    within_reach(view, wrap, row.get_by_role("button", name="Weigh again"))

    view.get_by_label(f"Weight of {NAMES[0]}").fill("58")
    row.get_by_role("button", name="Weigh again").click()
    expect(row).to_contain_text("over -57 kg")
    for name in ("move to Women Seniors -63 kg", "out…", "Weigh again"):
        within_reach(view, wrap, row.get_by_role("button", name=name))
    screenshot(view, f"weigh-in-over-{screen}")


def within_reach(view, wrap, button) -> None:
    """The button lies inside the table's box and the screen's width, without scrolling
    sideways."""
    button.scroll_into_view_if_needed()
    assert inside(wrap.bounding_box(), button.bounding_box()), (button, "out of the table")
    assert_on_screen(view, button)
    assert view.evaluate("(e) => e.scrollLeft", wrap.element_handle()) == 0
