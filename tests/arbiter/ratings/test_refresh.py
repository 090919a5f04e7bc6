"""The refresh before round 1: every entry with a FIDE id against FIDE's list in force, applied
in one confirmed, audited action that a stale page or a second press cannot repeat
(arbiter/ratings/refresh.py; docs/ratings.md, "Lookup and refresh")."""

import datetime

import pytest
from django.urls import reverse

from arbiter.core.models import AuditEntry, Entry, Round
from arbiter.core.services import entries as entry_service
from arbiter.ratings import refresh
from tests.factories import EntryFactory, ListedPlayerFactory, RatingListFactory, RoundFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def entered(bergen_open, fide_november):
    """The Bergen Open (starting 20 November 2026) with four players as typed in October:
    Carlsen at 2830 as number 1, Haugen without her title at 2210, Moen at 1850 (the list
    agrees), a player the list does not hold, and one without a FIDE id."""
    bergen_open.start_date = datetime.date(2026, 11, 20)
    bergen_open.save()
    make = EntryFactory
    return {
        "carlsen": make(tournament=bergen_open, name="Carlsen, Magnus", fide_id=1503014,
                        rating=2830, title="GM", k_factor=10, starting_number=1),
        "haugen": make(tournament=bergen_open, name="Haugen, Sofia", fide_id=1504321,
                       rating=2210, starting_number=2),
        "moen": make(tournament=bergen_open, name="Moen, Jon", fide_id=1509999, rating=1850,
                     k_factor=20, starting_number=3),
        "stranger": make(tournament=bergen_open, name="Stranger, A", fide_id=77777,
                         rating=1500, starting_number=4),
        "local": make(tournament=bergen_open, name="Local, B", rating=1400, starting_number=5),
    }  # fmt: skip


def changes(plan) -> dict[str, dict[str, tuple]]:
    return {e.name: {c.field: (c.before, c.after) for c in e.changes} for e in plan.entries}


def test_the_plan_shows_every_change_the_list_makes(bergen_open, entered):
    plan = refresh.plan(bergen_open)
    assert plan.month == "2026-11"
    assert changes(plan) == {
        "Carlsen, Magnus": {"rating": (2830, 2839)},
        "Haugen, Sofia": {"rating": (2210, 2224), "k_factor": (None, 20), "title": ("", "WIM")},
    }
    assert plan.not_in_list == ((entered["stranger"].pk, "Stranger, A", 77777),)
    assert plan.without_id == 1


def test_applying_changes_every_entry_at_once_and_audits_each(bergen_open, entered, anna):
    plan = refresh.plan(bergen_open)
    refresh.apply_refresh(anna, bergen_open, plan.seen)
    carlsen, haugen = (Entry.objects.get(pk=entered[n].pk) for n in ("carlsen", "haugen"))
    assert (carlsen.rating, haugen.rating, haugen.title, haugen.k_factor) == (2839, 2224, "WIM", 20)
    audit = AuditEntry.objects.get(action="entry.refresh")
    assert audit.user == anna
    assert audit.summary == "Refreshed 2 players from the FIDE list of 2026-11"
    assert audit.before["Haugen, Sofia (1504321)"] == {
        "entry": haugen.pk, "rating": 2210, "k_factor": None, "title": ""
    }  # fmt: skip
    assert audit.after["list"] == "2026-11" and audit.after["rating_type"] == "standard"
    assert audit.after["Carlsen, Magnus (1503014)"] == {"entry": carlsen.pk, "rating": 2839}
    assert refresh.plan(bergen_open).entries == ()  # nothing left to refresh


def test_starting_numbers_follow_the_new_ratings(bergen_open, entered, anna, fide_november):
    ListedPlayerFactory(rating_list=fide_november, fide_id=77777, name="Stranger, A", standard=2900)
    refresh.apply_refresh(anna, bergen_open, refresh.plan(bergen_open).seen)
    assert Entry.objects.get(pk=entered["stranger"].pk).starting_number == 1


def test_a_rapid_event_takes_the_rapid_rating_or_the_standard_one(bergen_open, entered, anna):
    bergen_open.rating_type = "rapid"
    bergen_open.save()
    plan = refresh.plan(bergen_open)
    assert changes(plan)["Carlsen, Magnus"] == {"rating": (2830, 2820)}
    haugen = next(e for e in plan.entries if e.name == "Haugen, Sofia")
    assert haugen.standard_used  # B.02 7.2.1: no rapid rating, her standard one counts
    assert {c.field: c.after for c in haugen.changes} == {"rating": 2224, "title": "WIM"}


def test_an_unrated_player_keeps_the_arbiters_estimate(bergen_open, entered, fide_november):
    ListedPlayerFactory(rating_list=fide_november, fide_id=77777, name="Stranger, A",
                        standard=None, standard_k=None)  # fmt: skip
    plan = refresh.plan(bergen_open)
    assert "Stranger, A" not in changes(plan) and not plan.not_in_list


def test_a_page_shown_before_a_player_changed_applies_nothing(bergen_open, entered, anna):
    seen = refresh.plan(bergen_open).seen
    entry_service.update_entry(anna, entered["moen"], {"name": "Moen, Jon", "rating": 1860})
    with pytest.raises(refresh.RefreshRefused, match="changed since the page was shown"):
        refresh.apply_refresh(anna, bergen_open, seen)
    assert Entry.objects.get(pk=entered["carlsen"].pk).rating == 2830
    assert not AuditEntry.objects.filter(action="entry.refresh").exists()


def test_a_page_shown_before_a_new_list_came_in_applies_nothing(bergen_open, entered, anna):
    """The Bergen Open starts on 5 December: the page read November's list, then December's
    was imported (while it was importing, nothing changed)."""
    bergen_open.start_date = datetime.date(2026, 12, 5)
    bergen_open.save()
    seen = refresh.plan(bergen_open).seen
    december = RatingListFactory(month=datetime.date(2026, 12, 1), state="importing")
    ListedPlayerFactory(rating_list=december, fide_id=1503014, name="Carlsen, Magnus",
                        title="GM", standard=2845, standard_k=10)  # fmt: skip
    assert refresh.plan(bergen_open).seen == seen
    december.state = "complete"
    december.save()
    with pytest.raises(refresh.RefreshRefused, match="Check again"):
        refresh.apply_refresh(anna, bergen_open, seen)
    assert Entry.objects.get(pk=entered["carlsen"].pk).rating == 2830


def test_a_second_press_applies_once(bergen_open, entered, anna):
    seen = refresh.plan(bergen_open).seen
    refresh.apply_refresh(anna, bergen_open, seen)
    with pytest.raises(refresh.RefreshRefused):
        refresh.apply_refresh(anna, bergen_open, seen)
    assert AuditEntry.objects.filter(action="entry.refresh").count() == 1


@pytest.mark.parametrize(
    ("state", "said"),
    [
        (Round.State.DRAFT, "Delete the draft of round 1"),
        (Round.State.PUBLISHED, "Round 1 is paired"),
    ],
)
def test_after_round_1_is_paired_the_refresh_is_refused(bergen_open, entered, anna, state, said):
    seen = refresh.plan(bergen_open).seen
    RoundFactory(tournament=bergen_open, number=1, state=state)
    assert said in refresh.refresh_refused(bergen_open)
    with pytest.raises(refresh.RefreshRefused, match=said):
        refresh.apply_refresh(anna, bergen_open, seen)
    assert Entry.objects.get(pk=entered["carlsen"].pk).rating == 2830


def test_without_a_list_there_is_nothing_to_apply(bergen_open, anna):
    plan = refresh.plan(bergen_open)
    assert plan.rating_list is None
    with pytest.raises(refresh.RefreshRefused, match="No FIDE rating list is loaded"):
        refresh.apply_refresh(anna, bergen_open, plan.seen)


# --- the page ------------------------------------------------------------------------------------


def page_url(tournament):
    return reverse("players_refresh", args=[tournament.pk])


def test_the_page_shows_the_diff_and_applies_it(anna_client, bergen_open, entered):
    body = anna_client.get(page_url(bergen_open)).content.decode()
    assert "FIDE list of 2026-11" in body
    assert "Rating: <del>2830</del> → <ins>2839</ins>" in body
    assert "K-factor: <del>—</del> → <ins>20</ins>" in body
    assert "Title: <del>—</del> → <ins>WIM</ins>" in body
    assert "Stranger, A</a> (77777)" in body and "1 player has no FIDE id" in body
    seen = refresh.plan(bergen_open).seen
    assert f'value="{seen}"' in body
    response = anna_client.post(page_url(bergen_open), {"seen": seen})
    assert response.status_code == 302 and response["Location"] == reverse(
        "players", args=[bergen_open.pk]
    )
    assert Entry.objects.get(pk=entered["carlsen"].pk).rating == 2839
    players = anna_client.get(response["Location"]).content.decode()
    assert "2 players refreshed from the FIDE list of 2026-11." in players


def test_a_stale_page_is_refused_and_shows_the_diff_as_it_stands(
    anna_client, bergen_open, entered, anna
):
    seen = refresh.plan(bergen_open).seen
    entry_service.update_entry(
        anna, entered["carlsen"], {"name": "Carlsen, Magnus", "rating": 2839}
    )
    response = anna_client.post(page_url(bergen_open), {"seen": seen})
    body = response.content.decode()
    assert response.status_code == 200
    assert "The list or the players changed since the page was shown" in body
    assert "Carlsen" not in body.split('id="refresh-changes"')[1].split("</table>")[0]
    bergen_open.refresh_from_db()
    assert f'value="{refresh.plan(bergen_open).seen}"' in body
    assert Entry.objects.get(pk=entered["haugen"].pk).rating == 2210


def test_a_double_press_of_the_same_form_applies_once(anna_client, bergen_open, entered):
    form = {"seen": refresh.plan(bergen_open).seen, "once": "7d9f6a52-0b7c-4a57-9a3e-6f1c3b2d4e5f"}
    anna_client.post(page_url(bergen_open), form)
    second = anna_client.post(page_url(bergen_open), form, follow=True)
    assert "That form was already sent; it was acted on once." in second.content.decode()
    assert AuditEntry.objects.filter(action="entry.refresh").count() == 1


def test_after_round_1_the_page_says_why(anna_client, bergen_open, entered):
    RoundFactory(tournament=bergen_open, number=1, state=Round.State.PUBLISHED)
    body = anna_client.get(page_url(bergen_open)).content.decode()
    assert "Round 1 is paired: the ratings of the list are taken before round 1 only" in body
    assert 'id="refresh-apply"' not in body


def test_the_players_page_links_the_refresh_before_round_1_only(anna_client, bergen_open, entered):
    players = reverse("players", args=[bergen_open.pk])
    assert page_url(bergen_open) in anna_client.get(players).content.decode()
    RoundFactory(tournament=bergen_open, number=1, state=Round.State.PUBLISHED)
    bergen_open.status = "running"
    bergen_open.save()
    assert page_url(bergen_open) not in anna_client.get(players).content.decode()


def test_the_refresh_is_for_the_tournaments_arbiters_only(
    client, boris_client, bergen_open, entered
):
    seen = refresh.plan(bergen_open).seen
    assert boris_client.get(page_url(bergen_open)).status_code == 403
    assert boris_client.post(page_url(bergen_open), {"seen": seen}).status_code == 403
    client.logout()
    assert client.post(page_url(bergen_open), {"seen": seen}).status_code == 302
    assert Entry.objects.get(pk=entered["carlsen"].pk).rating == 2830
