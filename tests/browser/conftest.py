"""Playwright driving Debian's chromium (never a downloaded browser) against the live server."""

import os
import shutil
import threading
from pathlib import Path

import pytest
from django.db import connections
from django_tasks_db.management.commands.db_worker import Worker
from playwright.sync_api import expect, sync_playwright

from tests.worker import db_worker

# Playwright's sync API runs an event loop in this thread; the ORM calls the tests make beside it
# are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str:
    path = (
        os.environ.get("CHROMIUM_PATH")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )
    if not path:
        pytest.fail("Debian's chromium is needed for the browser tests: apt-get install chromium")
    return path


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def phone(browser, live_server):
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def other_page(browser, live_server):
    """Another visitor's browser, opened on demand (``other_page()``) and closed with the test:
    a page left open would go on asking the live server for itself after the test, and its
    errors (against a database emptied for the next test) would land in another test."""
    contexts = []

    def open_page(**options):
        context = browser.new_context(base_url=live_server.url, **options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield open_page
    for context in contexts:
        context.close()


def publish_edited(page, number: int) -> None:
    """Publish a draft the arbiter changed by hand: the page shows how it differs from the
    engine's pairing (level 4, FIDE's checklist Q69), then what the TRF will record; confirmed
    twice, the round is public."""
    page.get_by_role("button", name=f"Publish round {number}").click()
    warning = page.locator("#rule-warnings")
    expect(warning).to_contain_text("differs from the engine's pairing")
    page.get_by_role("button", name="Continue…").click()
    expect(warning).to_contain_text(f"### MPA @ Round {number}")
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator("#swiss-round")).to_contain_text(f"Round {number} is published")


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@pytest.fixture
def task_worker(queued, live_server):
    """A task worker beside the live server, as ``manage.py db_worker`` runs beside gunicorn:
    jobs are queued in the database and this loop (db_worker's own, in a thread, with a
    connection of its own) runs them. The other browser tests run each job inside the request
    that asks for it (tests/settings.py), which is what a page sees from a fast worker."""
    worker = db_worker("browser-test-worker", batch=False, interval=0.1)
    thread = threading.Thread(target=_work, args=(worker,))
    thread.start()
    yield worker
    worker.running = False
    thread.join()


def _work(worker: Worker) -> None:
    try:
        worker.run()
    finally:
        connections.close_all()
