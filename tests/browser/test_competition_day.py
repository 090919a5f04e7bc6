"""Ulla runs a judo competition day of six categories on two mats (issue 20): the weigh-in (one
competitor over the limit moved up a class, one who never came put out at the draw), the draw of
every category, the mats proposed, every bout scored on the mat-side page in two taps while a
spectator's phone follows the public mat page, and the medal table at the end."""

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from arbiter.core.models import Entry
from judo.services import competition as service
from judo.services import mats
from tests.browser.conftest import screenshot
from tests.browser.test_arbiter_flow import log_in
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: (sex, weight limit, competitors): one of the -60 kg is over the limit and moves to -66 kg,
#: one of the -73 kg never comes to the weigh-in.
CATEGORIES = [
    ("M", 60, ["Aho, Eero", "Berg, Olli", "Cajander, Timo"]),
    ("M", 66, ["Dahl, Niko", "Eklund, Aki"]),
    ("M", 73, ["Forsman, Ville", "Granlund, Jere", "Hakala, Sami"]),
    ("F", 52, ["Ilves, Aino", "Jokela, Emma"]),
    ("F", 57, ["Kallio, Iida", "Laine, Ella", "Mäki, Sara"]),
    ("F", 63, ["Nieminen, Helmi", "Ojala, Venla"]),
]
CLUBS = ["Helsinki Judo", "Tampere JK", "Turku Judo"]
OVER, ABSENT = "Aho, Eero", "Hakala, Sami"


def enter_the_field(ulla):
    cup = service.create_competition(
        ulla, {"name": "Helsinki Autumn Open", "mats": 2, "rest_minutes": 10}
    )
    for sex, limit, names in CATEGORIES:
        category = service.add_category(
            ulla, cup, sex=sex, age_group="Seniors", weight_limit=Decimal(limit)
        )
        for n, name in enumerate(names):
            data = {"name": name, "club": CLUBS[n % 3], "federation": "FIN", "birth_year": 1998}
            service.enter(ulla, category, data)
    return cup


def weigh(page, name: str, weight: str, says: str) -> None:
    entry = Entry.objects.get(name=name)
    page.get_by_label(f"Weight of {name}").fill(weight)
    page.locator(f"#weigh-{entry.pk}").get_by_role("button", name="Weigh").click()
    expect(page.locator(f"#weigh-{entry.pk}")).to_contain_text(says)


def fight_every_bout(table, phone, cup, mat: int) -> int:
    """Score each bout the mat calls in two taps (white's ippon, then confirm), the spectator's
    phone showing the bout and then the next one; the number of bouts fought."""
    phone.goto(f"/c/{cup.pk}/mats/{mat}/")
    table.goto(f"/arbiter/c/{cup.pk}/mats/{mat}/")
    section = table.locator("#mat-bout")
    fought = 0
    while section.locator("#scoreboard").count():
        bout = section.locator(".mat-category").inner_text()
        white = section.locator(".side.white .who strong").inner_text()
        blue = section.locator(".side.blue .who strong").inner_text()
        expect(phone.locator("#current-bout")).to_contain_text(white)
        expect(phone.locator("#current-bout")).to_contain_text(blue)
        section.locator("button[value='a:ippon']").click()  # tap 1
        expect(section.locator("#result")).to_contain_text(f"White wins by ippon: {white}")
        expect(phone.locator("#current-bout")).to_contain_text("waiting for the table to confirm")
        section.get_by_role("button", name="Confirm result").click()  # tap 2
        expect(section.locator("#result")).to_have_count(0)
        expect(phone.locator("#current-bout .result")).to_have_count(0)
        fought += 1
        if section.locator("#scoreboard").count():
            expect(section.locator(".mat-category")).not_to_have_text(bout)
    expect(section.locator("#no-bout")).to_be_visible()
    expect(phone.locator("#no-bout")).to_be_visible()
    return fought


def test_a_competition_day_from_the_weigh_in_to_the_medal_table(page, phone):
    ulla = UserFactory(username="ulla")
    cup = enter_the_field(ulla)
    log_in(page, "ulla")

    # the weigh-in: everybody but one, one of them over the limit and moved up
    page.goto(f"/arbiter/c/{cup.pk}/weigh-in/")
    for _, limit, names in CATEGORIES:
        for name in names:
            if name == OVER:
                weigh(page, name, f"{limit},8", f"over -{limit} kg")
            elif name != ABSENT:
                weigh(page, name, f"{limit - 1}.5", "ok")
    over = Entry.objects.get(name=OVER)
    page.locator(f"#weigh-{over.pk}").get_by_role(
        "button", name="move to Men Seniors -66 kg"
    ).click()
    expect(page.locator(f"#weigh-{over.pk}")).to_contain_text("Men Seniors -66 kg")
    expect(page.locator(f"#weigh-{over.pk}")).not_to_contain_text("over")

    # the draw of every category puts out who did not come, after saying who
    page.get_by_role("link", name="Draw", exact=True).click()
    expect(page.locator("#not-weighed")).to_have_text(f"{ABSENT} (Turku Judo)")
    page.get_by_role("button", name="Put them out and draw every category").click()
    expect(page.locator("#draw-report")).to_contain_text(ABSENT)
    assert Entry.objects.get(name=ABSENT).withdrawn

    # the mats, proposed by the number of bouts; the day published
    page.get_by_role("link", name="Mat assignment").click()
    page.get_by_role("button", name="Propose mats by the number of bouts").click()
    expect(page.get_by_text("Mats proposed")).to_be_visible()
    cup.refresh_from_db()
    assert {c.mat for c in cup.categories.all()} == {1, 2}
    page.get_by_role("link", name="Settings").click()
    page.get_by_role("button", name="Publish").click()
    expect(page.get_by_role("button", name="Hide from the public")).to_be_visible()

    # every bout on both mats, the public mat page following each
    bouts = sum(len(mats.day(cup).order(mat)) for mat in (1, 2))
    assert fight_every_bout(page, phone, cup, 1) + fight_every_bout(page, phone, cup, 2) == bouts
    screenshot(page, "competition-day-mat-side")

    # the medal table: a gold and a silver in each of the six categories
    phone.goto(f"/c/{cup.pk}/medals/?by=club")
    table = phone.locator("#medal-table-club")
    expected = mats.day(cup).medal_table("club")
    assert sum(row.gold for row in expected) == 6 and sum(row.silver for row in expected) == 6
    for n, row in enumerate(expected, start=1):
        cells = [str(row.rank), row.name, str(row.gold), str(row.silver), str(row.bronze)]
        expect(table.locator("tbody tr").nth(n - 1).locator("td")).to_have_text(
            [*cells, str(row.total)]
        )
    screenshot(phone, "competition-day-medals")
