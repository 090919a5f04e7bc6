"""The secrets behind the players' cards (arbiter/venue/services/cards.py) and who may open a card
(arbiter/venue/access.py): docs/venue.md, "Cards"."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from arbiter.core.models import AuditEntry
from arbiter.venue.models import CardKey
from arbiter.venue.services import cards
from tests.factories import EntryFactory, TournamentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(anna):
    tournament = TournamentFactory(name="Card Open", chief=anna, is_published=True)
    return [EntryFactory(tournament=tournament) for _ in range(5)]


def test_a_key_is_made_once_and_then_the_same(players):
    first = cards.key_for(players[0])
    again = cards.key_for(players[0])
    assert first.pk == again.pk and first.secret == again.secret
    assert cards.well_formed(first.secret)
    assert CardKey.objects.count() == 1


def test_keys_are_read_in_bulk_whatever_the_number_of_players(players):
    cards.key_for(players[0])
    with CaptureQueriesContext(connection) as made:
        keys = cards.keys_for(players)
    assert len(made) <= 3  # read, insert the missing ones, read again
    assert set(keys) == {p.pk for p in players}
    assert keys[players[0].pk].secret == cards.key_for(players[0]).secret
    with CaptureQueriesContext(connection) as read:
        assert cards.keys_for(players) == keys
    assert len(read) == 1
    assert len({key.secret for key in keys.values()}) == len(players)


def test_a_secret_opens_its_own_player_only(players):
    key = cards.key_for(players[1])
    assert cards.entry_of(key.secret) == players[1]
    assert cards.entry_of(key.secret[:-1] + ("A" if key.secret[-1] != "A" else "B")) is None
    assert cards.entry_of("short") is None
    assert cards.entry_of(key.secret[:-1] + "!") is None


def test_a_new_card_makes_the_old_secret_open_nothing_and_is_audited(anna, players):
    old = cards.key_for(players[2]).secret
    new = cards.revoke(anna, players[2])
    assert new.secret != old and new.issued == 2
    assert cards.entry_of(old) is None
    assert cards.entry_of(new.secret) == players[2]
    entry = AuditEntry.objects.filter(action="card.revoke").get()
    assert entry.user == anna and entry.tournament == players[2].tournament
    assert entry.after == {"entry": players[2].pk, "issued": 2}
    assert old not in entry.summary and new.secret not in entry.summary


# --- who may open a card ------------------------------------------------------------------------


def _card(client, secret, address="10.0.0.1"):
    return client.get(f"/card/{secret}/", REMOTE_ADDR=address)


def test_a_right_secret_opens_the_card_private_and_without_a_referrer_to_other_sites(
    client, players
):
    key = cards.key_for(players[0])
    response = _card(client, key.secret)
    assert response.status_code == 200
    assert players[0].name in response.content.decode()
    assert response["Referrer-Policy"] == "same-origin"
    assert "private" in response["Cache-Control"] and "no-store" in response["Cache-Control"]


def test_a_wrong_secret_is_a_404_saying_so_and_counts(client, players, settings):
    settings.CARD_GUESSES_PER_IP = 3
    wrong = "x" * cards.SECRET_LENGTH
    response = _card(client, wrong)
    assert response.status_code == 404
    assert "opens nothing" in response.content.decode()
    assert response["Referrer-Policy"] == "same-origin"
    assert _card(client, wrong).status_code == 404
    assert _card(client, wrong).status_code == 404
    assert _card(client, wrong).status_code == 429


def test_over_the_limit_even_a_right_secret_gets_429_from_that_address_only(
    client, players, settings
):
    settings.CARD_GUESSES_PER_IP = 2
    key = cards.key_for(players[0])
    for _ in range(3):
        _card(client, "y" * cards.SECRET_LENGTH)
    refused = _card(client, key.secret)
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) == settings.LOGIN_LOCKOUT_SECONDS
    assert players[0].name not in refused.content.decode()
    assert _card(client, key.secret, address="10.0.0.2").status_code == 200


def test_a_revoked_secret_opens_nothing(client, anna, players):
    old = cards.key_for(players[3]).secret
    cards.revoke(anna, players[3])
    assert _card(client, old).status_code == 404
