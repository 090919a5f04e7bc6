"""The audit log is append-only for everyone: the admin shows it but cannot change or delete
it, the database refuses an update or a delete from anyone, and nothing in the admin changes a
tournament behind the log's back (its tournament models are read-only there)."""

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.urls import reverse

from arbiter.core.audit_guard import audit_log_unlocked
from arbiter.core.models import AuditEntry, Game, Round
from arbiter.core.services.results import record_result
from arbiter.core.services.tournaments import create_tournament
from arbiter.core.systems import System
from pairing.rounds import services as rounds
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged(anna, trondheim_open, trondheim_players):
    """A published round with one result: entries in the log to attack."""
    round_1 = rounds.pair_next_round(anna, trondheim_open)
    rounds.publish_round(anna, round_1)
    record_result(anna, round_1.games.order_by("board").first(), "1-0")
    return trondheim_open


@pytest.fixture
def staff_client(client):
    root = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(root)
    return client


def test_the_database_refuses_to_change_an_entry(logged):
    entry = AuditEntry.objects.filter(action="result.record").get()
    changes = ({"summary": "nothing happened"}, {"after": {"result": "0-1"}}, {"tournament": None})
    for change in changes:
        with pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
            AuditEntry.objects.filter(pk=entry.pk).update(**change)
    entry.refresh_from_db()
    assert entry.after == {"result": "1-0"} and entry.user.username == "anna"


def test_the_database_refuses_to_delete_an_entry(logged, anna):
    count = AuditEntry.objects.count()
    with pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        AuditEntry.objects.filter(action="result.record").delete()
    fresh = create_tournament(anna, {"name": "Fresh", "system": System.SWISS_DUTCH})
    with pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        fresh.delete()  # the log would go with its tournament
    assert AuditEntry.objects.count() == count + 1


def test_deleting_a_user_keeps_the_entries_they_wrote(logged, anna):
    count = AuditEntry.objects.count()
    entries = list(AuditEntry.objects.filter(user=anna).values_list("pk", "summary"))
    assert entries
    get_user_model().objects.filter(pk=anna.pk).delete()
    assert AuditEntry.objects.count() == count
    kept = AuditEntry.objects.filter(pk__in=[pk for pk, _ in entries])
    assert sorted(kept.values_list("pk", "summary")) == sorted(entries)
    assert not kept.exclude(user=None).exists()


def test_the_guard_is_lifted_only_on_purpose(logged):
    with audit_log_unlocked():
        AuditEntry.objects.filter(action="result.record").delete()
    assert not AuditEntry.objects.filter(action="result.record").exists()
    with pytest.raises(IntegrityError), transaction.atomic():
        AuditEntry.objects.all().delete()


def test_the_admin_shows_the_log_but_cannot_change_or_delete_it(staff_client, logged):
    entry = AuditEntry.objects.filter(action="result.record").get()
    listing = staff_client.get(reverse("admin:arbiter_auditentry_changelist"))
    assert listing.status_code == 200 and b"result.record" in listing.content
    assert b'value="delete_selected"' not in listing.content
    page = staff_client.get(reverse("admin:arbiter_auditentry_change", args=[entry.pk]))
    assert page.status_code == 200 and b'name="_save"' not in page.content
    delete = reverse("admin:arbiter_auditentry_delete", args=[entry.pk])
    assert staff_client.post(delete, {"post": "yes"}).status_code == 403
    change = reverse("admin:arbiter_auditentry_change", args=[entry.pk])
    assert staff_client.post(change, {"summary": "nothing"}).status_code == 403
    bulk = staff_client.post(
        reverse("admin:arbiter_auditentry_changelist"),
        {"action": "delete_selected", "_selected_action": [entry.pk], "post": "yes"},
    )
    assert bulk.status_code in (200, 302)
    assert AuditEntry.objects.filter(pk=entry.pk, summary=entry.summary).exists()


def test_a_result_cannot_be_changed_behind_the_log_in_the_admin(staff_client, logged):
    game = Game.objects.get(result="1-0")
    change = reverse("admin:arbiter_game_change", args=[game.pk])
    page = staff_client.get(change)
    assert page.status_code == 200 and b'name="_save"' not in page.content
    posted = staff_client.post(
        change,
        {"round": game.round_id, "board": game.board, "white": game.white_id,
         "black": game.black_id, "result": "0-1"},
    )  # fmt: skip
    assert posted.status_code == 403
    assert (
        staff_client.post(
            reverse("admin:arbiter_round_delete", args=[game.round_id]), {"post": "yes"}
        ).status_code
        == 403
    )
    game.refresh_from_db()
    assert game.result == "1-0" and Round.objects.filter(pk=game.round_id).exists()
    for model in ("tournament", "entry", "round", "game", "bye"):
        assert staff_client.get(reverse(f"admin:arbiter_{model}_add")).status_code == 403
