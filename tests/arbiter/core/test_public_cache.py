"""A value that takes seconds is built by one process at a time: the others wait for it, or get
the previous version's at once, instead of all computing the same thing."""

import threading
import time

import pytest

from arbiter.core.public_cache import shared

pytestmark = pytest.mark.django_db


def at_once(count: int, ask) -> list:
    """`ask()` from `count` threads started together; their answers."""
    answers = []
    threads = [threading.Thread(target=lambda: answers.append(ask())) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def slow(built: list, value: str):
    def build() -> str:
        built.append(value)
        time.sleep(0.3)
        return value

    return build


def test_many_askers_at_once_wait_for_one_build():
    built = []
    answers = at_once(4, lambda: shared("standings:v2", slow(built, "v2")))
    assert built == ["v2"] and answers == ["v2"] * 4


def test_while_one_builds_the_new_version_the_others_get_the_previous_one_at_once():
    shared("page:v1", lambda: "v1", stale_key="page:latest")
    built = []
    started = time.monotonic()
    answers = at_once(4, lambda: shared("page:v2", slow(built, "v2"), stale_key="page:latest"))
    assert built == ["v2"]
    assert sorted(answers) == ["v1", "v1", "v1", "v2"]
    assert time.monotonic() - started < 0.6
    assert shared("page:v2", slow(built, "again"), stale_key="page:latest") == "v2"


def test_a_failed_build_leaves_nobody_waiting():
    def broken() -> str:
        raise LookupError("no such round")

    with pytest.raises(LookupError):
        shared("round:v1", broken)
    assert shared("round:v1", lambda: "built") == "built"
