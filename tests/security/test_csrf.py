"""CSRF: every POST the app answers, plain or htmx, is refused without the token and changes
nothing, even for the tournament's own arbiter; the base template hands htmx the token once, on
`<body>`, so the htmx posts of a page carry it."""

import html
import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import login
from tests.security.test_every_url import (
    SIGNED,
    address,
    fingerprint,
    form,
    rule_for,
    url_patterns,
)

pytestmark = pytest.mark.django_db

HX_HEADERS = re.compile(r"<body\b[^>]*\bhx-headers='(?P<value>[^']*)'")


@pytest.fixture
def strict(anna):
    return login(Client(enforce_csrf_checks=True, raise_request_exception=False), anna)


@pytest.mark.slow
def test_every_post_without_the_token_is_refused_and_changes_nothing(strict, world):
    failures, posted = [], 0
    before = fingerprint()
    patterns = [p for p in url_patterns() if rule_for(p).kind != SIGNED]
    for pattern in patterns:
        # (a venue's signed machine endpoints are CSRF-exempt: no cookie gives them authority,
        # the signature does: tests/arbiter/publishing/test_protocol.py)
        for where in rule_for(pattern).on:
            place = world[where]
            url = address(pattern, place)
            for headers in ({}, {"HX-Request": "true"}):
                response = strict.post(url, form(place), headers=headers)
                posted += 1
                if response.status_code != 403 or b"CSRF" not in response.content:
                    failures.append(f"POST {url} {headers} -> {response.status_code}")
    assert not failures, "\n".join(failures)
    assert fingerprint() == before
    assert posted >= 2 * len(patterns)


def token_of(page: str) -> str:
    found = HX_HEADERS.findall(page)
    assert len(found) == 1, "hx-headers must be set once, on <body>"
    return json.loads(html.unescape(found[0]))["X-CSRFToken"]


def test_the_base_template_gives_htmx_the_token_on_body(strict, bergen_open):
    players = reverse("players", args=[bergen_open.pk])
    page = strict.get(players).content.decode()
    assert page.count("hx-headers") == 1
    token = token_of(page)
    response = strict.post(
        players,
        {"name": "Carried, Token", "federation": "NOR"},
        headers={"HX-Request": "true", "X-CSRFToken": token},
    )
    assert response.status_code == 200
    assert b"Carried, Token" in response.content


def test_the_login_page_carries_it_and_the_public_pages_do_not(client, bergen_open):
    """A public page has no form and no token, so that any HTTP cache may keep it for everyone
    (tests/security/test_public_responses_are_cacheable.py); the login page, which posts, has
    its token."""
    token_of(client.get(reverse("login")).content.decode())
    assert "hx-headers" not in client.get(reverse("home")).content.decode()


def test_a_wrong_token_is_refused_over_htmx(strict, bergen_open):
    players = reverse("players", args=[bergen_open.pk])
    strict.get(players)
    response = strict.post(
        players,
        {"name": "Forged, Token"},
        headers={"HX-Request": "true", "X-CSRFToken": "x" * 64},
    )
    assert response.status_code == 403
