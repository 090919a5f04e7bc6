"""The mat clock on the mat-side page (issue 32, docs/mat-clock.md), with the browser's time
under the test's control (Playwright's page.clock): osaekomi reaching yuko, waza-ari and ippon
at the rules' seconds; the table offline for 30 s and every entry arriving in order; a queued
entry refused because another page changed the bout meanwhile."""

import re

import pytest
from playwright.sync_api import expect

from judo.models import LiveScore
from judo.services import mats
from tests.browser.conftest import screenshot
from tests.browser.test_arbiter_flow import log_in
from tests.factories import UserFactory
from tests.judo.test_mats import judo_day

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

T0 = 1_790_000_000_000  # the table's clock (ms): any moment does, the server keeps the offset


def table(page, username="anna"):
    user = UserFactory(username=username)
    cup = judo_day(user, sizes=(2, 2))
    now = mats.day(cup).now_and_next(1)[0]
    page.clock.install(time=T0)
    log_in(page, username)
    page.goto(f"/arbiter/c/{cup.pk}/mats/1/")
    page.clock.pause_at(T0 + 60_000)
    return user, cup, now, page.locator("#mat-bout")


def call(section, name, version):
    """Press a call and wait for the server's answer (the page's version moves on)."""
    section.get_by_role("button", name=name, exact=True).click()
    expect(section.locator("#mat-clock")).to_have_attribute("data-version", str(version))


def live(now):
    return LiveScore.objects.get(
        bracket__tournament=now.category.tournament, match=now.match.match.id
    )


def test_osaekomi_gives_yuko_waza_ari_and_ippon_at_the_2025_rules_seconds(page, phone):
    _user, cup, now, section = table(page)
    expect(section.locator("#contest-time")).to_have_text("4:00")
    call(section, "Hajime", 1)
    page.clock.run_for(3_000)
    expect(section.locator("#contest-time")).to_have_text("3:57")
    call(section, "Osaekomi white", 2)
    hold = section.locator("#hold")
    expect(hold).to_have_attribute("data-holder", "white")
    # a spectator's phone mirrors it (its own clock, ticking from the server's time)
    phone.goto(f"/c/{cup.pk}/mats/1/")
    mirror = phone.locator("#public-clock")
    expect(mirror.locator(".hold")).to_have_attribute("data-holder", "white")
    expect(mirror.locator("[data-state-label=running]")).to_be_visible()
    expect(mirror.locator(".contest-time")).to_have_text(re.compile(r"3:5\d"))
    screenshot(phone, "mat-clock-public-phone")
    page.clock.run_for(5_000)
    expect(section.locator("#hold-seconds")).to_have_text("5")
    expect(section.locator("#hold-reached")).to_have_text("yuko")
    page.clock.run_for(5_000)
    expect(section.locator("#hold-reached")).to_have_text("waza-ari")
    screenshot(page, "mat-clock-osaekomi-table")
    call(section, "Toketa", 3)
    expect(section.locator("#white-wazaari")).to_have_text("1")
    assert live(now).score == "2025 aW"

    call(section, "Osaekomi blue", 4)
    page.clock.run_for(19_000)
    expect(section.locator("#hold-reached")).to_have_text("waza-ari")
    page.clock.run_for(1_500)  # 20 s: ippon; the page saves it without a button
    expect(section.locator("#result")).to_have_text(f"Blue wins by ippon: {now.blue.name}")
    assert live(now).score == "2025 aW bI"


def test_the_table_offline_for_30_seconds_loses_nothing(page, phone):
    _user, cup, now, section = table(page)
    call(section, "Hajime", 1)
    page.context.set_offline(True)
    waiting = page.locator("#clock-queue")
    section.get_by_role("button", name="Osaekomi white").click()
    expect(waiting).to_contain_text("1 entry waiting to be sent")
    page.clock.run_for(10_000)
    expect(section.locator("#hold-reached")).to_have_text("waza-ari")
    section.get_by_role("button", name="Toketa").click()
    section.locator(".side.blue").get_by_role("button", name="Shido").click()
    page.clock.run_for(10_000)
    section.get_by_role("button", name="Matte").click()
    expect(waiting).to_contain_text("4 entries waiting to be sent")
    screenshot(page, "mat-clock-offline-queue")
    page.clock.run_for(10_000)  # 30 s offline
    assert live(now).version == 1
    page.context.set_offline(False)
    page.clock.run_for(4_000)
    expect(waiting).to_be_hidden()
    expect(section.locator("#white-wazaari")).to_have_text("1")
    expect(section.locator("#blue-shido")).to_have_text("1")
    kept = live(now)
    assert kept.score == "2025 aW bS"
    assert [line[1] for line in kept.clock["log"]] == [
        "=2025",
        "hajime",
        "osaekomi white",
        "toketa",
        "award blue shido",
        "matte",
    ]
    times = [line[0] for line in kept.clock["log"][1:]]
    assert times == sorted(times) and times[-1] - times[1] == 20_000
    phone.goto(f"/c/{cup.pk}/mats/1/")
    expect(phone.locator("#current-bout tr.side-white td.count")).to_have_text(["1", "0", "0"])
    expect(phone.locator("#current-bout tr.side-blue td.count")).to_have_text(["0", "0", "1"])


def test_a_stale_queued_entry_is_refused_with_a_clear_answer(page):
    user, _cup, now, section = table(page)
    call(section, "Hajime", 1)
    page.context.set_offline(True)
    section.get_by_role("button", name="Osaekomi white").click()
    waiting = page.locator("#clock-queue")
    expect(waiting).to_contain_text("1 entry waiting to be sent")
    # meanwhile another page of the table gives blue a shido
    mats.score(user, now.category, now.match.match.id, "b:shido", seen=1, mat=1)
    page.context.set_offline(False)
    page.clock.run_for(4_000)
    expect(waiting).to_contain_text("osaekomi white")
    expect(waiting).to_contain_text(
        "“osaekomi white” was refused: the score of this bout was changed from another page"
    )
    expect(section.locator("#blue-shido")).to_have_text("1")
    screenshot(page, "mat-clock-refused")
    assert live(now).score == "2025 bS"
    page.get_by_role("button", name="I have seen it: clear the waiting entries").click()
    expect(waiting).to_be_hidden()


def test_an_entry_whose_answer_was_lost_is_sent_again_and_applied_once(page):
    _user, _cup, now, section = table(page)
    lost = []

    def lose_the_first_answer(route):
        if lost:
            route.continue_()
            return
        route.fetch()  # the server applies it; the answer never reaches the table
        lost.append(route.request.post_data)
        route.abort()

    page.route("**/mats/1/clock/", lose_the_first_answer)
    with page.expect_event("requestfailed"):
        section.get_by_role("button", name="Hajime", exact=True).click()
    expect(page.locator("#clock-queue")).to_contain_text("1 entry waiting to be sent")
    assert live(now).version == 1  # applied, but the table does not know it
    page.clock.run_for(4_000)  # the page tries again
    expect(section.locator("#mat-clock")).to_have_attribute("data-version", "1")
    expect(page.locator("#clock-queue")).to_be_hidden()
    kept = live(now)
    assert kept.version == 1 and [line[1] for line in kept.clock["log"]] == ["=2025", "hajime"]
