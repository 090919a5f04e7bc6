"""Two app servers (gunicorn processes) on one database and one Redis act as one site: a result
entered through one is on the other's public page at the next request, the page one rendered
is the page the other serves, and failed logins through both add up to one lockout that both
enforce, even when the tries arrive at the same moment."""

import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import pytest
import redis

from arbiter.core.models import Game
from pairing.rounds import services as rounds
from tests.factories import PASSWORD
from tests.servers import LIMITS, Visitor, app_server, log_in, redis_server, shared_database_url

pytestmark = pytest.mark.django_db(transaction=True)


def board_result(page: str, board: int) -> str:
    row = re.search(rf'id="board-{board}">.*?<td class="result">(.*?)</td>', page, re.DOTALL)
    assert row, f"no board {board} on the page"
    return row.group(1).strip()


@contextmanager
def two_app_servers(tmp_path, threads: int = 1, **env: str) -> Iterator[tuple[str, str, str]]:
    """Two gunicorns on the database as the test made it and on a Redis of their own: yields
    their base URLs and the Redis URL."""
    with redis_server(tmp_path) as redis_url:
        env |= {"REDIS_URL": redis_url, "DATABASE_URL": shared_database_url(tmp_path)}
        with app_server(env, threads) as a, app_server(env, threads) as b:
            yield a, b, redis_url


@pytest.fixture
def round_one(anna, trondheim_open):
    round_ = rounds.pair_next_round(anna, trondheim_open)
    return rounds.publish_round(anna, round_)


def test_a_result_entered_through_one_server_is_on_the_others_public_page(
    tmp_path, anna, round_one
):
    tournament = round_one.tournament
    board_one = Game.objects.get(round=round_one, board=1)
    with two_app_servers(tmp_path) as (a, b, redis_url):
        public = f"/t/{tournament.pk}/rounds/1/"
        page_keys = redis.Redis.from_url(redis_url)
        status, on_a = Visitor().get(a + public)
        assert status == 200 and board_result(on_a, 1) == ""
        rendered = len(page_keys.keys("arbiter-pages:*"))
        assert rendered > 0
        status, on_b = Visitor().get(b + public)
        assert status == 200 and board_result(on_b, 1) == ""
        assert len(page_keys.keys("arbiter-pages:*")) == rendered  # B served A's render

        arbiter = Visitor()
        assert log_in(arbiter, a, "anna", PASSWORD) == 302
        result_url = f"{a}/arbiter/t/{tournament.pk}/games/{board_one.pk}/result/"
        assert arbiter.post(result_url, {"result": "1-0"})[0] == 302

        status, on_b = Visitor().get(b + public)
        assert board_result(on_b, 1) == Game(result="1-0").get_result_display()


def test_failed_logins_through_both_servers_add_up_to_one_lockout(tmp_path, anna):
    with two_app_servers(tmp_path, **LIMITS) as (a, b, _):
        guesser = Visitor()
        for server in (a, b, a, b):
            assert log_in(guesser, server, "anna", "wrong password") == 200
        assert log_in(Visitor(), a, "anna", PASSWORD) == 429
        assert log_in(Visitor(), b, "anna", PASSWORD) == 429


def test_tries_sent_at_the_same_moment_to_both_servers_check_no_more_than_the_limit(tmp_path, anna):
    with two_app_servers(tmp_path, threads=4, **LIMITS) as (a, b, _):
        visitors = [Visitor() for _ in range(16)]
        for visitor in visitors:
            visitor.get(f"{a}/accounts/login/")

        def guess(n: int) -> int:
            fields = {"username": "anna", "password": f"guess {n}"}
            server = (a, b)[n % 2]
            return visitors[n].post(f"{server}/accounts/login/", fields)[0]

        with ThreadPoolExecutor(len(visitors)) as pool:
            answers = list(pool.map(guess, range(len(visitors))))
    assert sorted(answers) == [200] * 4 + [429] * 12
