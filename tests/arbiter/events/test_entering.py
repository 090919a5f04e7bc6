"""The public entry form (arbiter/events/views/entering.py): open only for a published event
with entries open, bounded input refused with a message and nothing saved, one registration per
form however often it is sent, a limit per client address, never cached."""

import uuid
from decimal import Decimal

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.events.models import Registration
from tests.factories import EventFactory, SectionFactory, TournamentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_event(anna):
    event = EventFactory(organiser=anna, entries_open=True, entry_fee=Decimal("25"))
    section = SectionFactory(event=event, tournament=TournamentFactory(name="Open A"))
    return event, section.tournament


def _form(section, **values):
    return {
        "name": "Haugen, Sofia",
        "birth_year": "2004",
        "federation": "nor",
        "tournament": str(section.pk),
        "once": str(uuid.uuid4()),
        **values,
    }


def test_a_player_enters_and_is_told_it_waits_for_approval(client, open_event):
    event, open_a = open_event
    url = reverse("event_enter", args=[event.pk])
    page = client.get(url)
    assert page.status_code == 200 and b"Open A" in page.content
    assert "no-cache" in page["Cache-Control"] or "no-store" in page["Cache-Control"]
    response = client.post(url, _form(open_a))
    assert response.status_code == 200
    assert b"waits for the organiser" in response.content
    registration = Registration.objects.get()
    assert registration.self_entered and registration.state == "pending"
    assert (registration.federation, registration.fee_due) == ("NOR", Decimal("25"))


def test_the_same_form_sent_twice_registers_once(client, open_event):
    event, open_a = open_event
    url = reverse("event_enter", args=[event.pk])
    form = _form(open_a)
    client.post(url, form)
    again = client.post(url, form)
    assert again.status_code == 200 and b"already received" in again.content
    assert Registration.objects.count() == 1


def test_closed_or_unpublished_events_take_no_entry(client, anna, open_event):
    event, open_a = open_event
    url = reverse("event_enter", args=[event.pk])
    event.entries_open = False
    event.save()
    assert b"not open" in client.get(url).content
    client.post(url, _form(open_a))
    event.is_published = False
    event.save()
    assert client.get(url).status_code == 404
    assert client.post(url, _form(open_a)).status_code == 404
    assert not Registration.objects.exists()


def test_too_many_posts_from_one_address_are_refused(client, open_event, settings):
    settings.EVENT_ENTRY_POSTS_PER_IP = 2
    event, open_a = open_event
    url = reverse("event_enter", args=[event.pk])
    for n in range(2):
        client.post(url, _form(open_a, name=f"Player, Number{'x' * n}"))
    refused = client.post(url, _form(open_a, name="Third, Player"))
    assert refused.status_code == 429 and refused["Retry-After"]
    assert Registration.objects.count() == 2
    other = client.post(url, _form(open_a, name="Fourth, Player"), REMOTE_ADDR="10.9.9.9")
    assert other.status_code == 200 and Registration.objects.count() == 3


@pytest.mark.parametrize(
    "bad",
    [
        {"name": "<script>alert(1)</script>"},
        {"name": "x" * 101},
        {"name": "1234"},
        {"fide_id": "12a"},
        {"fide_id": "²"},
        {"fide_id": "9" * 11},
        {"birth_year": "1899"},
        {"birth_year": "3000"},
        {"federation": "N0R"},
        {"tournament": "999999"},
        {"email": "not-an-address"},
        {"note": "n" * 501},
        {"once": ""},
    ],
)
def test_bad_input_is_refused_with_a_message_and_nothing_saved(client, open_event, bad):
    event, open_a = open_event
    response = client.post(reverse("event_enter", args=[event.pk]), _form(open_a, **bad))
    assert response.status_code == 200
    assert b"errorlist" in response.content or b"errors" in response.content
    assert not Registration.objects.exists()


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    values=st.dictionaries(
        st.sampled_from(
            [
                "name",
                "fide_id",
                "birth_year",
                "federation",
                "club",
                "sex",
                "email",
                "tournament",
                "note",
            ]
        ),
        st.text(max_size=120),
    )
)
def test_any_input_is_answered_without_a_server_error(client, open_event, settings, values):
    settings.EVENT_ENTRY_POSTS_PER_IP = 10**6
    event, open_a = open_event
    before = Registration.objects.count()
    response = client.post(reverse("event_enter", args=[event.pk]), _form(open_a, **values))
    assert response.status_code in (200, 429)
    if b"waits for the organiser" not in response.content:
        assert Registration.objects.count() == before


def test_the_page_shows_no_other_registration(client, open_event):
    event, open_a = open_event
    client.post(reverse("event_enter", args=[event.pk]), _form(open_a, name="Secret, Person"))
    page = client.get(reverse("event_enter", args=[event.pk]))
    assert b"Secret" not in page.content


def test_the_form_names_only_published_sections(client, open_event):
    event, _ = open_event
    SectionFactory(
        event=event, tournament=TournamentFactory(name="Secret Rapid", is_published=False)
    )
    page = client.get(reverse("event_enter", args=[event.pk]))
    assert b"Open A" in page.content and b"Secret Rapid" not in page.content
