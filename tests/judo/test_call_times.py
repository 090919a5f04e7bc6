"""Call times that learn (judo/services/call_times.py): bouts fought at set times move each
mat's pace and delay, read in one query; the public mat page, the competitor's card, the mat
screen and the table's page say "running N min late"."""

import datetime

import pytest
from django.core.cache import caches
from django.urls import reverse
from django.utils import timezone

from arbiter.core.audit_guard import audit_log_unlocked
from arbiter.core.models import AuditEntry, Tournament
from judo.models import Competition
from judo.services import call_times, mats
from judo.services import competition as service
from pairing.knockout.models import Bout
from tests.arbiter.desk.test_backup import back_up_and_restore
from tests.conftest import login
from tests.judo.test_mats import judo_day, now_on

pytestmark = pytest.mark.django_db


def today_at(hour, minute=0):
    local = timezone.localtime(timezone.now())
    return local.replace(hour=hour, minute=minute, second=0, microsecond=0)


def fight(user, cup, began, ended, mat=1):
    """Fight the bout on `mat` (one ippon, confirmed) and set its first entry and its result
    to the times given, as if the table had worked then."""
    called = now_on(cup, mat)
    match = called.match.match.id
    mats.score(user, called.category, match, "a:ippon", seen=0)
    mats.confirm(user, called.category, match, seen=1)
    with audit_log_unlocked():
        AuditEntry.objects.filter(
            tournament=called.category.tournament,
            action="bout.score",
            summary__startswith=f"M{match}:",
        ).update(at=began)
    Bout.objects.filter(bracket__tournament=called.category.tournament, match=match).update(
        recorded_at=ended
    )
    return called


def begin(user, cup, at, mat=1):
    """The table's first entry on the bout on `mat`, at `at`."""
    called = now_on(cup, mat)
    mats.score(user, called.category, called.match.match.id, "a:shido", seen=0)
    with audit_log_unlocked():
        AuditEntry.objects.filter(
            tournament=called.category.tournament,
            action="bout.score",
            summary__startswith=f"M{called.match.match.id}:",
        ).update(at=at)
    return called


@pytest.fixture
def cup(anna):
    """Two mats planned at 4 minutes a bout from 09:00."""
    cup = judo_day(anna)
    return service.update_competition(
        anna, cup, {"starts_at": datetime.time(9, 0)}, seen=cup.version
    )


@pytest.fixture
def late(anna, cup):
    """Mat 1 fought three bouts of 7 minutes with 1-minute changeovers from 09:00 (planned: 4
    minutes each), so its fourth bout, planned at 09:12, comes at 09:24 at the earliest."""
    for i in range(3):
        fight(anna, cup, today_at(9, 8 * i), today_at(9, 8 * i + 7))
    return cup


def test_a_mat_with_nothing_fought_follows_the_plan(cup):
    got = call_times.of_day(mats.day(cup), now=today_at(8, 30))
    first = mats.day(cup).order(1)[0]
    assert got[1].pace_minutes == 4 and got[1].running.state == "on time"
    assert got[1].call(first.category.pk, first.match.match.id) == today_at(9, 0)
    assert sorted(got[1].calls.values())[1] == today_at(9, 4)


def test_bouts_fought_slowly_move_the_pace_and_the_delay(late):
    day = mats.day(late)
    got = call_times.of_day(day, now=today_at(9, 27))[1]
    assert got.estimate.pace.length == 7 and got.estimate.pace.changeover == 1
    assert got.pace_minutes == 6  # three bouts of 8 weigh as much as the plan's 4
    assert got.delay_minutes == 15 and got.running == call_times.pace.Running("late", 15)
    calls = sorted(got.calls.values())
    assert calls[:3] == [today_at(9, 27), today_at(9, 33), today_at(9, 39)]
    assert not got.begun


def test_the_bout_begun_is_called_at_its_first_entry(anna, late):
    called = begin(anna, late, today_at(9, 30))
    got = call_times.of_day(mats.day(late), now=today_at(9, 31))[1]
    assert got.begun and got.call(called.category.pk, called.match.match.id) == today_at(9, 30)
    assert got.delay_minutes == 18


def test_without_a_start_the_first_bout_begun_is_the_plan_s_start(anna, cup):
    cup = service.update_competition(anna, cup, {"starts_at": None}, seen=cup.version)
    assert call_times.of_day(mats.day(cup), now=today_at(9, 0))[1].running is None
    fight(anna, cup, today_at(9, 10), today_at(9, 14), mat=2)  # mat 2 began the day
    got = call_times.of_day(mats.day(cup), now=today_at(9, 30))
    assert got[1].delay_minutes == 20  # mat 1 has not begun: 20 minutes after mat 2
    assert got[2].running.state == "late"


def test_yesterday_s_bouts_teach_nothing_today(anna, cup):
    day = datetime.timedelta(days=1)
    fight(anna, cup, today_at(9, 0) - day, today_at(9, 30) - day)
    got = call_times.of_day(mats.day(cup), now=today_at(8, 0))[1]
    assert got.estimate.pace.observed == 0 and got.delay_minutes == 0


def test_the_call_times_cost_one_query_whatever_the_bouts(anna, late, django_assert_num_queries):
    for i in range(2):
        fight(anna, late, today_at(9, 30 + 5 * i), today_at(9, 33 + 5 * i), mat=2)
    day = mats.day(late)
    with django_assert_num_queries(1):
        got = call_times.of_day(day, now=today_at(10, 0))
    assert set(got) == {1, 2} and got[2].estimate.pace.observed == 2


@pytest.fixture
def at_9_27(monkeypatch):
    monkeypatch.setattr(call_times, "clock", lambda: today_at(9, 27))
    caches["default"].clear()


@pytest.fixture(params=["UTC", "Pacific/Auckland"])
def venue_zone(request, settings):
    """The venue's time zone (settings.TIME_ZONE): the times said are its local times."""
    settings.TIME_ZONE = request.param


def test_the_public_pages_say_how_late_the_mat_runs(client, venue_zone, late, at_9_27):
    page = client.get(reverse("public_mat", args=[late.pk, 1])).content.decode()
    assert "running 15 min late" in page and 'id="mat-running"' in page
    assert "~ 09:33" in page  # the bout after the next
    nxt = mats.day(late).order(1)[1]
    card = client.get(reverse("public_fight", args=[late.pk, nxt.white.pk])).content.decode()
    assert "Estimated call ~ 09:33" in card and "mat 1 is running 15 min late" in card
    screen = client.get(reverse("screen_mat", args=[late.pk, 1])).content.decode()
    assert "running 15 min late" in screen


def test_the_table_s_page_shows_the_pace_and_the_delay(client, anna, late, at_9_27):
    login(client, anna)
    page = client.get(reverse("mat", args=[late.pk, 1])).content.decode()
    assert 'id="mat-pace"' in page and "running 15 min late" in page
    assert "6.0 min a bout (planned 4.0)" in page
    index = client.get(reverse("mats", args=[late.pk])).content.decode()
    assert "running 15 min late · 6.0 min a bout (planned 4.0)" in index


def test_a_mat_on_time_says_so(client, cup, at_9_27, monkeypatch):
    monkeypatch.setattr(call_times, "clock", lambda: today_at(8, 50))
    page = client.get(reverse("public_mat", args=[cup.pk, 1])).content.decode()
    assert "on time" in page and "late" not in page


def test_the_pages_move_on_with_the_clock(client, late, monkeypatch):
    monkeypatch.setattr(call_times, "clock", lambda: today_at(9, 27))
    first = client.get(reverse("public_mat", args=[late.pk, 1]))
    assert client.get(reverse("public_mat", args=[late.pk, 1]))["ETag"] == first["ETag"]
    monkeypatch.setattr(call_times, "clock", lambda: today_at(9, 47))
    later = client.get(reverse("public_mat", args=[late.pk, 1]))
    assert later["ETag"] != first["ETag"] and "running 35 min late" in later.content.decode()


def test_the_start_is_audited_and_kept_in_a_backup(tmp_path, cup):
    changed = AuditEntry.objects.filter(action="competition.update").latest("pk")
    assert changed.before["starts_at"] is None and changed.after["starts_at"] == "09:00:00"
    tournaments = list(Tournament.objects.filter(category__competition=cup))
    back_up_and_restore(tmp_path, tournaments)
    assert Competition.objects.get().starts_at == datetime.time(9, 0)


def test_the_settings_page_takes_the_start(client, anna, cup):
    login(client, anna)
    address = reverse("competition_settings", args=[cup.pk])
    form = client.get(address).context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None and k != "confirm_rules"}
    response = client.post(address, {**data, "starts_at": "08:30", "seen": cup.version})
    assert response.status_code == 302
    cup.refresh_from_db()
    assert cup.starts_at == datetime.time(8, 30)
    assert 'type="time"' in client.get(address).content.decode()


def test_on_another_day_than_the_competition_s_no_delay_is_said(anna, cup):
    tomorrow = timezone.localdate() + datetime.timedelta(days=1)
    cup = service.update_competition(anna, cup, {"date": tomorrow}, seen=cup.version)
    got = call_times.of_day(mats.day(cup), now=today_at(10, 0))[1]
    assert got.running is None and min(got.calls.values()) == today_at(10, 0)
    cup = service.update_competition(anna, cup, {"date": timezone.localdate()}, seen=cup.version)
    assert call_times.of_day(mats.day(cup), now=today_at(10, 0))[1].delay_minutes == 60
