"""Judo seeds are not lost (issue 15): a refused seeding keeps the arbiter's choice with the
clashes marked, saving it fixed is saved and says so, the draw takes the seeds the page shows,
and a draw can be undone (confirmed) while no match is fought."""

import pytest
from django.urls import reverse

from arbiter.core.models import AuditEntry
from arbiter.core.systems import System
from pairing.knockout import services as service
from pairing.rounds.services import ConfirmationNeeded, StaleDraft, draft_token
from tests.conftest import login
from tests.factories import EntryFactory, TournamentFactory

CLUBS = ["Oslo JK", "Bergen Judo", "Trondheim JK", "Stavanger JK", "Tromsø JK"]
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def cup(anna):
    cup = TournamentFactory(name="Judo Cup -81 kg", system=System.KNOCKOUT, chief=anna)
    for n in range(20):
        EntryFactory(tournament=cup, name=f"Judoka {n:02d}, Test", club=CLUBS[n % 5], rating=0)
    return cup


def url(name, cup):
    return reverse(name, args=[cup.pk])


def shown(cup):
    return draft_token(service.bracket_of(cup))


def judoka(cup):
    return list(cup.entries.order_by("name"))


def seeding(cup, *seeds):
    """The seeding form as posted: the first competitors get ``seeds``, the others none."""
    form = {f"seed-{e.pk}": "" for e in judoka(cup)}
    form.update({f"seed-{e.pk}": str(s) for e, s in zip(judoka(cup), seeds, strict=False)})
    return form


def selected(html: str, entry) -> str:
    """The seed the page's select shows for ``entry``."""
    select = html[html.index(f'name="seed-{entry.pk}"') :]
    select = select[: select.index("</select>")]
    marker = select.find(" selected>")
    return "" if marker < 0 else select[:marker].rsplit('value="', 1)[1].split('"')[0]


@pytest.mark.parametrize("headers", [HTMX, {}])
def test_a_duplicate_seed_keeps_the_arbiters_choice_and_marks_the_clash(client, anna, cup, headers):
    login(client, anna)
    client.get(url("bracket", cup))
    data = {**seeding(cup, 1, 2, 3, 3), "seen": shown(cup)}
    html = client.post(url("bracket_seeds", cup), data, **headers).content.decode()
    assert "seed 3 is given twice" in html
    first, second, third, fourth, *_ = judoka(cup)
    assert [selected(html, e) for e in (first, second, third, fourth)] == ["1", "2", "3", "3"]
    assert html.count('class="duplicate-seed"') == 2
    assert "not saved yet" in html
    assert service.bracket_of(cup).seeds == {}


def test_after_a_refusal_the_fixed_seeds_are_saved_and_the_page_says_which(client, anna, cup):
    login(client, anna)
    client.get(url("bracket", cup))
    refused = {**seeding(cup, 1, 2, 3, 3), "seen": shown(cup)}
    html = client.post(url("bracket_seeds", cup), refused, **HTMX).content.decode()
    seen = html.split('name="seen" value="')[1].split('"')[0]
    fixed = {**seeding(cup, 1, 2, 3, 4), "seen": seen}
    html = client.post(url("bracket_seeds", cup), fixed, **HTMX).content.decode()
    first, second, third, fourth, *_ = judoka(cup)
    assert service.bracket_of(cup).seeds == {
        str(first.pk): 1,
        str(second.pk): 2,
        str(third.pk): 3,
        str(fourth.pk): 4,
    }
    assert f"Saved seeds: 1 {first.name}; 2 {second.name}; 3 {third.name}" in html


def test_the_draw_takes_the_seeds_the_page_shows_even_unsaved(client, anna, cup):
    login(client, anna)
    client.get(url("bracket", cup))
    data = {**seeding(cup, 1, 2, 3, 4), "random_seed": "9", "seen": shown(cup)}
    html = client.post(url("bracket_draw", cup), data, **HTMX).content.decode()
    bracket = service.bracket_of(cup)
    assert sorted(bracket.seeds.values()) == [1, 2, 3, 4]
    first, second, *_ = judoka(cup)
    half = len(bracket.slots) // 2
    assert (bracket.slots.index(first.pk) < half) != (bracket.slots.index(second.pk) < half)
    assert f"seeds: 1 {first.name}; 2 {second.name}" in html


def test_the_draw_with_a_duplicate_seed_draws_nothing_and_says_why(client, anna, cup):
    login(client, anna)
    client.get(url("bracket", cup))
    data = {**seeding(cup, 1, 1), "seen": shown(cup)}
    html = client.post(url("bracket_draw", cup), data, **HTMX).content.decode()
    assert "seed 1 is given twice" in html
    assert not service.bracket_of(cup).slots


def test_undoing_the_draw_asks_first_then_goes_back_to_seeding(client, anna, cup):
    login(client, anna)
    first = judoka(cup)[0]
    service.set_seeds(anna, cup, {first.pk: 1})
    service.draw_bracket(anna, cup, random_seed=4)
    html = client.get(url("bracket", cup)).content.decode()
    assert "Undo the draw" in html
    asked = client.post(url("bracket_undraw", cup), {"seen": shown(cup)}, **HTMX)
    assert "Undoing the draw removes the bracket drawn" in asked.content.decode()
    assert service.bracket_of(cup).slots
    done = client.post(url("bracket_undraw", cup), {"seen": shown(cup), "confirm": "yes"}, **HTMX)
    html = done.content.decode()
    assert not service.bracket_of(cup).slots
    assert service.bracket_of(cup).seeds == {str(first.pk): 1}
    assert selected(html, first) == "1" and "Save the seeds" in html
    assert AuditEntry.objects.filter(tournament=cup, action="bracket.undraw").exists()


def test_a_draw_cannot_be_undone_once_a_match_is_fought(client, anna, cup):
    service.draw_bracket(anna, cup, random_seed=4)
    ready = service.sheet(cup).state.ready()[0]
    service.record_bout(anna, cup, ready.match.id, int(ready.a))
    login(client, anna)
    assert "Undo the draw" not in client.get(url("bracket", cup)).content.decode()
    with pytest.raises(service.BracketError, match="the draw stands"):
        service.undo_draw(anna, cup, confirm=True)


def test_undoing_the_draw_from_a_stale_page_is_refused(anna, cup):
    service.draw_bracket(anna, cup, random_seed=4)
    before = shown(cup)
    service.draw_bracket(anna, cup, random_seed=5, confirm=True)
    with pytest.raises(StaleDraft, match="drawn again"):
        service.undo_draw(anna, cup, seen=before, confirm=True)
    with pytest.raises(ConfirmationNeeded):
        service.undo_draw(anna, cup, seen=shown(cup))
    assert service.bracket_of(cup).random_seed == 5
