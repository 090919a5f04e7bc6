"""The Redis cache that app servers share, and what each one does while Redis is down: it answers
from its own memory, logs an error, and asks Redis again a few seconds later."""

import logging

import pytest

from arbiter.platform import cache as shared
from arbiter.platform.cache import RedisOrMemoryCache
from tests.servers import free_port, redis_server


def redis_cache(url: str, prefix: str) -> RedisOrMemoryCache:
    return RedisOrMemoryCache(url, {"KEY_PREFIX": prefix})


@pytest.fixture
def redis_url(tmp_path):
    with redis_server(tmp_path) as url:
        yield url


@pytest.fixture
def clock(monkeypatch):
    """The clock the cache waits by before asking Redis again."""
    now = [1000.0]
    monkeypatch.setattr(shared.time, "monotonic", lambda: now[0])
    return now


def test_two_processes_caches_on_one_redis_see_each_others_keys(redis_url):
    here, there = redis_cache(redis_url, "pages"), redis_cache(redis_url, "pages")
    here.set("page", {"html": "<p>1-0</p>"}, 60)
    assert there.get("page") == {"html": "<p>1-0</p>"}


def test_counting_is_atomic_in_redis(redis_url):
    here, there = redis_cache(redis_url, "logins"), redis_cache(redis_url, "logins")
    assert here.add("failures", 0, 60)
    assert not there.add("failures", 0, 60)  # the first one wins
    assert [here.incr("failures"), there.incr("failures"), here.incr("failures")] == [1, 2, 3]


def test_clearing_one_cache_leaves_the_other_caches_keys(redis_url):
    pages, logins = redis_cache(redis_url, "pages"), redis_cache(redis_url, "logins")
    pages.set("page", "body", 60)
    logins.set("failures", 3, 60)
    pages.clear()
    assert pages.get("page") is None and logins.get("failures") == 3


def test_while_redis_is_down_the_process_uses_its_memory_and_logs_it(clock, caplog):
    down = redis_cache(f"redis://127.0.0.1:{free_port()}/0", "logins")
    with caplog.at_level(logging.ERROR, logger="arbiter.platform.cache"):
        assert down.get("page") is None  # a miss, not an error page
        assert down.add("failures", 0, 60)
        assert down.incr("failures") == 1
    assert down.incr("failures") == 2  # the count goes on in memory
    assert down.down  # what the public PDFs ask before leaving one to a worker
    [error] = caplog.records  # one line, not one per call
    assert "uses its own memory" in error.getMessage()


def test_the_process_asks_redis_again_a_few_seconds_after_it_failed(tmp_path, clock, caplog):
    port = free_port()
    cache = redis_cache(f"redis://127.0.0.1:{port}/0", "pages")
    cache.set("page", "kept in memory", 60)
    with redis_server(tmp_path, port) as url:
        redis_cache(url, "pages").set("page", "kept in redis", 60)
        assert cache.get("page") == "kept in memory"
        clock[0] += shared.RETRY_SECONDS
        with caplog.at_level(logging.WARNING, logger="arbiter.platform.cache"):
            assert cache.get("page") == "kept in redis"
        assert "answers again" in caplog.text
        assert not cache.down
