"""What a committed change publishes for the live pages (arbiter/live/publisher.py), against a
real redis-server: a score entry on a mat pushes the mat's body in the languages somebody
follows, nothing rendered when nobody does; Redis down never fails the write."""

from __future__ import annotations

import logging

import pytest
import redis
from django.test import override_settings
from django.urls import reverse

from arbiter.live import channels, publisher
from judo.services import mats
from tests.judo.test_mats import judo_day, now_on
from tests.servers import free_port, redis_server

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    with redis_server(tmp_path_factory.mktemp("redis")) as url:
        yield url


@pytest.fixture
def live_on(redis_url):
    with override_settings(LIVE_URL="/live/", LIVE_REDIS_URL=redis_url):
        yield redis.Redis.from_url(redis_url)


@pytest.fixture
def cup(anna):
    return judo_day(anna, sizes=(4, 4))


def listening(client: redis.Redis, *names: str):
    """A pub/sub subscribed to `names` (the push service's place in these tests)."""
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(*names)
    for _name in names:
        pubsub.get_message(timeout=2)  # the confirmation
    return pubsub


def received(pubsub) -> list[tuple[str, bytes]]:
    got = []
    while (message := pubsub.get_message(timeout=0.3)) is not None:
        got.append((message["channel"].decode(), message["data"]))
    return got


def score(anna, cup, action="a:waza-ari", seen=0, capture=None):
    now = now_on(cup)
    with capture(execute=True):
        mats.score(anna, now.category, now.match.match.id, action, seen=seen)
    return now


def test_a_score_pushes_the_mats_body_in_the_languages_followed_only(
    live_on, anna, cup, django_capture_on_commit_callbacks
):
    swedish = channels.language_channel(f"c{cup.pk}-mat1-screen", "sv")
    english_page = channels.language_channel(f"c{cup.pk}-mat1", "en")
    other_mat = channels.language_channel(f"c{cup.pk}-mat2", "en")
    pubsub = listening(live_on, swedish, english_page, other_mat, f"live:c{cup.pk}")
    now = score(anna, cup, capture=django_capture_on_commit_callbacks)
    got = dict(received(pubsub))
    # a score entry moves no version: nobody else is nudged (the competition's pages poll)
    assert set(got) == {swedish, english_page}
    screen = got[swedish].decode()
    assert screen.startswith("id: ") and "\nevent: fragment\n" in screen
    html = "\n".join(line[6:] for line in screen.splitlines() if line.startswith("data: "))
    assert html.startswith('<div id="live"') and now.white.name in html
    assert f'data-live="c{cup.pk}-mat1-screen"' in html
    assert "/sv/screen/c/" in html  # its poll asks for the Swedish screen
    page = got[english_page].decode()
    assert f'data-live="c{cup.pk}-mat1"' in page and "event: fragment" in page


def test_the_pushed_body_is_what_the_poll_gets(
    live_on, client, anna, cup, django_capture_on_commit_callbacks
):
    english = channels.language_channel(f"c{cup.pk}-mat1-screen", "en")
    pubsub = listening(live_on, english)
    score(anna, cup, capture=django_capture_on_commit_callbacks)
    [(_channel, data)] = received(pubsub)
    pushed = "\n".join(line[6:] for line in data.decode().splitlines() if line.startswith("data: "))
    polled = client.get(reverse("screen_mat", args=[cup.pk, 1]), headers={"hx-request": "true"})
    assert pushed.splitlines() == polled.content.decode().splitlines()


def test_nothing_is_rendered_when_nobody_follows_the_mat(
    live_on, anna, cup, django_capture_on_commit_callbacks, monkeypatch
):
    rendered = []
    monkeypatch.setattr(publisher, "render", lambda *args: rendered.append(args))
    tournament = now_on(cup).category.tournament
    pubsub = listening(live_on, f"live:t{tournament.pk}", f"live:c{cup.pk}")
    score(anna, cup, capture=django_capture_on_commit_callbacks)
    assert rendered == [] and received(pubsub) == []


def test_a_versioned_change_nudges_the_category_and_the_competition(
    live_on, anna, cup, django_capture_on_commit_callbacks
):
    from django.db import transaction

    from arbiter.core.services.audit import record

    now = now_on(cup)
    tournament = now.category.tournament
    pubsub = listening(live_on, f"live:t{tournament.pk}", f"live:c{cup.pk}")
    with django_capture_on_commit_callbacks(execute=True) as callbacks, transaction.atomic():
        # a score entry and a change of the category in one block: one signal, versioned
        mats.enter(
            anna,
            now.category,
            (now.category.tournament.bracket, now.match.match.id, None),
            now.score,
            "a:waza-ari",
            "M1",
        )
        record(anna, tournament, "test.change", "a change")
    assert sum(getattr(c, "tournament_id", None) == tournament.pk for c in callbacks) == 1
    tournament.refresh_from_db()
    got = dict(received(pubsub))
    assert set(got) == {f"live:t{tournament.pk}", f"live:c{cup.pk}"}
    assert got[f"live:c{cup.pk}"].endswith(f"data: {tournament.version}\n\n".encode())


def test_one_day_read_for_every_page_and_language(
    live_on, anna, cup, django_capture_on_commit_callbacks, monkeypatch
):
    reads = []
    real = mats._day
    monkeypatch.setattr(mats, "_day", lambda *args: reads.append(args) or real(*args))
    followed = [
        channels.language_channel(f"c{cup.pk}-mat1{suffix}", language)
        for suffix in ("", "-screen")
        for language in ("en", "sv", "fr")
    ]
    pubsub = listening(live_on, *followed)
    score(anna, cup, capture=django_capture_on_commit_callbacks)
    assert {channel for channel, _data in received(pubsub)} == set(followed)
    assert [read[1] for read in reads if read[1] is not None] == [1]  # mat 1's, once


def test_several_changes_in_one_transaction_publish_once(
    live_on, anna, cup, django_capture_on_commit_callbacks
):
    from django.db import transaction

    from arbiter.core.services.audit import record

    pubsub = listening(live_on, f"live:c{cup.pk}")
    tournament = now_on(cup).category.tournament
    with django_capture_on_commit_callbacks(execute=True) as callbacks, transaction.atomic():
        record(anna, tournament, "test.one", "one")
        record(anna, tournament, "test.two", "two")
    assert sum(getattr(c, "tournament_id", None) == tournament.pk for c in callbacks) == 1
    assert len(received(pubsub)) == 1


def test_redis_down_the_score_is_kept_and_the_failure_logged(
    anna, cup, django_capture_on_commit_callbacks, caplog
):
    dead = f"redis://127.0.0.1:{free_port()}/0"
    off = override_settings(LIVE_URL="/live/", LIVE_REDIS_URL=dead)
    with off, caplog.at_level(logging.ERROR, logger="arbiter.live"):
        score(anna, cup, capture=django_capture_on_commit_callbacks)
    assert now_on(cup).version == 1  # the score is in
    assert any("nothing pushed" in record.getMessage() for record in caplog.records)


def test_push_off_publishes_nothing(anna, cup, django_capture_on_commit_callbacks, monkeypatch):
    monkeypatch.setattr(publisher, "publish", lambda *args: pytest.fail("published"))
    with override_settings(LIVE_URL=""):
        score(anna, cup, capture=django_capture_on_commit_callbacks)
