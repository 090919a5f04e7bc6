"""A yuko from the mat-side page to the results export (issue 26): Anna's table gives white a
yuko under the IJF 2025 rules, a spectator's phone shows it on the public mat page, time up
gives white the bout by yuko, and the bouts CSV and the JSON document she downloads say so."""

import csv
import io
import json

import pytest
from playwright.sync_api import expect

from judo.services import mats
from tests.browser.conftest import screenshot
from tests.browser.test_arbiter_flow import log_in
from tests.factories import UserFactory
from tests.judo.test_mats import judo_day

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def download(page, link: str) -> str:
    with page.expect_download() as info:
        page.get_by_role("link", name=link).click()
    return info.value.path().read_text(encoding="utf-8-sig")


def test_a_yuko_scored_on_the_mat_side_page_reaches_the_results_export(page, phone):
    anna = UserFactory(username="anna")
    cup = judo_day(anna, sizes=(2, 2))
    now = mats.day(cup).now_and_next(1)[0]
    white, blue = now.white.name, now.blue.name
    log_in(page, "anna")

    phone.goto(f"/c/{cup.pk}/mats/1/")
    page.goto(f"/arbiter/c/{cup.pk}/mats/1/")
    section = page.locator("#mat-bout")
    expect(section.locator("#rules-note")).to_contain_text("yuko 5 s, waza-ari 10 s, ippon 20 s")
    section.locator(".side.white").get_by_role("button", name="Yuko").click()
    expect(section.locator("#white-yuko")).to_have_text("1")
    expect(section.locator("#blue-yuko")).to_have_text("0")
    white_counts = phone.locator("#current-bout tr.side-white td.count")
    expect(white_counts).to_have_text(["0", "1", "0"])  # waza-ari, yuko, shido
    screenshot(phone, "mat-yuko-public-phone")

    section.get_by_role("button", name="Time up (golden score if level)").click()
    expect(section.locator("#result")).to_have_text(f"White wins by yuko: {white}")
    expect(phone.locator("#current-bout .result")).to_contain_text("White wins by yuko")
    section.get_by_role("button", name="Confirm result").click()
    expect(section.locator(".notice")).to_contain_text(f"{white} wins")
    screenshot(page, "mat-yuko-table")

    page.goto(f"/arbiter/c/{cup.pk}/results/")
    rows = list(csv.DictReader(io.StringIO(download(page, "bouts (CSV)"))))
    fought = [r for r in rows if r["white"] == white]
    assert len(fought) == 1
    row = fought[0]
    assert (row["blue"], row["winner"], row["how"], row["score"]) == (
        blue,
        white,
        "yuko",
        "2025 aY T",
    )
    assert (row["rules"], row["white_yuko"], row["blue_yuko"], row["golden_score"]) == (
        "IJF 2025",
        "1",
        "0",
        "no",
    )
    document = json.loads(download(page, "everything (JSON)"))
    bout = next(b for c in document["categories"] for b in c["bouts"] if b["winner"] == white)
    assert bout["how"] == "yuko" and bout["rules"] == "IJF 2025"
    assert bout["white_score"] == {"wazaari": 0, "yuko": 1, "shido": 0}
    assert bout["blue_score"] == {"wazaari": 0, "yuko": 0, "shido": 0}
