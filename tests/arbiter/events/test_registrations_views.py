"""The organiser's registration list and the check-in list (arbiter/events/views/
registrations.py): actions by row (HTMX and plain), filters, access, the query count."""

from decimal import Decimal

import pytest
from django.urls import reverse

from arbiter.events.models import EventStaff, Registration
from tests.conftest import login
from tests.factories import EventFactory, RegistrationFactory, SectionFactory, TournamentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(anna):
    event = EventFactory(organiser=anna, entry_fee=Decimal("30"))
    SectionFactory(event=event, tournament=TournamentFactory(name="Open A"))
    SectionFactory(event=event, tournament=TournamentFactory(name="Open B"))
    return event


def _sections(event):
    return [s.tournament for s in event.sections.order_by("position")]


def _post(client, name, event, registration, htmx=False, **data):
    url = reverse(name, args=[event.pk, registration.pk])
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(url, {"version": registration.version, **data}, headers=headers)


def test_the_organiser_approves_places_and_records_payment(client, anna, event):
    open_a, open_b = _sections(event)
    registration = RegistrationFactory(event=event, tournament=open_a, fee_due=Decimal("30"))
    login(client, anna)
    row = _post(client, "event_registration_approve", event, registration, htmx=True)
    assert row.status_code == 200 and b"Approved" in row.content
    registration.refresh_from_db()
    assert registration.entry.tournament == open_a
    asked = _post(client, "event_registration_place", event, registration, htmx=True,
                  tournament=open_b.pk)  # fmt: skip
    assert b"Move" in asked.content  # an approved person's move is asked first
    _post(client, "event_registration_place", event, registration, tournament=open_b.pk,
          confirm="yes")  # fmt: skip
    registration.refresh_from_db()
    assert registration.entry.tournament == open_b
    response = _post(client, "event_registration_fee", event, registration, kind="paid",
                     amount="30")  # fmt: skip
    assert response.status_code == 302
    registration.refresh_from_db()
    assert registration.fee_paid == Decimal("30") and registration.fee_owed == 0


def test_a_stale_row_is_refused_with_what_changed(client, anna, event):
    open_a, _ = _sections(event)
    registration = RegistrationFactory(event=event, tournament=open_a)
    login(client, anna)
    shown = Registration.objects.get(pk=registration.pk)
    _post(client, "event_registration_fee", event, registration, kind="paid", amount="10")
    row = _post(client, "event_registration_approve", event, shown, htmx=True)
    assert b"paid 10.00" in row.content and b"Nothing was saved" in row.content
    assert Registration.objects.get(pk=registration.pk).state == "pending"


def test_bad_amounts_save_nothing(client, anna, event):
    registration = RegistrationFactory(event=event)
    login(client, anna)
    for amount in ("-1", "100000", "abc", "1e9", "NaN", "²"):
        response = _post(client, "event_registration_fee", event, registration, htmx=True,
                         kind="paid", amount=amount)  # fmt: skip
        assert response.status_code == 200 and b"errors" in response.content
    assert Registration.objects.get(pk=registration.pk).fee_paid == 0


def test_refusing_asks_first(client, anna, event):
    registration = RegistrationFactory(event=event)
    login(client, anna)
    asked = _post(client, "event_registration_refuse", event, registration, htmx=True)
    assert b"Refuse" in asked.content
    assert Registration.objects.get(pk=registration.pk).state == "pending"
    _post(client, "event_registration_refuse", event, registration, confirm="yes")
    assert Registration.objects.get(pk=registration.pk).state == "refused"


def test_filters(client, anna, event):
    RegistrationFactory(event=event, name="Pending, Paid", fee_due=10, fee_paid=10)
    RegistrationFactory(event=event, name="Approved, Unpaid", fee_due=10, state="approved")
    login(client, anna)
    url = reverse("event_registrations", args=[event.pk])
    pending = client.get(url, {"show": "pending"}).content
    assert b"Pending, Paid" in pending and b"Approved, Unpaid" not in pending
    unpaid = client.get(url, {"show": "unpaid"}).content
    assert b"Approved, Unpaid" in unpaid and b"Pending, Paid" not in unpaid


@pytest.mark.parametrize("count", [3, 30])
def test_the_list_costs_the_same_queries_whatever_its_length(
    client, anna, event, count, django_assert_num_queries
):
    open_a, _ = _sections(event)
    RegistrationFactory.create_batch(count, event=event, tournament=open_a)
    RegistrationFactory(event=event, name="Twin, A", birth_year=2000)
    RegistrationFactory(event=event, name="twin,  a", birth_year=2000)
    login(client, anna)
    with django_assert_num_queries(6):
        page = client.get(reverse("event_registrations", args=[event.pk]))
    assert page.content.count(b"Possible duplicate of") == 2
    with django_assert_num_queries(6):
        client.get(reverse("event_check_in_list", args=[event.pk]))


def test_the_check_in_list_shows_sections_fees_and_totals(client, anna, event):
    open_a, open_b = _sections(event)
    RegistrationFactory(event=event, name="Zeta, Z", tournament=open_a, fee_due=30, fee_paid=30)
    RegistrationFactory(event=event, name="Alpha, A", tournament=open_a, fee_due=30, fee_paid=10)
    RegistrationFactory(event=event, name="Gone, G", tournament=open_b, state="refused")
    login(client, anna)
    page = client.get(reverse("event_check_in_list", args=[event.pk])).content.decode()
    assert page.index("Alpha, A") < page.index("Zeta, Z")
    assert "Gone, G" not in page
    assert "20.00" in page and "owed 20.00" in page  # Alpha owes 20; the event too


def test_access(client, anna, boris, dag, event):
    registration = RegistrationFactory(event=event)
    url = reverse("event_registrations", args=[event.pk])
    assert client.get(url)["Location"].startswith("/accounts/login/")
    login(client, boris)
    assert client.get(url).status_code == 403
    assert _post(client, "event_registration_check_in", event, registration,
                 checked_in="1").status_code == 403  # fmt: skip
    EventStaff.objects.create(event=event, user=dag, role="arbiter")
    login(client, dag)
    assert client.get(url).status_code == 200
    assert client.get(reverse("event_check_in_list", args=[event.pk])).status_code == 200
    assert _post(client, "event_registration_approve", event, registration).status_code == 403
    _post(client, "event_registration_check_in", event, registration, checked_in="1")
    assert Registration.objects.get(pk=registration.pk).checked_in


def test_the_organiser_registers_someone_with_the_list_filling_the_data(
    client, anna, event, fide_november
):
    open_a, _ = _sections(event)
    login(client, anna)
    url = reverse("event_registration_add", args=[event.pk])
    form = {"name": "Whoever, X", "fide_id": "1503014", "tournament": open_a.pk, "once": "x"}
    response = client.post(url, form)
    assert response.status_code == 302
    registration = Registration.objects.get()
    assert (registration.name, registration.title, registration.rating) == (
        "Carlsen, Magnus", "GM", 2839,
    )  # fmt: skip
    assert not registration.self_entered and registration.state == "pending"
    again = client.post(url, {**form, "name": "Again, X"})
    assert again.status_code == 200 and b"already registered" in again.content
    bad = client.post(url, {"name": "<b>", "rating": "4000"})
    assert bad.status_code == 200 and b"errorlist" in bad.content
    assert Registration.objects.count() == 1


def test_the_check_in_list_as_a_pdf(client, anna, event):
    open_a, _ = _sections(event)
    RegistrationFactory(event=event, name="Čarnogurská, Jana", tournament=open_a, fee_due=30)
    login(client, anna)
    response = client.get(reverse("event_check_in_pdf", args=[event.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
