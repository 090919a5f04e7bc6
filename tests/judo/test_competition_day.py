"""A judo competition day through its services: categories, entries, weigh-in, the draw of every
category, mats, the table's score, placings and the medal table."""

from decimal import Decimal

import pytest

from arbiter.core.models import AuditEntry, Entry, TournamentArbiter
from judo.models import Competition, LiveScore
from judo.services import competition as service
from judo.services import mats
from pairing.engines import knockout as ko
from pairing.rounds.services import ConfirmationNeeded
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

CLUBS = ["Ippon Club", "Tatami", "Kodokan", "Budokai"]


@pytest.fixture
def ulla():
    """Ulla runs the competition table."""
    return UserFactory(username="ulla")


@pytest.fixture
def cup(ulla):
    return service.create_competition(
        ulla, {"name": "Autumn Cup", "mats": 2, "rest_minutes": 10, "bout_minutes": Decimal(4)}
    )


def _enter(ulla, category, names, year=2000):
    return [
        service.enter(
            ulla,
            category,
            {"name": n, "club": CLUBS[i % 4], "federation": "FIN", "birth_year": year},
        )
        for i, n in enumerate(names)
    ]


def test_a_category_is_a_knockout_tournament_run_by_the_competitions_arbiters(ulla, cup):
    vilma = UserFactory(username="vilma")
    cup.arbiters.add(vilma)
    category = service.add_category(
        ulla, cup, sex="M", age_group="Seniors", weight_limit=Decimal(73)
    )
    assert category.tournament.system == "knockout"
    assert category.label == "Men Seniors -73 kg"
    roles = dict(
        TournamentArbiter.objects.filter(tournament=category.tournament).values_list(
            "user__username", "role"
        )
    )
    assert roles == {"ulla": "chief", "vilma": "deputy"}


def test_the_ijf_weight_classes_are_added_once(ulla, cup):
    assert len(service.add_weight_classes(ulla, cup, "F", "Seniors")) == 7
    assert service.add_weight_classes(ulla, cup, "F", "Seniors") == []


def test_a_weight_lands_in_the_lightest_class_that_takes_it_else_the_open_class(ulla, cup):
    service.add_weight_classes(ulla, cup, "M", "Seniors")
    assert service.category_for(cup, "M", 1990, Decimal("73.0")).weight_limit == 73
    assert service.category_for(cup, "M", 1990, Decimal("73.1")).weight_limit == 81
    assert service.category_for(cup, "M", 1990, Decimal("120")).weight_limit is None
    assert service.category_for(cup, "F", 1990, Decimal("50")) is None


def test_the_year_of_birth_chooses_the_age_group(ulla, cup):
    service.add_category(
        ulla, cup, sex="M", age_group="U18", weight_limit=Decimal(60), born_from=2009
    )
    service.add_category(
        ulla, cup, sex="M", age_group="Seniors", weight_limit=Decimal(60), born_to=2008
    )
    assert service.category_for(cup, "M", 2010, Decimal(55)).age_group == "U18"
    assert service.category_for(cup, "M", 1999, Decimal(55)).age_group == "Seniors"


def test_over_the_limit_at_the_weigh_in_nothing_moves_until_the_arbiter_decides(ulla, cup):
    light, heavy = (
        service.add_category(ulla, cup, sex="M", age_group="Seniors", weight_limit=w)
        for w in (Decimal(66), Decimal(73))
    )
    (aki,) = _enter(ulla, light, ["Aki"])
    weighed = service.weigh_in(ulla, aki, Decimal("66.4"))
    assert weighed.over and weighed.lands_in == heavy
    assert Entry.objects.get(pk=aki.pk).tournament == light.tournament
    service.move_entry(ulla, aki, heavy)
    assert Entry.objects.get(pk=aki.pk).tournament == heavy.tournament
    assert service.weigh_in(ulla, aki, Decimal("66.4")).over is False


def test_drawing_every_category_asks_before_putting_out_those_who_did_not_weigh_in(ulla, cup):
    category = service.add_category(
        ulla, cup, sex="F", age_group="Seniors", weight_limit=Decimal(57)
    )
    ada, bea, cia = _enter(ulla, category, ["Ada", "Bea", "Cia"])
    for entry in (ada, bea):
        service.weigh_in(ulla, entry, Decimal(56))
    with pytest.raises(ConfirmationNeeded) as asked:
        service.draw_all(ulla, cup)
    assert asked.value.lost == ["Cia (Women Seniors -57 kg)"]
    report = service.draw_all(ulla, cup, confirm=True)
    assert report.drawn == (category,) and [e.name for e in report.out] == ["Cia"]
    assert Entry.objects.get(pk=cia.pk).withdrawn


def _drawn_day(ulla, cup, sizes=(4, 3)):
    categories = []
    for limit, size in zip((60, 66), sizes, strict=True):
        category = service.add_category(
            ulla, cup, sex="M", age_group="Seniors", weight_limit=Decimal(limit)
        )
        for entry in _enter(ulla, category, [f"M{limit}-{i}" for i in range(size)]):
            service.weigh_in(ulla, entry, Decimal(limit - 1))
        categories.append(category)
    service.draw_all(ulla, cup)
    cup.refresh_from_db()
    mats.assign_mats(ulla, cup, {categories[0].pk: 1, categories[1].pk: 2}, seen=cup.version)
    cup.refresh_from_db()
    for category in categories:
        category.refresh_from_db()
    return categories


def test_each_mat_calls_the_bouts_of_its_categories(ulla, cup):
    small, pool = _drawn_day(ulla, cup)
    today = mats.day(cup)
    assert {c.category for c in today.order(1)} == {small}
    assert {c.category for c in today.order(2)} == {pool}
    assert len(today.order(2)) == 3  # a pool of three: everyone meets everyone
    now, after = today.now_and_next(2)
    assert now.ready and after.ready and now.position < after.position


def test_the_table_scores_in_two_taps_and_the_winner_goes_on(ulla, cup):
    small, _ = _drawn_day(ulla, cup)
    now, _ = mats.day(cup).now_and_next(1)
    mats.score(ulla, small, now.match.match.id, "a:ippon", seen=0)
    winner = mats.confirm(ulla, small, now.match.match.id, seen=1)
    assert winner == now.white
    sheet = mats.day(cup).sheets[small.pk]
    assert sheet.fought[now.match.match.id].score == "2025 aI"
    assert not LiveScore.objects.exists()
    assert AuditEntry.objects.filter(action="bout.score").count() == 1


def test_a_score_from_a_stale_page_is_refused(ulla, cup):
    small, _ = _drawn_day(ulla, cup)
    now, _ = mats.day(cup).now_and_next(1)
    mats.score(ulla, small, now.match.match.id, "b:waza-ari", seen=0)
    with pytest.raises(service.CompetitionError, match="changed from another page"):
        mats.score(ulla, small, now.match.match.id, "b:waza-ari", seen=0)
    with pytest.raises(service.CompetitionError, match="decides no winner"):
        mats.confirm(ulla, small, now.match.match.id, seen=1)


def test_the_medal_table_counts_every_finished_category(ulla, cup):
    small, pool = _drawn_day(ulla, cup, sizes=(2, 3))
    for category in (small, pool):
        for _ in range(5):
            now = next((c for c in mats.day(cup).order(category.mat) if c.ready), None)
            if now is None:
                break
            mats.score(ulla, category, now.match.match.id, "a:ippon", seen=now.version)
            mats.confirm(ulla, category, now.match.match.id, seen=now.version + 1)
    today = mats.day(cup)
    table = today.medal_table("club")
    assert sum(row.gold for row in table) == 2
    assert sum(row.silver for row in table) == 2
    assert all(isinstance(row, ko.MedalRow) for row in table)


def test_when_do_i_fight_names_the_mat_and_the_bout(ulla, cup):
    _drawn_day(ulla, cup)
    today = mats.day(cup)
    now, _ = today.now_and_next(1)
    call = today.when(now.white)
    assert call.certain and call.scheduled.mat == 1 and call.scheduled.bout == now.match.match.id
    assert Competition.objects.get(pk=cup.pk).version > 0
