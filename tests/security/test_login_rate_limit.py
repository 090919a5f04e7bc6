"""Failed logins are counted per username and address together (slowed down, then locked for
that address only), per address, and per username from every address; an outsider who knows an
arbiter's username cannot lock the arbiter out, and from an address the arbiter logged in from
before the right password gets in. Password-reset mails are throttled."""

import time

import pytest
from django.core import mail
from django.urls import reverse

from tests.factories import PASSWORD
from tests.servers import free_port

pytestmark = pytest.mark.django_db

HOME, STRANGER = "10.0.0.1", "203.0.113.7"


@pytest.fixture(autouse=True)
def limits(settings):
    settings.LOGIN_SLOWDOWN_AFTER = 2
    settings.LOGIN_FAILURES_PER_USERNAME_AND_IP = 4
    settings.LOGIN_FAILURES_PER_IP = 6
    settings.LOGIN_FAILURES_PER_USERNAME = 8
    settings.LOGIN_LOCKOUT_SECONDS = 60
    settings.PASSWORD_RESET_MAILS_PER_ADDRESS = 2
    settings.PASSWORD_RESET_REQUESTS_PER_IP = 4


@pytest.fixture
def clock(monkeypatch):
    """The time the limits see (and the cache's, so that entries expire with it)."""
    now = [time.time()]
    monkeypatch.setattr(time, "time", lambda: now[0])
    return now


def attempt(client, username, password, address=HOME):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address
    )


def fail(client, clock, username, times, address=HOME):
    """Wrong passwords, each after any slow-down has passed (a patient guesser)."""
    for _ in range(times):
        response = attempt(client, username, "wrong password", address)
        if response.status_code == 429:
            clock[0] += int(response["Retry-After"])
            response = attempt(client, username, "wrong password", address)
        assert response.status_code == 200


def logged_in_once(client, username, address):
    assert attempt(client, username, PASSWORD, address).status_code == 302
    client.logout()


def test_the_right_password_logs_in(client, anna):
    response = attempt(client, "anna", PASSWORD)
    assert response.status_code == 302 and response["Location"] == reverse("dashboard")


def test_failures_slow_one_address_down_before_it_is_locked(client, anna, clock):
    fail(client, clock, "anna", 2, address=STRANGER)
    slowed = attempt(client, "anna", "wrong password", address=STRANGER)
    assert slowed.status_code == 429 and slowed["Retry-After"] == "2"
    assert "wait 2 seconds" in slowed.content.decode()
    clock[0] += 2
    assert attempt(client, "anna", "wrong password", address=STRANGER).status_code == 200
    assert attempt(client, "anna", "wrong", address=STRANGER)["Retry-After"] == "4"
    clock[0] += 4
    assert attempt(client, "anna", "wrong", address=STRANGER).status_code == 200
    locked = attempt(client, "anna", PASSWORD, address=STRANGER)
    assert locked.status_code == 429
    assert "Try again in 1 minute" in locked.content.decode()
    assert "_auth_user_id" not in client.session


def test_a_stranger_who_knows_the_username_cannot_lock_the_arbiter_out(client, anna, clock):
    fail(client, clock, "ANNA ", 4, address=STRANGER)
    assert attempt(client, "anna", PASSWORD, address=STRANGER).status_code == 429
    assert attempt(client, "anna", PASSWORD, address=HOME).status_code == 302


def test_many_addresses_guessing_one_username_lock_it_for_unknown_addresses_only(
    client, anna, clock
):
    logged_in_once(client, "anna", HOME)
    for n in range(8):
        fail(client, clock, "anna", 1, address=f"198.51.100.{n}")
    assert attempt(client, "anna", PASSWORD, address="192.0.2.1").status_code == 429
    assert attempt(client, "anna", PASSWORD, address=HOME).status_code == 302


def test_other_usernames_are_not_locked_by_one_users_failures(client, anna, boris, clock):
    fail(client, clock, "anna", 4)
    assert attempt(client, "boris", PASSWORD, address="10.0.0.2").status_code == 302


def test_one_address_trying_many_usernames_is_locked_but_not_for_those_known_there(
    client, anna, boris, clock
):
    logged_in_once(client, "boris", HOME)
    for name in ["a", "b", "c", "d", "e", "f"]:
        fail(client, clock, name, 1)
    assert attempt(client, "anna", PASSWORD).status_code == 429
    assert attempt(client, "anna", PASSWORD, address="10.0.0.2").status_code == 302
    client.logout()
    assert attempt(client, "boris", PASSWORD).status_code == 302  # a shared address


def test_a_success_clears_the_count_of_its_username_and_address(client, anna, clock):
    fail(client, clock, "anna", 3)
    assert attempt(client, "anna", PASSWORD).status_code in (302, 429)
    clock[0] += 10
    logged_in_once(client, "anna", HOME)
    fail(client, clock, "anna", 3)
    clock[0] += 10
    assert attempt(client, "anna", PASSWORD).status_code == 302


def test_the_lock_ends_after_the_period(client, anna, clock, settings):
    fail(client, clock, "anna", 4, address=STRANGER)
    assert attempt(client, "anna", PASSWORD, address=STRANGER).status_code == 429
    clock[0] += 61
    assert attempt(client, "anna", PASSWORD, address=STRANGER).status_code == 302


def test_behind_a_proxy_the_forwarded_address_counts(client, anna, settings, clock):
    settings.BEHIND_PROXY = True

    def via_proxy(username, password, visitor):
        return client.post(
            reverse("login"),
            {"username": username, "password": password},
            REMOTE_ADDR="172.17.0.1",
            HTTP_X_FORWARDED_FOR=f"1.2.3.4, {visitor}",
        )

    for name in ["a", "b", "c", "d", "e", "f"]:
        assert via_proxy(name, "wrong", STRANGER).status_code == 200
    assert via_proxy("anna", PASSWORD, STRANGER).status_code == 429
    assert via_proxy("anna", PASSWORD, "198.51.100.2").status_code == 302


def test_while_redis_is_down_each_process_still_counts_and_locks(client, anna, clock, settings):
    """Neither fail open (no limit) nor closed (every arbiter locked out): docs/hardening.md."""
    nowhere = f"redis://127.0.0.1:{free_port()}/0"
    settings.CACHES = {
        **settings.CACHES,
        "logins": {"BACKEND": "arbiter.platform.cache.RedisOrMemoryCache", "LOCATION": nowhere},
    }
    fail(client, clock, "anna", 4, address=STRANGER)
    assert attempt(client, "anna", PASSWORD, address=STRANGER).status_code == 429
    assert attempt(client, "anna", PASSWORD, address=HOME).status_code == 302


def test_the_login_page_is_still_shown(client):
    assert client.get(reverse("login")).status_code == 200


def test_password_reset_mails_are_throttled(client, anna, boris):
    for user in (anna, boris):
        user.email = f"{user.username}@example.org"
        user.save()
    url = reverse("password_reset")
    for n in range(4):
        response = client.post(url, {"email": "ANNA@example.org"}, REMOTE_ADDR=f"10.1.0.{n}")
        assert response.status_code == 302  # the page never tells
    assert len(mail.outbox) == 2
    for n in range(6):
        client.post(url, {"email": f"nobody{n}@example.org"}, REMOTE_ADDR=STRANGER)
    assert client.post(url, {"email": "boris@example.org"}, REMOTE_ADDR=STRANGER).status_code == 302
    assert len(mail.outbox) == 2
    client.post(url, {"email": "boris@example.org"}, REMOTE_ADDR=HOME)
    assert len(mail.outbox) == 3 and mail.outbox[-1].to == ["boris@example.org"]
