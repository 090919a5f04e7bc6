"""The demo data the README's run command loads."""

import pytest
from django.core.management import call_command

from arbiter.core.models import Round, Tournament
from arbiter.core.systems import System
from judo.models import Competition

pytestmark = pytest.mark.django_db


def test_the_demo_has_one_published_tournament_per_system_with_players():
    call_command("load_demo", stdout=None)
    tournaments = Tournament.objects.filter(category=None)
    assert sorted(t.system for t in tournaments) == sorted(System.values)
    for tournament in tournaments:
        assert tournament.is_published
        assert tournament.entries.count() >= 10
        assert tournament.staff.get().user.username == "arbiter"


@pytest.mark.slow
def test_loading_the_demo_twice_changes_nothing():
    call_command("load_demo")
    call_command("load_demo")
    assert Tournament.objects.filter(category=None).count() == len(System.values)
    assert Competition.objects.count() == 1


@pytest.mark.slow
def test_the_demo_arbiter_can_log_in(client):
    call_command("load_demo")
    assert client.login(username="arbiter", password="demo-arbiter")


@pytest.mark.slow
def test_the_demo_round_robin_has_drawn_its_numbers_and_has_its_rounds():
    call_command("load_demo")
    round_robin = Tournament.objects.get(system=System.ROUND_ROBIN)
    assert round_robin.lot_drawing.confirmed_at is not None
    assert round_robin.rounds.count() == 9
    assert list(round_robin.rounds.values_list("state", flat=True)[:5]) == [
        "complete",
        "complete",
        "complete",
        "complete",
        "published",
    ]


@pytest.mark.slow
def test_the_demo_swiss_has_three_rounds_played_and_the_fourth_as_a_draft():
    call_command("load_demo")
    swiss = Tournament.objects.get(system=System.SWISS_DUTCH)
    states = list(swiss.rounds.order_by("number").values_list("state", flat=True))
    assert states == ["complete", "complete", "complete", "draft"]


@pytest.mark.slow
def test_every_demo_swiss_round_pairs_identically_from_its_trf_export():
    from pairing.engines.dutch import pair_trf
    from pairing.swiss.trf.export import tournament_trf

    call_command("load_demo")
    swiss = Tournament.objects.get(system=System.SWISS_DUTCH)
    for round_ in swiss.rounds.order_by("number"):
        trf = tournament_trf(swiss, through_round=round_.number - 1, next_round=True)
        engine = [(b.white, b.black) for b in pair_trf(trf).boards]
        stored = round_.games.order_by("board").values_list(
            "white__starting_number", "black__starting_number"
        )
        assert engine == list(stored), f"round {round_.number}"


@pytest.mark.slow
def test_the_demo_monrad_has_two_club_evenings_played_and_the_third_checking_in():
    from pairing.monrad import services as monrad

    call_command("load_demo", stdout=None)
    club = Tournament.objects.get(system=System.MONRAD)
    states = list(club.rounds.order_by("number").values_list("state", flat=True))
    assert states == [Round.State.COMPLETE] * 2
    assert club.entries.filter(name="Ekström, Vera").exists()
    assert len(monrad.present_ids(club, 3)) == 5
    assert monrad.read_season(club).standing[0].points > 0


@pytest.mark.slow
def test_the_demo_judo_category_is_drawn_with_its_first_round_fought(db):
    from arbiter.desk.demo import load_demo
    from pairing.knockout import services as knockout

    load_demo()
    cup = Tournament.objects.get(system=System.KNOCKOUT, category=None)
    sheet = knockout.sheet(cup)
    assert sheet.bracket.random_seed == 2026
    assert sheet.bracket.bouts.exists() and sheet.state.ready()


@pytest.mark.slow
def test_the_demo_competition_has_six_categories_on_two_mats_with_bouts_fought(db):
    from arbiter.desk.demo import load_demo
    from judo.services import mats

    load_demo()
    cup = Competition.objects.get()
    today = mats.day(cup)
    assert cup.is_published and len(today.categories) == 6
    assert {c.mat for c in today.categories} == {1, 2}
    assert all(today.sheets[c.pk].state is not None for c in today.categories)
    assert sum(len(today.sheets[c.pk].fought) for c in today.categories) >= 3
    assert today.live  # a bout in golden score, being fought
    kept = [b.score for c in today.categories for b in today.sheets[c.pk].fought.values()]
    assert "2025 bS bY T" in kept  # a bout won by a yuko (IJF 2025, the competition's rules)


@pytest.mark.slow
def test_the_demo_judo_categories_hold_names_of_their_sex():
    """Women's first names in the women's categories, men's in the men's and in the standalone
    men's -73 kg bracket (issue 26)."""
    from arbiter.core.models import Entry
    from arbiter.desk.demo import is_womans

    call_command("load_demo")
    judo = Entry.objects.filter(tournament__system=System.KNOCKOUT).select_related(
        "tournament__category"
    )
    assert judo.count() > 30
    for entry in judo:
        category = getattr(entry.tournament, "category", None)
        women = category is not None and category.sex == "F"
        assert is_womans(entry.name) is women, (entry.name, entry.tournament.name)
        assert entry.sex == ("f" if women else "m") or category is None


def test_the_demo_event_holds_the_swiss_its_schedule_and_registrations():
    from arbiter.events.models import Event, Registration

    call_command("load_demo", stdout=None)
    event = Event.objects.get()
    swiss = Tournament.objects.get(system=System.SWISS_DUTCH)
    assert [s.tournament for s in event.sections.all()] == [swiss]
    assert event.schedule.count() == swiss.planned_rounds
    approved = event.registrations.filter(state=Registration.State.APPROVED)
    assert approved.count() == swiss.entries.count()
    assert (
        event.registrations.filter(state=Registration.State.PENDING, self_entered=True).count() == 2
    )
