"""The event's publishing page on the venue: who may see and change it, and that its buttons
only write rows (docs/publishing.md)."""

import pytest
from django.test import Client

from arbiter.events.models import EventStaff
from arbiter.publishing.models import Publication
from tests.conftest import login
from tests.factories import EventFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(anna):
    return EventFactory(name="Oslo Festival", organiser=anna)


def url(event, tail=""):
    return f"/arbiter/e/{event.pk}/publishing/{tail}"


def test_a_stranger_gets_403_and_a_visitor_the_login_page(event, boris):
    assert login(Client(), boris).get(url(event)).status_code == 403
    assert login(Client(), boris).post(url(event, "now/")).status_code == 403
    assert not Publication.objects.filter(wake=True).exists()
    anonymous = Client().get(url(event))
    assert anonymous.status_code == 302
    assert "/accounts/login/" in anonymous["Location"]


def test_the_page_shows_the_state_and_the_venue_s_key(event, anna, settings):
    settings.PUBLISH_URL = "https://results.example.org"
    page = login(Client(), anna).get(url(event))
    assert page.status_code == 200
    assert b"https://results.example.org" in page.content
    assert b'id="venue-key"' in page.content
    assert b"Publish now" in page.content
    live = login(Client(), anna).get(url(event), headers={"HX-Request": "true"})
    assert b'id="publishing-state"' in live.content
    assert b"<html" not in live.content


def test_publish_now_only_marks_the_row(event, anna):
    response = login(Client(), anna).post(url(event, "now/"))
    assert response.status_code == 302
    assert Publication.objects.get(event=event).wake


def test_an_arbiter_of_the_event_may_publish_but_not_change_the_site(event, dag):
    EventStaff.objects.create(event=event, user=dag, role=EventStaff.Role.ARBITER)
    assert login(Client(), dag).post(url(event, "now/")).status_code == 302
    refused = login(Client(), dag).post(url(event, "target/"), {"url": "https://evil.example"})
    assert refused.status_code == 403
    assert Publication.objects.get(event=event).target_url == ""


@pytest.mark.parametrize("bad", ["javascript:alert(1)", "ftp://x.example", "x" * 400, "http://"])
def test_a_bad_site_address_is_refused_and_saves_nothing(event, anna, bad):
    response = login(Client(), anna).post(url(event, "target/"), {"url": bad})
    assert response.status_code == 400
    assert b"errorlist" in response.content
    assert not Publication.objects.filter(event=event).exclude(target_url="").exists()


def test_the_organiser_sets_the_site(event, anna):
    response = login(Client(), anna).post(url(event, "target/"), {"url": "https://pub.example/"})
    assert response.status_code == 302
    publication = Publication.objects.get(event=event)
    assert (publication.target_url, publication.wake) == ("https://pub.example", True)


def test_take_over_needs_the_box_ticked(event, anna):
    client = login(Client(), anna)
    client.get(url(event))
    client.post(url(event, "take-over/"))
    assert Publication.objects.get(event=event).epoch == 1
    client.post(url(event, "take-over/"), {"confirm": "yes"})
    assert Publication.objects.get(event=event).epoch == 2
