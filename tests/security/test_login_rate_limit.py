"""Failed logins are counted per username and per client address; past the limit every attempt,
the right password included, is refused with 429 until the period is over."""

import time

import pytest
from django.urls import reverse

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def limits(settings):
    settings.LOGIN_FAILURES_PER_USERNAME = 3
    settings.LOGIN_FAILURES_PER_IP = 5
    settings.LOGIN_LOCKOUT_SECONDS = 60


def attempt(client, username, password, address="10.0.0.1"):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address
    )


def fail(client, username, times, address="10.0.0.1"):
    for _ in range(times):
        assert attempt(client, username, "wrong password", address).status_code == 200


def test_the_right_password_logs_in(client, anna):
    response = attempt(client, "anna", PASSWORD)
    assert response.status_code == 302 and response["Location"] == reverse("dashboard")


def test_after_the_limit_even_the_right_password_is_refused(client, anna):
    fail(client, "anna", 3)
    response = attempt(client, "anna", PASSWORD)
    assert response.status_code == 429
    assert "Too many failed logins. Try again in 1 minute" in response.content.decode()
    assert 0 < int(response["Retry-After"]) <= 60
    assert "_auth_user_id" not in client.session


def test_the_username_is_locked_whatever_its_case_and_from_any_address(client, anna):
    fail(client, "anna", 3, address="10.0.0.1")
    assert attempt(client, "ANNA ", PASSWORD, address="10.9.9.9").status_code == 429


def test_other_usernames_are_not_locked_by_one_users_failures(client, anna, boris):
    fail(client, "anna", 3)
    assert attempt(client, "boris", PASSWORD, address="10.0.0.2").status_code == 302


def test_one_address_trying_many_usernames_is_locked(client, anna):
    for name in ["a", "b", "c", "d", "e"]:
        fail(client, name, 1)
    assert attempt(client, "anna", PASSWORD).status_code == 429
    assert attempt(client, "anna", PASSWORD, address="10.0.0.2").status_code == 302


def test_a_success_clears_the_usernames_count(client, anna):
    fail(client, "anna", 2)
    assert attempt(client, "anna", PASSWORD).status_code == 302
    client.logout()
    fail(client, "anna", 2)
    assert attempt(client, "anna", PASSWORD).status_code == 302


def test_the_lock_ends_after_the_period(client, anna, settings, monkeypatch):
    settings.LOGIN_LOCKOUT_SECONDS = 1
    fail(client, "anna", 3)
    assert attempt(client, "anna", PASSWORD).status_code == 429
    start = time.time()
    monkeypatch.setattr(time, "time", lambda: start + 2)  # the cache's clock moves on too
    assert attempt(client, "anna", PASSWORD).status_code == 302


def test_behind_a_proxy_the_forwarded_address_counts(client, anna, settings):
    settings.BEHIND_PROXY = True

    def via_proxy(username, password, visitor):
        return client.post(
            reverse("login"),
            {"username": username, "password": password},
            REMOTE_ADDR="172.17.0.1",
            HTTP_X_FORWARDED_FOR=f"1.2.3.4, {visitor}",
        )

    for name in ["a", "b", "c", "d", "e"]:
        assert via_proxy(name, "wrong", "203.0.113.7").status_code == 200
    assert via_proxy("anna", PASSWORD, "203.0.113.7").status_code == 429
    assert via_proxy("anna", PASSWORD, "198.51.100.2").status_code == 302


def test_the_login_page_is_still_shown(client):
    assert client.get(reverse("login")).status_code == 200
