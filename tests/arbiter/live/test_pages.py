"""The public pages name the live topic they follow and load the push's client only when push
is on (docs/live.md); a chess tournament's change nudges its pages."""

import pytest
from django.test import override_settings
from django.urls import reverse

from arbiter.core.services.audit import record
from tests.arbiter.live.test_publisher import listening, received, redis_url  # noqa: F401
from tests.factories import TournamentFactory
from tests.judo.test_mats import judo_day

pytestmark = pytest.mark.django_db


def test_push_off_no_script_and_the_body_still_polls(client, anna):
    cup = judo_day(anna, sizes=(2, 2))
    with override_settings(LIVE_URL=""):
        page = client.get(reverse("screen_mat", args=[cup.pk, 1])).content.decode()
    assert "live.js" not in page and 'name="live-url"' not in page
    assert f'data-live="c{cup.pk}-mat1-screen"' in page and 's, live" data-live' in page


@override_settings(LIVE_URL="https://live.example.org/live/")
def test_push_on_the_pages_name_their_topic_and_load_the_client(client, anna):
    cup = judo_day(anna, sizes=(2, 2))
    expected = {
        reverse("screen_mat", args=[cup.pk, 1]): f"c{cup.pk}-mat1-screen",
        reverse("public_mat", args=[cup.pk, 2]): f"c{cup.pk}-mat2",
        reverse("public_competition", args=[cup.pk]): f"c{cup.pk}",
    }
    for url, topic in expected.items():
        page = client.get(url).content.decode()
        assert f'data-live="{topic}"' in page, url
        assert '<meta name="live-url" content="https://live.example.org/live/">' in page
        assert "/static/js/live.js" in page


def test_the_csp_lets_the_page_reach_an_absolute_live_url():
    import importlib
    import os

    from arbiter import settings as project

    os.environ["LIVE_URL"] = "https://live.example.org:8443/live/"
    try:
        reloaded = importlib.reload(project)
        connect = reloaded.CONTENT_SECURITY_POLICY["DIRECTIVES"]["connect-src"]
        assert connect == ["'self'", "https://live.example.org:8443"]
    finally:
        del os.environ["LIVE_URL"]
        importlib.reload(project)


@pytest.mark.slow
def test_a_chess_tournaments_change_nudges_its_pages(
    redis_url,  # noqa: F811
    anna,
    django_capture_on_commit_callbacks,
):
    import redis

    tournament = TournamentFactory(is_published=True)
    client = redis.Redis.from_url(redis_url)
    pubsub = listening(client, f"live:t{tournament.pk}")
    with (
        override_settings(LIVE_URL="/live/", LIVE_REDIS_URL=redis_url),
        django_capture_on_commit_callbacks(execute=True),
    ):
        record(anna, tournament, "test.change", "a change")
    [(channel, data)] = received(pubsub)
    tournament.refresh_from_db()
    assert channel == f"live:t{tournament.pk}"
    assert data.decode().endswith(f"event: changed\ndata: {tournament.version}\n\n")


def test_the_push_service_takes_the_sites_languages_and_knows_no_django():
    """Its default languages are the site's; it runs without Django (its own process)."""
    import ast
    from pathlib import Path

    from django.conf import settings

    from arbiter.live import channels, service

    assert service.Settings({}).languages == {code for code, _name in settings.LANGUAGES}
    for module in (service, channels):
        tree = ast.parse(Path(module.__file__).read_text())
        imported = {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        } | {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert not any(name.startswith("django") for name in imported), module
