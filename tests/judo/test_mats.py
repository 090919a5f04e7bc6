"""The table's pages of a competition day: the mats' index and the mat-side page where the score
is kept and the result confirmed in two taps (judo/views/mats.py)."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.core.models import AuditEntry
from judo.models import Competition, LiveScore
from judo.services import competition as service
from judo.services import mats
from pairing.knockout.models import Bout
from tests.conftest import login
from tests.factories import UserFactory
from tests.fuzz.mutations import NASTY

pytestmark = pytest.mark.django_db

CLUBS = ["Ippon Club", "Tatami", "Kodokan", "Budokai"]
HTMX = {"HX-Request": "true"}


def judo_day(user, sizes=(4, 3), published=True) -> Competition:
    """A competition of two men's categories (-60 kg and -66 kg), weighed, drawn, on mats 1 and
    2, published: built through the services as the setup pages would."""
    cup = service.create_competition(
        user, {"name": "Autumn Cup", "mats": 2, "rest_minutes": 10, "bout_minutes": Decimal(4)}
    )
    categories = []
    for limit, size in zip((60, 66), sizes, strict=True):
        category = service.add_category(
            user, cup, sex="M", age_group="Seniors", weight_limit=Decimal(limit)
        )
        for i in range(size):
            entry = service.enter(
                user,
                category,
                {
                    "name": f"Fighter {limit}-{i}",
                    "club": CLUBS[i % 4],
                    "federation": "FIN",
                    "birth_year": 2000,
                },
            )
            service.weigh_in(user, entry, Decimal(limit - 1))
        categories.append(category)
    service.draw_all(user, cup)
    cup.refresh_from_db()
    mats.assign_mats(user, cup, {categories[0].pk: 1, categories[1].pk: 2}, seen=cup.version)
    cup.refresh_from_db()
    if published:
        cup = service.set_published(user, cup, True, seen=cup.version)
    return cup


@pytest.fixture
def cup(anna):
    return judo_day(anna)


def now_on(cup, mat=1):
    return mats.day(cup).now_and_next(mat)[0]


def bout_form(called, **extra):
    return {
        "category": called.category.pk,
        "match": called.match.match.id,
        "seen": called.version,
        **extra,
    }


def test_the_result_takes_two_taps_then_the_page_calls_the_next_bout(client, anna, cup):
    login(client, anna)
    now = now_on(cup)
    page = client.get(reverse("mat", args=[cup.pk, 1]))
    assert page.status_code == 200
    assert now.white.name.encode() in page.content and b"Next:" in page.content
    # tap 1: ippon for white; the section says who wins and asks to confirm
    section = client.post(
        reverse("mat_score", args=[cup.pk, 1]), bout_form(now, action="a:ippon"), headers=HTMX
    )
    assert b"White wins by ippon" in section.content and b"Confirm result" in section.content
    assert b"<html" not in section.content  # the section alone
    # tap 2: confirm, on the score's version the section showed
    decided = now_on(cup)
    assert decided.version == 1
    page = client.post(reverse("mat_confirm", args=[cup.pk, 1]), bout_form(decided), follow=True)
    assert b"wins." in page.content
    bout = Bout.objects.get(bracket__tournament=now.category.tournament, match=now.match.match.id)
    assert bout.winner == now.white and bout.score == "2025 aI"
    after = now_on(cup)
    assert after.match.match.id != now.match.match.id
    assert f"bout {after.match.match.id}".encode() in page.content


def test_a_second_tabs_stale_tap_is_refused_and_changes_nothing(client, anna, cup):
    login(client, anna)
    now = now_on(cup)
    address = reverse("mat_score", args=[cup.pk, 1])
    client.post(address, bout_form(now, action="b:waza-ari"), headers=HTMX)
    audit = AuditEntry.objects.count()
    stale = client.post(address, bout_form(now, action="a:ippon"), headers=HTMX)
    assert b"changed from another page" in stale.content
    assert b'id="blue-wazaari">1<' in stale.content  # the score as it stands
    assert LiveScore.objects.get().score == "2025 bW"
    assert AuditEntry.objects.count() == audit
    # the plain form: back to the page, which says why
    page = client.post(address, bout_form(now, action="a:ippon"), follow=True)
    assert b"changed from another page" in page.content
    confirm = client.post(reverse("mat_confirm", args=[cup.pk, 1]), bout_form(now), headers=HTMX)
    assert b"changed from another page" in confirm.content
    assert not Bout.objects.exists()


def test_an_entry_the_rules_forbid_is_refused_with_the_engines_message(client, anna, cup):
    login(client, anna)
    now = now_on(cup)
    address = reverse("mat_score", args=[cup.pk, 1])
    client.post(address, bout_form(now, action="a:shido"), headers=HTMX)
    refused = client.post(address, bout_form(now_on(cup), action="b:fusen-gachi"), headers=HTMX)
    assert b"Fusen-gachi (no-show) is the only entry of a bout." in refused.content
    assert LiveScore.objects.get().score == "2025 aS"
    nothing = client.post(address, bout_form(now_on(cup), action="a:nonsense"), headers=HTMX)
    assert b"Not a score entry." in nothing.content
    undecided = client.post(reverse("mat_confirm", args=[cup.pk, 1]), bout_form(now_on(cup)))
    assert undecided.status_code == 302
    assert LiveScore.objects.get().score == "2025 aS"


def test_golden_score_and_undo(client, anna, cup):
    login(client, anna)
    address = reverse("mat_score", args=[cup.pk, 1])
    client.post(address, bout_form(now_on(cup), action="time"), headers=HTMX)
    section = client.get(reverse("mat", args=[cup.pk, 1]), headers=HTMX)
    assert b'id="golden"' in section.content and b"Time up" not in section.content
    client.post(address, bout_form(now_on(cup), action="undo"), headers=HTMX)
    assert LiveScore.objects.get().score == "2025"


def test_a_form_that_names_no_bout_is_refused_with_a_message(client, anna, cup):
    login(client, anna)
    for form in ({}, {"category": "x", "match": "1", "seen": "0"}, {"category": "99999"}):
        answer = client.post(reverse("mat_score", args=[cup.pk, 1]), form, headers=HTMX)
        assert answer.status_code == 200 and b'role="alert"' in answer.content
    other = judo_day(UserFactory(username="olga"))
    called = now_on(other)
    answer = client.post(
        reverse("mat_score", args=[cup.pk, 1]), bout_form(called, action="a:ippon"), headers=HTMX
    )
    assert b"not part of the competition" in answer.content
    assert not LiveScore.objects.exists()


def test_the_index_lists_the_mats_and_names_the_breaches_of_the_rest(client, anna):
    cup = judo_day(anna, sizes=(3, 3))
    login(client, anna)
    page = client.get(reverse("mats", args=[cup.pk]))
    assert page.status_code == 200
    assert b"Mat 1" in page.content and b"Mat 2" in page.content
    # a pool of three on one mat cannot keep 3 bouts of rest: the arbiter is told
    assert b"less rest than the minimum" in page.content
    assert mats.day(cup).plan.breaches


def test_only_the_competitions_arbiters_reach_the_mats(client, anna, cup):
    for name in ("mats", "mat"):
        args = [cup.pk] if name == "mats" else [cup.pk, 1]
        anonymous = client.get(reverse(name, args=args))
        assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    login(client, UserFactory(username="boris2"))
    assert client.get(reverse("mat", args=[cup.pk, 1])).status_code == 403
    now = now_on(cup)
    refused = client.post(reverse("mat_score", args=[cup.pk, 1]), bout_form(now, action="a:ippon"))
    assert refused.status_code == 403 and not LiveScore.objects.exists()
    login(client, anna)
    assert client.get(reverse("mat", args=[cup.pk, 3])).status_code == 404


def test_the_mat_page_costs_the_same_queries_for_a_small_and_a_large_day(client, anna):
    counts = []
    for sizes in ((3, 2), (16, 12)):
        cup = judo_day(anna, sizes=sizes)
        login(client, anna)
        with CaptureQueriesContext(connection) as captured:
            assert client.get(reverse("mat", args=[cup.pk, 1])).status_code == 200
            assert client.get(reverse("mats", args=[cup.pk])).status_code == 200
        counts.append(len(captured))
    assert counts[0] == counts[1]


def post_drawn(client, data, name: str, cup, good: dict[str, list[str]]):
    """Post to the mat page's endpoint `name` (of a drawn mat: 1-3, or none) a form whose
    fields are each left out, one of its `good` values, a nasty one or random text; as htmx or
    a plain form. The fuzz of the table's buttons and of its clock."""
    form = {}
    for field, values in good.items():
        kind = data.draw(st.integers(0, 3), label=f"{field}: kind")
        if kind == 0:
            continue
        if kind == 1:
            form[field] = data.draw(st.sampled_from(values), label=field)
        elif kind == 2:
            form[field] = data.draw(st.sampled_from(NASTY), label=field)
        else:
            form[field] = data.draw(st.text(max_size=30), label=field)
    mat = data.draw(st.sampled_from([1, 2, 3, 0, 10**12]), label="mat")
    headers = HTMX if data.draw(st.booleans(), label="htmx") else {}
    return client.post(reverse(name, args=[cup.pk, mat]), form, headers=headers)


@pytest.fixture
def fuzz_day(db):
    anna = UserFactory(username="fuzzy")
    return anna, judo_day(anna)


@pytest.mark.parametrize("name", ["mat_score", "mat_confirm"])
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_the_tables_buttons_posted_with_random_data_never_fail(client, fuzz_day, name, data):
    anna, cup = fuzz_day
    login(client, anna)
    now = now_on(cup)
    good = {
        "category": [str(now.category.pk), "0", ""],
        "match": [str(now.match.match.id), "1", "999"],
        "seen": [str(now.version), "0", "1"],
        "action": ["a:ippon", "b:shido", "time", "undo", "a:fusen-gachi", "c:ippon", "x"],
    }
    assert post_drawn(client, data, name, cup, good).status_code in {200, 302, 404}


def test_the_board_polls_and_every_button_is_also_a_plain_form(client, anna, cup):
    login(client, anna)
    section = client.get(reverse("mat", args=[cup.pk, 1]), headers=HTMX).content.decode()
    assert 'hx-trigger="every 4s"' in section and section.startswith('\n<section id="mat-bout"')
    score_url = reverse("mat_score", args=[cup.pk, 1])
    assert section.count(f'action="{score_url}"') == section.count(f'hx-post="{score_url}"') == 3
    # the three score forms and the mat clock's (tests/judo/test_mat_clock.py)
    assert section.count('name="seen" value="0"') == 4 and "csrfmiddlewaretoken" in section
