"""A form sent twice (a double click, a resent request) has one effect (arbiter/core/once.py)."""

import re
import uuid

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from arbiter.core.models import Entry, Tournament
from tests.conftest import login
from tests.pairing.swiss.test_concurrency import at_once


def token_of(page) -> str:
    return re.search(rb'name="once" value="([0-9a-f-]{36})"', page.content).group(1).decode()


def add_player(client, tournament, token, **headers):
    data = {"name": "Double, Click", "rating": "1800", "once": token}
    return client.post(reverse("players", args=[tournament.pk]), data, **headers)


def test_adding_a_player_twice_with_one_form_adds_one_player(client, anna, bergen_open):
    login(client, anna)
    token = token_of(client.get(reverse("players", args=[bergen_open.pk])))
    first, second = add_player(client, bergen_open, token), add_player(client, bergen_open, token)
    assert first.status_code == second.status_code == 302
    assert Entry.objects.filter(tournament=bergen_open, name="Double, Click").count() == 1
    followed = client.get(second["Location"])
    assert b"already sent" in followed.content


def test_an_htmx_double_click_is_answered_with_no_change(client, anna, bergen_open):
    login(client, anna)
    token = str(uuid.uuid4())
    assert add_player(client, bergen_open, token, HTTP_HX_REQUEST="true").status_code == 200
    assert add_player(client, bergen_open, token, HTTP_HX_REQUEST="true").status_code == 204
    assert Entry.objects.filter(tournament=bergen_open, name="Double, Click").count() == 1


def test_a_new_form_is_a_new_submission(client, anna, bergen_open):
    login(client, anna)
    add_player(client, bergen_open, str(uuid.uuid4()))
    add_player(client, bergen_open, str(uuid.uuid4()))
    assert Entry.objects.filter(tournament=bergen_open, name="Double, Click").count() == 2


def test_creating_a_tournament_twice_with_one_form_creates_one(client, anna):
    login(client, anna)
    token = token_of(client.get(reverse("tournament_create")))
    data = {"name": "Twice Open", "system": "swiss_dutch", "once": token}
    client.post(reverse("tournament_create"), data)
    client.post(reverse("tournament_create"), data)
    assert Tournament.objects.filter(name="Twice Open").count() == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="two connections at once")
def test_two_copies_of_one_form_at_the_same_moment_add_one_player(anna, bergen_open):
    token = str(uuid.uuid4())

    def send():
        client = Client()
        login(client, anna)
        return add_player(client, bergen_open, token).status_code

    assert sorted(at_once(send, send)) == [302, 302]
    assert Entry.objects.filter(tournament=bergen_open, name="Double, Click").count() == 1
