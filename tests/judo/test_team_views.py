"""The pages of judo team events: the team categories, a category's teams and athletes, a
match's line-ups, the mat-side page scoring each bout of a team match with the team score, the
public mat page showing the teams and their score, and the medal table of the teams."""

from decimal import Decimal

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.core.models import AuditEntry
from judo.models import Category, LiveScore, TeamMember
from judo.services import competition as service
from judo.services import mats, teams
from pairing.engines.knockout.team_match import MIXED_CLASSES as tm_classes_
from pairing.knockout import services as knockout
from tests.conftest import login
from tests.judo.test_team_matches import ATHLETES

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def team_day(user, n=2):
    """A published day with a mixed team category of `n` teams, seeded in the order entered,
    drawn, on mat 1."""
    cup = service.create_competition(user, {"name": "Team Cup", "mats": 1})
    category = teams.create_team_category(user, cup, sex=Category.Sex.MIXED, age_group="Seniors")
    for i, country in enumerate(["FIN", "SWE", "NOR", "DEN"][:n]):
        team = teams.add_team(
            user, category, {"name": f"Team {country}", "club": f"Club {i}", "federation": country}
        )
        for name, sex, weight in ATHLETES:
            teams.add_member(user, team, name=f"{name} {country}", sex=sex, weight=Decimal(weight))
    entered = category.tournament.entries.order_by("pk")
    knockout.set_seeds(user, category.tournament, {e.pk: n for n, e in enumerate(entered, 1)})
    service.draw_all(user, cup)  # seeded 1 and 2: the two teams meet in the final
    cup.refresh_from_db()
    mats.assign_mats(user, cup, {category.pk: 1}, seen=cup.version)
    cup.refresh_from_db()
    cup = service.set_published(user, cup, True, seen=cup.version)
    return cup, Category.objects.get(pk=category.pk)


def _match(category):
    sheet = knockout.sheet(category.tournament)
    return next(ms for ms in sheet.state.matches if ms.status == "ready").match.id


def _seen(match):
    return LiveScore.objects.filter(match=match).values_list("version", flat=True).first() or 0


def test_an_arbiter_adds_a_mixed_team_category_from_the_team_events_page(client, anna):
    cup = service.create_competition(anna, {"name": "Team Cup", "mats": 1})
    login(client, anna)
    url = reverse("competition_teams", args=[cup.pk])
    page = client.get(url)
    assert page.status_code == 200 and "Add the team category" in page.text
    answer = client.post(
        url,
        {
            "sex": "X",
            "age_group": "Seniors",
            "classes": "",
            "order": "fixed",
            "one_up": "on",
            "tie_break": "ijf",
        },
    )
    category = Category.objects.get(competition=cup, team=True)
    assert answer.status_code == 302
    assert category.team_event.classes == ["F-57", "M-73", "F-70", "M-90", "F+70", "M+90"]
    bad = client.post(
        url,
        {
            "sex": "M",
            "age_group": "Cadets",
            "classes": "M-73 F-57",
            "order": "fixed",
            "tie_break": "ijf",
        },
    )
    assert bad.status_code == 200 and "single-sex team has classes of its sex only" in bad.text


def test_teams_and_athletes_are_entered_and_weighed_on_the_category_page(client, anna):
    cup = service.create_competition(anna, {"name": "Team Cup", "mats": 1})
    category = teams.create_team_category(anna, cup, sex="X", age_group="Seniors")
    login(client, anna)
    url = reverse("team_category", args=[cup.pk, category.pk])
    client.post(url, {"add": "team", "name": "Team FIN", "federation": "fin"})
    team = category.tournament.entries.get()
    assert team.federation == "FIN"
    client.post(url, {"add": "member", "team": team.pk, "name": "Anna", "sex": "F", "weight": ""})
    member = TeamMember.objects.get()
    assert member.weight is None
    client.post(url, {"add": "weight", "member": member.pk, "weight": "56,5"})
    page = client.get(url)
    member.refresh_from_db()
    assert member.weight == Decimal("56.5") and "F-57" in page.text
    refused = client.post(
        url, {"add": "weight", "member": member.pk, "weight": "9999"}, follow=True
    )
    assert refused.status_code == 200 and "between" in refused.text


def test_a_lineup_is_saved_from_its_page_and_an_ineligible_one_refused(client, anna):
    cup, category = team_day(anna)
    match = _match(category)
    current = teams.match_of(category, match)
    login(client, anna)
    url = reverse("team_lineup", args=[cup.pk, category.pk, match])
    assert client.get(url).status_code == 200
    members = {m.name.split()[0]: m.pk for m in current.a.team_members.all()}
    form = {
        "side": "a",
        "seen": 0,
        "class-F-57": members["Anna"],
        "class-M-73": members["Bo"],
        "class-F-70": members["Cia"],
        "class-M-90": members["Dan"],
        "class-F+70": members["Eva"],
        "class-M+90": members["Dan"],
    }
    refused = client.post(url, form)
    assert "twice" in refused.text
    client.post(url, {**form, "class-M+90": members["Finn"]})
    assert teams.match_of(category, match).row.lineups_in == "a"
    stale = client.post(url, {**form, "side": "b", "seen": 0})
    assert "changed from another page" in stale.text
    junk = client.post(url, {**form, "seen": "x"})
    assert junk.status_code == 200


def test_a_team_match_is_scored_bout_by_bout_on_the_mat_page_to_the_medal_table(client, anna):
    cup, category = team_day(anna)
    match = _match(category)
    current = teams.match_of(category, match)
    for side, team in (("a", current.a), ("b", current.b)):
        m = {x.name.split()[0]: x.pk for x in team.team_members.all()}
        lineup = dict(
            zip(
                teams.bout_order(category.team_event),
                [m[k] for k in ("Anna", "Bo", "Cia", "Dan", "Eva", "Finn")],
                strict=True,
            )
        )
        teams.set_lineup(anna, category, match, side, lineup, seen=0 if side == "a" else 1)
    login(client, anna)
    page = client.get(reverse("mat", args=[cup.pk, 1]))
    assert 'id="team-score"' in page.text and f"Anna {current.a.federation}" in page.text
    score, confirm = (
        reverse("mat_score", args=[cup.pk, 1]),
        reverse("mat_confirm", args=[cup.pk, 1]),
    )
    for _ in range(4):
        seen = _seen(match)
        form = {"category": category.pk, "match": match, "seen": seen}
        client.post(score, {**form, "action": "a:ippon"}, headers=HTMX)
        answer = client.post(confirm, {**form, "seen": seen + 1}, headers=HTMX)
        assert "is confirmed" in answer.text
    assert 'id="team-wins-white">4<' in answer.text and "Confirm the match result" in answer.text
    public = client.get(reverse("public_mat", args=[cup.pk, 1]))
    assert 'id="public-team-score"' in public.text and "Team " in public.text
    stale = client.post(confirm, {"category": category.pk, "match": match, "seen": 0}, headers=HTMX)
    assert "changed from another page" in stale.text
    done = client.post(
        confirm, {"category": category.pk, "match": match, "seen": _seen(match)}, headers=HTMX
    )
    assert f"{current.a.name} wins" in done.text
    medals = client.get(reverse("public_competition_medals", args=[cup.pk]) + "?by=country")
    assert current.a.federation in medals.text and current.b.federation in medals.text
    by_team = client.get(reverse("public_competition_medals", args=[cup.pk]) + "?by=team")
    assert current.a.name in by_team.text and current.b.name in by_team.text
    desk = client.get(reverse("competition_results", args=[cup.pk]) + "?by=team")
    assert desk.status_code == 200 and 'id="medal-table-team"' in desk.text
    csv = client.get(reverse("competition_medals_csv", args=[cup.pk]) + "?by=team")
    assert current.a.name in csv.content.decode()
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {"team.lineup", "team.bout", "team.match", "bout.score"} <= actions


def test_an_individual_category_page_refuses_no_team_post_and_a_team_post_wants_its_lineups(
    client, anna
):
    cup, category = team_day(anna)
    match = _match(category)
    login(client, anna)
    page = client.get(reverse("mat", args=[cup.pk, 1]))
    assert "waits for its line-ups" in page.text
    answer = client.post(
        reverse("mat_score", args=[cup.pk, 1]),
        {"category": category.pk, "match": match, "seen": 0, "action": "a:ippon"},
        headers=HTMX,
    )
    assert "waits for both line-ups" in answer.text


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_the_team_pages_answer_damaged_posts_without_a_server_error(client, anna, data):
    """The category page's three forms and the line-up form, fed random and damaged fields:
    a page or a redirect, never a 500."""
    if not Category.objects.filter(team=True).exists():
        team_day(anna)
    category = Category.objects.get(team=True)
    match = _match(category)
    login(client, anna)
    text = st.one_of(st.sampled_from(["", "1", "x", "56,5", "-1", "F", "M"]), st.text(max_size=12))
    ids = [str(pk) for pk in TeamMember.objects.values_list("pk", flat=True)[:3]]
    cat = reverse("team_category", args=[category.competition_id, category.pk])
    form = {
        "add": data.draw(st.sampled_from(["team", "member", "weight", "", "x"])),
        "name": data.draw(text),
        "federation": data.draw(text),
        "team": data.draw(st.one_of(text, st.sampled_from(ids))),
        "member": data.draw(st.one_of(text, st.sampled_from(ids))),
        "sex": data.draw(text),
        "weight": data.draw(text),
    }
    assert client.post(cat, form).status_code in (200, 302)
    url = reverse("team_lineup", args=[category.competition_id, category.pk, match])
    lineup = {
        f"class-{code}": data.draw(st.one_of(text, st.sampled_from(ids))) for code in tm_classes_
    }
    lineup |= {"side": data.draw(st.sampled_from(["a", "b", "", "c"])), "seen": data.draw(text)}
    assert client.post(url, lineup).status_code in (200, 302)
