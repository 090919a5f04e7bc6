"""The audit log page: the tournament's arbiters only, newest first, readable before/after,
100 a page with a fixed number of queries, filtered by an action prefix."""

import datetime

import pytest
from django.urls import reverse

from arbiter.core.audit_guard import audit_log_unlocked
from arbiter.core.models import AuditEntry
from arbiter.core.services.audit import record
from arbiter.core.services.tournaments import update_tournament
from arbiter.desk.views.audit import PER_PAGE, audit_diff
from tests.conftest import login

pytestmark = pytest.mark.django_db


def url(tournament, **query):
    base = reverse("audit_log", args=[tournament.pk])
    return base + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def test_only_the_tournaments_arbiters_see_it(client, anna, dag, boris, bergen_open):
    response = client.get(url(bergen_open))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    login(client, boris)
    assert client.get(url(bergen_open)).status_code == 403
    login(client, dag)
    assert client.get(url(bergen_open)).status_code == 200
    assert client.post(url(bergen_open)).status_code == 405


def test_the_nav_links_to_it(anna_client, bergen_open):
    page = anna_client.get(reverse("rounds", args=[bergen_open.pk])).content.decode()
    assert f'href="{url(bergen_open)}"' in page


def test_newest_first_with_who_when_and_the_change(anna_client, anna, bergen_open, settings):
    settings.TIME_ZONE = "Europe/Oslo"
    update_tournament(anna, bergen_open, {"name": "Bergen Open 2026", "city": "Bergen"})
    later = record(None, bergen_open, "monrad.draw_cards", "Cards drawn", after={"seed": 7})
    at = datetime.datetime(2026, 11, 22, 12, 30, tzinfo=datetime.UTC)
    with audit_log_unlocked():  # the log is append-only; the test sets the times it shows
        AuditEntry.objects.filter(pk=later.pk).update(at=at + datetime.timedelta(minutes=1))
        AuditEntry.objects.exclude(pk=later.pk).update(at=at)
    page = anna_client.get(url(bergen_open)).content.decode()
    assert page.index("monrad.draw_cards") < page.index("tournament.update")
    assert "2026-11-22 13:30:00" in page and "2026-11-22 13:31:00" in page  # Oslo time
    assert "anna" in page and "the app" in page
    assert "Changed name, city" in page
    assert "<del>Bergen Open</del>" in page and "<ins>Bergen Open 2026</ins>" in page


def test_the_diff_shows_only_what_moved():
    rows = audit_diff(
        {"results": {"1": "12", "2": "15"}, "seeds": {}},
        {"results": {"1": "12", "2": "16", "3": "12"}, "seeds": {"4": 1}},
    )
    assert rows == [
        {"key": "results.2", "before": "15", "after": "16", "change": "changed"},
        {"key": "seeds", "before": "{}", "after": "", "change": "removed"},
        {"key": "results.3", "before": "", "after": "12", "change": "added"},
        {"key": "seeds.4", "before": "", "after": "1", "change": "added"},
    ]
    assert audit_diff(None, {"result": ""}) == [
        {"key": "result", "before": "", "after": '""', "change": "added"}
    ]
    assert audit_diff({"white": 3}, {"white": 3}) == []


def _fill(tournament, count, action="result.record"):
    AuditEntry.objects.bulk_create(
        AuditEntry(
            tournament=tournament,
            action=action,
            summary=f"{action} {n}",
            before={"result": ""},
            after={"result": "1-0"},
        )
        for n in range(count)
    )


def test_pages_of_a_hundred_with_a_pinned_query_count(
    anna_client, anna, bergen_open, django_assert_num_queries
):
    _fill(bergen_open, 2 * PER_PAGE + 5)
    for number in (1, 2, 3):
        with django_assert_num_queries(8):  # 7, and the job the tournament's nav names
            response = anna_client.get(url(bergen_open, page=number))
        rows = response.content.decode().count("<td><code>result.record</code>")
        assert rows == (PER_PAGE if number < 3 else 5)
    _fill(bergen_open, PER_PAGE)
    with django_assert_num_queries(8):
        anna_client.get(url(bergen_open, page=2))


def test_filter_by_action_prefix(anna_client, bergen_open):
    _fill(bergen_open, 3, "result.record")
    _fill(bergen_open, 2, "bracket.bout")
    _fill(bergen_open, 1, "round.complete")
    page = anna_client.get(url(bergen_open, action="bracket.")).content.decode()
    assert page.count("<td><code>bracket.bout</code>") == 2
    assert "<td><code>result.record</code>" not in page
    assert "2 entries whose action starts with" in page
    page = anna_client.get(url(bergen_open, action="r")).content.decode()
    assert page.count("<td><code>result.record</code>") == 3
    assert page.count("<td><code>round.complete</code>") == 1
    assert 'href="?action=bracket."' in page


def test_another_tournaments_entries_stay_out(anna_client, bergen_open, boris_cup):
    _fill(boris_cup, 4, "bracket.secret")
    record(None, None, "bracket.global", "No tournament")
    page = anna_client.get(url(bergen_open)).content.decode()
    assert "bracket.secret" not in page and "bracket.global" not in page
