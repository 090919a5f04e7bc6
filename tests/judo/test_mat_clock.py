"""The mat clock's service (judo/services/mat_clock.py): the table's calls kept with the bout,
the clock's automatic scores in the one score log, stale pages and queued resends."""

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.core.models import AuditEntry
from judo.models import LiveScore
from judo.services import mat_clock, mats
from judo.services.competition import CompetitionError
from tests.conftest import login
from tests.factories import UserFactory
from tests.judo.test_mats import HTMX, bout_form, judo_day, now_on, post_drawn

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(anna):
    return judo_day(anna)


def run(anna, cup, commands, start=0, mat=1):
    """Give `commands` ((ms, text) pairs) one after the other on the page's versions."""
    now = now_on(cup, mat)
    version = now.version
    done = None
    for n, (ms, text) in enumerate(commands):
        done = mat_clock.clock(
            anna,
            now.category,
            now.match.match.id,
            text,
            ms,
            seen=version,
            mat=mat,
            entry=f"e{start + n}",
        )
        version = done.version
    return now, done


def live_of(now):
    return LiveScore.objects.get(
        match=now.match.match.id, bracket__tournament=now.category.tournament
    )


def test_commands_are_kept_with_the_bout_and_versioned(anna, cup):
    now, done = run(anna, cup, [(1000, "hajime"), (5000, "matte")])
    live = live_of(now)
    assert done.version == live.version == 2
    assert [line[1] for line in live.clock["log"]] == ["=2025", "hajime", "matte"]
    assert live.clock["contest"] == 240
    assert done.clock.state == "waiting" and done.clock.elapsed_ms == 4000
    entry = AuditEntry.objects.filter(action="bout.clock").latest("pk")
    assert "matte" in entry.summary


def test_osaekomi_scores_waza_ari_at_ten_seconds_on_toketa(anna, cup):
    now, done = run(anna, cup, [(0, "hajime"), (1000, "osaekomi white"), (12000, "toketa")])
    assert live_of(now).score == "2025 aW"
    assert done.clock.state == "running"


def test_a_hold_reaching_ippon_is_saved_by_a_tick_without_another_call(anna, cup):
    now, done = run(anna, cup, [(0, "hajime"), (1000, "osaekomi blue"), (25000, "tick")])
    assert live_of(now).score == "2025 bI"
    assert done.clock.state == "over"
    # confirm() reads the same log
    winner = mats.confirm(anna, now.category, now.match.match.id, seen=done.version, mat=1)
    assert winner == now.blue


def test_the_bell_is_saved_by_a_tick(anna, cup):
    now, _done = run(anna, cup, [(0, "hajime"), (241_000, "tick")])
    assert live_of(now).score == "2025 T"  # level at time up: golden score


def test_a_stale_page_is_refused(anna, cup):
    now = now_on(cup)
    mat_clock.clock(anna, now.category, now.match.match.id, "hajime", 0, seen=0, mat=1)
    with pytest.raises(CompetitionError, match="changed from another page"):
        mat_clock.clock(anna, now.category, now.match.match.id, "matte", 10, seen=0, mat=1)


def test_a_call_the_clock_refuses_is_refused_with_the_engines_words(anna, cup):
    now = now_on(cup)
    with pytest.raises(CompetitionError, match="Osaekomi: the clock is waiting, not running"):
        mat_clock.clock(anna, now.category, now.match.match.id, "osaekomi white", 0, seen=0)
    with pytest.raises(CompetitionError, match="Not a call"):
        mat_clock.clock(anna, now.category, now.match.match.id, "rei", 0, seen=0)
    with pytest.raises(CompetitionError, match="comes before the last one"):
        run(anna, cup, [(5000, "hajime"), (4000, "matte")])
    assert not LiveScore.objects.exists() or live_of(now).version == 1


def test_a_queued_entry_after_another_page_changed_the_bout_is_refused_clearly(anna, cup):
    now, done = run(anna, cup, [(0, "hajime")])
    # the table is offline; meanwhile another page enters a shido
    mats.score(anna, now.category, now.match.match.id, "b:shido", seen=done.version, mat=1)
    with pytest.raises(CompetitionError) as refused:
        mat_clock.clock(
            anna,
            now.category,
            now.match.match.id,
            "osaekomi white",
            3000,
            seen=done.version,
            mat=1,
            entry="q1",
        )
    assert "“osaekomi white” was refused" in str(refused.value)
    assert "changed from another page" in str(refused.value)
    assert live_of(now).score == "2025 bS"


def test_a_resend_of_an_applied_entry_changes_nothing(anna, cup):
    now, done = run(anna, cup, [(0, "hajime"), (1000, "award white waza-ari")])
    again = mat_clock.clock(
        anna,
        now.category,
        now.match.match.id,
        "award white waza-ari",
        1000,
        seen=done.version - 1,
        mat=1,
        entry="e1",
    )
    assert not again.applied and again.version == done.version
    assert live_of(now).score == "2025 aW"


def test_the_score_buttons_work_with_the_clock(anna, cup):
    now, done = run(anna, cup, [(0, "hajime"), (1000, "osaekomi white")])
    # a waza-ari by hand during the hold: the hold now stops at 10 s (awasete ippon)
    mats.score(anna, now.category, now.match.match.id, "a:waza-ari", seen=done.version, mat=1)
    live = live_of(now)
    after = mat_clock.clock(
        anna, now.category, now.match.match.id, "tick", 12000, seen=live.version
    )
    assert live_of(now).score == "2025 aW aW"
    assert after.clock.state == "over"


def test_an_unreadable_entry_id_or_time_is_refused(anna, cup):
    now = now_on(cup)
    with pytest.raises(CompetitionError, match="id"):
        mat_clock.clock(anna, now.category, now.match.match.id, "hajime", 0, seen=0, entry="<x>")
    with pytest.raises(CompetitionError, match="time"):
        mat_clock.clock(anna, now.category, now.match.match.id, "hajime", -1, seen=0)


# --- the pages ------------------------------------------------------------------------------


def clock_post(client, cup, now, mat=1, headers=HTMX, **form):
    return client.post(
        reverse("mat_clock", args=[cup.pk, mat]), bout_form(now, **form), headers=headers
    )


def test_a_call_from_the_page_is_applied_and_the_section_comes_back(client, anna, cup):
    login(client, anna)
    now = now_on(cup)
    answer = clock_post(client, cup, now, command="hajime", at="5000", entry="p1")
    assert answer["X-Clock"] == "applied"
    html = answer.content.decode()
    assert 'data-state="running"' in html and 'data-mark="5000"' in html
    assert 'data-version="1"' in html and "<html" not in html


def test_without_script_a_call_posts_and_the_page_reloads(client, anna, cup):
    login(client, anna)
    now = now_on(cup)
    answer = clock_post(client, cup, now, headers={}, command="hajime")
    assert answer.status_code == 302
    assert live_of(now).clock["log"][-1][1] == "hajime"


def test_a_refusal_says_why_in_the_section(client, anna, cup):
    login(client, anna)
    now = now_on(cup)
    answer = clock_post(client, cup, now, command="toketa", at="1")
    assert answer["X-Clock"] == "refused"
    assert "Toketa: no osaekomi is running." in answer.content.decode()
    answer = clock_post(client, cup, now, command="rm -rf", at="1")
    assert answer["X-Clock"] == "refused" and "Not a clock command." in answer.content.decode()
    answer = clock_post(client, cup, now, command="hajime", at="12x")
    assert "not readable" in answer.content.decode()
    clock_post(client, cup, now, command="hajime", at="1")
    answer = clock_post(client, cup, now, command="matte", at="2")  # seen 0, version 1
    assert answer["X-Clock"] == "refused"
    assert "changed from another page" in answer.content.decode()


def test_the_public_mat_page_and_screen_mirror_the_clock(client, anna, cup):
    _now, _done = run(anna, cup, [(1000, "hajime"), (3000, "osaekomi blue")])
    for url in (reverse("public_mat", args=[cup.pk, 1]), reverse("screen_mat", args=[cup.pk, 1])):
        html = client.get(url).content.decode()
        assert 'data-clock="mirror"' in html, url
        assert 'data-state="running"' in html and 'data-holder="blue"' in html
        assert "js/mat_clock.js" in html


def test_the_table_page_runs_on_a_script_file_only(client, anna, cup):
    login(client, anna)
    html = client.get(reverse("mat", args=[cup.pk, 1])).content.decode()
    assert "js/mat_clock.js" in html and 'id="clock-queue"' in html
    assert 'data-clock="table"' in html and 'data-stop-white="20"' in html
    assert "<script>" not in html


@pytest.fixture
def fuzz_day(db):
    anna = UserFactory(username="fuzzy")
    return anna, judo_day(anna)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
@pytest.mark.slow
def test_the_clock_posted_with_random_data_never_fails(client, fuzz_day, data):
    anna, cup = fuzz_day
    login(client, anna)
    now = now_on(cup)
    good = {
        "category": [str(now.category.pk), "0", ""],
        "match": [str(now.match.match.id), "1", "999"],
        "seen": [str(now.version), "0", "1"],
        "command": ["hajime", "matte", "osaekomi white", "tick", "award blue shido", "x"],
        "at": ["0", "1000", str(2**53), "-1", ""],
        "entry": ["a-1", "", "x" * 80],
    }
    assert post_drawn(client, data, "mat_clock", cup, good).status_code in {200, 302, 404}


def test_a_categorys_contest_time_runs_its_clock(anna, cup):
    now = now_on(cup)
    type(now.category).objects.filter(pk=now.category.pk).update(contest_seconds=120)
    now, done = run(anna, cup, [(0, "hajime"), (121_000, "tick")])
    assert live_of(now).score == "2025 T" and live_of(now).clock["contest"] == 120
    # the time a bout began with stays its own
    type(now.category).objects.filter(pk=now.category.pk).update(contest_seconds=300)
    assert mat_clock.clock_of(live_of(now), now_on(cup).category, done.clock.score).rules == (
        done.clock.rules
    )


def test_the_category_form_takes_a_contest_time(client, anna, cup):
    login(client, anna)
    url = reverse("competition_categories", args=[cup.pk])
    form = {"sex": "F", "age_group": "Kids", "weight_limit": "30", "contest_seconds": "120"}
    client.post(url, form)
    assert cup.categories.get(age_group="Kids").contest_seconds == 120
    answer = client.post(url, {**form, "weight_limit": "34", "contest_seconds": "5"})
    assert not cup.categories.filter(weight_limit=34).exists()
    assert b"greater than or equal to 30" in answer.content
