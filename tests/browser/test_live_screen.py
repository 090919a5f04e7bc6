"""A mat screen following the table live (issue 32, docs/live.md): the arbiter scores on the
mat-side page in one browser, the hall's screen of that mat in another shows each entry within
a second or two, pushed by the push service (uvicorn beside the live server, fed by a
redis-server of the test's own) while its poll is made too slow (10 minutes) to explain it."""

import time

import pytest
import redis
from django.core.cache import cache
from playwright.sync_api import expect

from arbiter.live import channels
from judo.services import mats
from tests.arbiter.live.streams import push_service
from tests.browser.test_arbiter_flow import log_in
from tests.factories import UserFactory
from tests.judo.test_mats import judo_day
from tests.servers import redis_server, wait_until

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def pushed(tmp_path, settings):
    """Redis and the push service, and the app publishing to them; the pages poll every 10
    minutes only."""
    with redis_server(tmp_path) as url, push_service(url) as base:
        settings.LIVE_URL = f"{base}/live/"
        settings.LIVE_REDIS_URL = url
        settings.PUBLIC_POLL_SECONDS = 600
        policy = {**settings.CONTENT_SECURITY_POLICY}
        policy["DIRECTIVES"] = {**policy["DIRECTIVES"], "connect-src": ["'self'", base]}
        settings.CONTENT_SECURITY_POLICY = policy
        cache.clear()
        yield redis.Redis.from_url(url)


def test_a_mat_screen_follows_the_table_live(browser, live_server, pushed, page):
    anna = UserFactory(username="anna")
    cup = judo_day(anna, sizes=(4, 4))
    now = mats.day(cup).now_and_next(1)[0]
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 1920, "height": 1080}
    )
    screen = context.new_page()
    errors = []
    screen.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    screen.goto(f"/screen/c/{cup.pk}/mat/1/")
    board = screen.locator("#screen-score")
    white = board.locator("tr.side-white td.count")
    expect(white.first).to_have_text("0")
    expect(screen.locator("#live")).to_have_attribute("hx-trigger", "every 600s, live")
    # the screen's stream is open: the push service listens to its channel
    channel = channels.language_channel(f"c{cup.pk}-mat1-screen", "en")
    wait_until(lambda: dict(pushed.pubsub_numsub(channel))[channel.encode()] == 1, "the stream")
    screen.evaluate(
        "() => { window.swaps = 0;"
        " document.addEventListener('live:swapped', () => { window.swaps += 1; }); }"
    )

    log_in(page, "anna")
    page.goto(f"/arbiter/c/{cup.pk}/mats/1/")
    section = page.locator("#mat-bout")
    expect(section).to_contain_text(now.white.name)
    started = time.monotonic()
    section.locator("button[value='a:waza-ari']").click()
    expect(white.first).to_have_text("1", timeout=2_000)
    first = time.monotonic() - started
    section.locator("button[value='b:shido']").click()
    blue = board.locator("tr.side-blue td.count")
    expect(blue.last).to_have_text("1", timeout=2_000)
    assert first < 2, first
    assert screen.evaluate("window.swaps") == 2
    # the swapped-in body goes on polling with its new version, and on listening
    expect(screen.locator("#live")).to_have_attribute("data-live", f"c{cup.pk}-mat1-screen")
    assert not errors, errors  # nothing refused by the Content-Security-Policy
    context.close()
