"""A judo team match from the line-ups to the medal table (issue 30): Anna hands in both teams'
line-ups on the match's page, scores the six bouts of the mixed team match on the mat-side page
(the team score following each confirmed bout, a spectator's phone following on the public mat
page), the match ends 3-3, the decider's class is drawn and fought in golden score, she confirms
the match, and the public results and medal table show the teams."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.test_arbiter_flow import log_in
from tests.factories import UserFactory
from tests.judo.test_team_views import _match, team_day

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_team_match_scored_on_the_mat_side_page_reaches_the_medal_table(page, phone):
    anna = UserFactory(username="anna")
    cup, category = team_day(anna)
    match = _match(category)
    log_in(page, "anna")

    page.goto(f"/arbiter/c/{cup.pk}/teams/{category.pk}/")
    page.locator(f"#match-{match}").get_by_role("link", name="Line-ups").click()
    for side in ("a", "b"):
        form = page.locator(f"#lineup-{side}")
        expect(form.locator("select").first).not_to_have_value("")  # weighed athletes proposed
        form.get_by_role("button", name="Save the line-up").click()
        expect(page.locator(f"#lineup-{side} h2")).to_contain_text("handed in")
    white_team = page.locator("#lineup-a .team-name").inner_text()
    blue_team = page.locator("#lineup-b .team-name").inner_text()

    phone.goto(f"/c/{cup.pk}/mats/1/")
    page.goto(f"/arbiter/c/{cup.pk}/mats/1/")
    section = page.locator("#mat-bout")
    expect(section.locator("#team-score")).to_contain_text(white_team)
    wins = {"white": 0, "blue": 0}
    for n, side in enumerate(("white", "blue", "white", "blue", "white", "blue")):
        expect(section.locator("#team-bout")).to_be_visible()
        section.locator(f".side.{side}").get_by_role("button", name="Ippon").click()
        expect(section.locator("#result")).to_contain_text(f"{side.title()} wins by ippon")
        section.get_by_role("button", name="Confirm the bout").click()
        if n == 0:  # confirmed by mistake: taken back, the score is on the mat again
            expect(section.locator("#team-wins-white")).to_have_text("1")
            section.get_by_role("button", name="Take back the last bout").click()
            expect(section.locator("#team-wins-white")).to_have_text("0")
            expect(section.locator("#result")).to_contain_text("White wins by ippon")
            section.get_by_role("button", name="Confirm the bout").click()
        wins[side] += 1
        expect(section.locator("#team-wins-white")).to_have_text(str(wins["white"]))
        expect(section.locator("#team-wins-blue")).to_have_text(str(wins["blue"]))
        if n == 2:
            expect(phone.locator("#public-team-score")).to_contain_text(
                f"{white_team} 2 \N{EN DASH} 1"
            )
            screenshot(phone, "judo-team-public-mat-phone")

    expect(section.locator(".notice")).to_contain_text("is tied: the decider is drawn in")
    expect(section.locator("#decider")).to_contain_text("golden score decider")
    expect(section.locator("#golden")).to_be_visible()
    expect(phone.locator("#public-decider")).to_contain_text("golden score decider")
    expect(section.get_by_role("button", name="Undo last entry")).to_have_count(0)
    screenshot(page, "judo-team-decider-table")
    section.locator(".side.white").get_by_role("button", name="Waza-ari").click()
    expect(section.locator("#result")).to_contain_text("White wins by waza-ari in golden score")
    section.get_by_role("button", name="Confirm the bout").click()
    expect(section.locator("#match-result")).to_contain_text(
        f"{white_team} wins the match 3\N{EN DASH}3 (on the decider)"
    )
    section.get_by_role("button", name="Confirm the match result").click()
    expect(section.locator(".notice")).to_contain_text(f"{white_team} wins")
    expect(section.locator("#no-bout")).to_be_visible()

    page.goto(f"/c/{cup.pk}/results/")
    expect(page.locator("tr.medal-gold")).to_contain_text(white_team)
    expect(page.locator("tr.medal-silver")).to_contain_text(blue_team)
    page.goto(f"/c/{cup.pk}/medals/?by=team")
    table = page.locator("#medal-table-team")
    expect(table.locator("tbody tr").nth(0)).to_contain_text(white_team)
    expect(table.locator("tbody tr").nth(1)).to_contain_text(blue_team)
    screenshot(page, "judo-team-medal-table")
