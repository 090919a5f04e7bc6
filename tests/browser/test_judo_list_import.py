"""Ulla enters a judo day from the clubs' registration exports (issue 26): an XLSX whose weight
column she maps by hand, a line the preview says is wrong, the corrected list as CSV, the import
waiting for a worker with its progress shown, then done, and every competitor in their
category. The preview's columns, lines and buttons stay usable on the venue's laptop (1280 px)
and on a phone (390 px)."""

from decimal import Decimal

import openpyxl
import pytest
from playwright.sync_api import expect

from arbiter.core.models import BackgroundJob, Entry
from arbiter.platform import jobs
from judo.services import competition as service
from tests.browser.conftest import screenshot
from tests.browser.reach import assert_no_sideways_scroll, assert_on_screen
from tests.browser.test_arbiter_flow import log_in
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HEADER = ["Efternamn", "Förnamn", "Klubb", "Kön", "Födelseår", "Vekt"]  # "Vekt": Norwegian
LINES = [
    ["Lund", "Eva", "Malmö Judo", "K", 2001, 51.2],
    ["Berg", "Per", "Göteborg JK", "M", 1999, "-73"],
    ["Strand", "Ola", "Göteborg JK", "M", 2000, "7O"],  # a typo: the letter O
    ["Holm", "Sara", "Malmö Judo", "K", 1998, 56.9],
]
LANDS = {
    "Lund, Eva": "Women Seniors -52 kg",
    "Berg, Per": "Men Seniors -73 kg",
    "Strand, Ola": "Men Seniors -73 kg",
    "Holm, Sara": "Women Seniors -57 kg",
}


def judo_day(ulla):
    cup = service.create_competition(ulla, {"name": "Malmö Open", "mats": 2})
    for sex, limits in (("M", (66, 73, None)), ("F", (52, 57, None))):
        for limit in limits:
            weight_limit = None if limit is None else Decimal(limit)
            service.add_category(ulla, cup, sex=sex, age_group="Seniors", weight_limit=weight_limit)
    return cup


def files(tmp_path):
    workbook = openpyxl.Workbook()
    for row in [HEADER, *LINES]:
        workbook.active.append(row)
    xlsx = tmp_path / "anmälningar.xlsx"
    workbook.save(xlsx)
    fixed = [[*line[:5], "70" if line[5] == "7O" else line[5]] for line in LINES]
    csv = tmp_path / "anmälningar.csv"
    text = "\n".join(";".join(str(c) for c in row) for row in [HEADER, *fixed])
    csv.write_bytes(text.encode("cp1252"))  # as Excel on Windows saves it
    return xlsx, csv


def usable(view) -> None:
    """The preview's tables lie within the screen and need no sideways scrolling (nor does the
    page)."""
    assert_no_sideways_scroll(view)
    for wrap in view.locator("#preview .table-wrap").all():
        box = wrap.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= view.viewport_size["width"]
        assert view.evaluate("(e) => e.scrollWidth <= e.clientWidth", wrap.element_handle())


@pytest.mark.parametrize("screen", ["page", "phone"])
def test_a_judo_day_is_entered_from_the_clubs_lists(request, tmp_path, queued, screen):
    view = request.getfixturevalue(screen)
    cup = judo_day(UserFactory(username="ulla"))
    xlsx, csv = files(tmp_path)
    log_in(view, "ulla")
    view.goto(f"/arbiter/c/{cup.pk}/entries/")
    view.get_by_role("link", name="Import a list of entries (CSV or Excel)").click()
    view.get_by_label("The list (CSV or Excel .xlsx)").set_input_files(xlsx)
    view.get_by_role("button", name="Upload and preview").click()

    # The Norwegian "Vekt" is not guessed: the preview asks for the weight's column.
    expect(view.locator("#mapping-problems")).to_contain_text("Weight or class (kg)")
    expect(view.get_by_label("Column Förnamn holds")).to_have_value("first_name")
    weight = view.get_by_label("Column Vekt holds")
    weight.scroll_into_view_if_needed()
    assert_on_screen(view, weight)
    weight.select_option("weight")

    errors = view.locator("#line-errors")
    expect(errors).to_contain_text("Line 4: Weight or class (kg): Give the weight in kg")
    expect(errors).to_contain_text("1 line is wrong")
    expect(view.locator("#line-4")).to_contain_text("wrong")
    expect(view.get_by_role("button", name="Import 4 competitors")).to_have_count(0)
    usable(view)
    assert not Entry.objects.exists()

    # The club sends the list again, corrected, as CSV.
    view.get_by_role("link", name="Upload another list").click()
    view.get_by_label("The list (CSV or Excel .xlsx)").set_input_files(csv)
    view.get_by_role("button", name="Upload and preview").click()
    view.get_by_label("Column Vekt holds").select_option("weight")
    expect(view.locator("#landing")).to_contain_text("Men Seniors -73 kg: 2")
    expect(view.locator("#line-errors")).to_have_count(0)
    for name, category in LANDS.items():
        expect(view.locator("#preview-lines tr", has_text=name)).to_contain_text(category)
    button = view.get_by_role("button", name="Import 4 competitors")
    button.scroll_into_view_if_needed()
    assert_on_screen(view, button)
    usable(view)
    screenshot(view, f"judo-list-preview-{screen}")

    button.click()
    # A job waiting for a worker: its progress in place of the button ...
    expect(view.locator("#job-step-queued")).to_contain_text("Waiting for a worker")
    expect(view.get_by_role("button", name="Import 4 competitors")).to_have_count(0)
    assert not Entry.objects.exists()
    jobs.run(BackgroundJob.objects.get(kind="competition_import").pk)  # the worker's turn
    # ... and when it is done the page goes on to the entries by itself.
    expect(view.get_by_role("heading", name="Entries")).to_be_visible(timeout=20_000)
    expect(view.locator(".messages")).to_contain_text("4 competitors entered in 3 categories.")
    for name, category in LANDS.items():
        entry = Entry.objects.get(name=name)
        expect(view.locator(f"#entries-{entry.tournament.category.pk}")).to_contain_text(name)
        assert entry.tournament.category.label == category
    assert Entry.objects.get(name="Lund, Eva").club == "Malmö Judo"  # Windows-1252 read
