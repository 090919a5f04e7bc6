"""Judo team matches through their services: a mixed team category, its teams and athletes,
line-ups checked, bouts scored to four wins, fusen-gachi, the 3-3 decider drawn reproducibly,
the bracket with repechage for eight teams and the medals (docs/competition.md "Team
matches")."""

from decimal import Decimal

import pytest

from arbiter.core.models import AuditEntry
from judo.models import Category, LiveScore, TeamMatch
from judo.services import competition as service
from judo.services import mats, teams
from pairing.engines.knockout import team_match as tm
from pairing.knockout import services as knockout
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

#: A mixed team's athletes: (name, sex, weight), one per IJF mixed class and a spare.
ATHLETES = [
    ("Anna", "F", "56.5"),
    ("Bo", "M", "72.0"),
    ("Cia", "F", "69.0"),
    ("Dan", "M", "89.5"),
    ("Eva", "F", "80.0"),
    ("Finn", "M", "101.0"),
    ("Gus", "M", "70.0"),
]
COUNTRIES = ["FIN", "SWE", "NOR", "DEN", "EST", "LAT", "LTU", "ISL"]


@pytest.fixture
def ulla():
    """Ulla runs the competition table."""
    return UserFactory(username="ulla")


@pytest.fixture
def cup(ulla):
    return service.create_competition(ulla, {"name": "Nordic Teams", "mats": 1})


@pytest.fixture
def mixed(ulla, cup):
    return teams.create_team_category(ulla, cup, sex=Category.Sex.MIXED, age_group="Seniors")


def _team(ulla, category, name, country):
    team = teams.add_team(ulla, category, {"name": name, "federation": country})
    for athlete, sex, weight in ATHLETES:
        teams.add_member(ulla, team, name=f"{athlete} {name}", sex=sex, weight=Decimal(weight))
    return team


def _members(team):
    return {m.name.split()[0]: m for m in team.team_members.all()}


def _full_lineup(team):
    m = _members(team)
    return {
        "F-57": m["Anna"].pk,
        "M-73": m["Bo"].pk,
        "F-70": m["Cia"].pk,
        "M-90": m["Dan"].pk,
        "F+70": m["Eva"].pk,
        "M+90": m["Finn"].pk,
    }


def _drawn(ulla, cup, category, n):
    made = [_team(ulla, category, f"Team {COUNTRIES[i]}", COUNTRIES[i]) for i in range(n)]
    knockout.draw_bracket(ulla, category.tournament, random_seed=7)
    mats.assign_mats(ulla, cup, {category.pk: 1}, seen=cup.__class__.objects.get(pk=cup.pk).version)
    return made


def _first_match(category):
    sheet = knockout.sheet(category.tournament)
    return next(ms for ms in sheet.state.matches if ms.status == "ready")


def _lineups(ulla, category, match, a=None, b=None):
    current = teams.match_of(category, match)
    teams.set_lineup(ulla, category, match, "a", a or _full_lineup(current.a), seen=0)
    teams.set_lineup(ulla, category, match, "b", b or _full_lineup(current.b), seen=1)
    return teams.match_of(category, match)


def _win_bout(ulla, category, match, side):
    seen = LiveScore.objects.filter(match=match).values_list("version", flat=True).first() or 0
    teams.score(ulla, category, match, f"{side}:ippon", seen=seen)
    return teams.confirm(ulla, category, match, seen=seen + 1)


def _version(match):
    return LiveScore.objects.filter(match=match).values_list("version", flat=True).first() or 0


def test_a_mixed_team_category_has_the_ijf_classes_in_bout_order(mixed):
    assert mixed.team
    assert mixed.label == "Mixed Seniors teams"
    assert teams.bout_order(mixed.team_event) == ("F-57", "M-73", "F-70", "M-90", "F+70", "M+90")


def test_a_drawn_starting_class_is_reproducible_from_its_seed(ulla, cup):
    category = teams.create_team_category(
        ulla, cup, sex="X", age_group="Juniors", order="drawn", order_seed=12345
    )
    start = tm.draw_start(tm.MIXED_CLASSES, 12345)
    assert teams.bout_order(category.team_event)[0] == tm.MIXED_CLASSES[start]
    assert (
        "seed 12345"
        in AuditEntry.objects.get(action="team.event", tournament=category.tournament).summary
    )


def test_an_athlete_fights_in_their_weighed_class_or_one_up_and_nowhere_else(ulla, cup, mixed):
    _drawn(ulla, cup, mixed, 2)
    ms = _first_match(mixed)
    current = teams.match_of(mixed, ms.match.id)
    members = _members(current.a)
    one_up = {**_full_lineup(current.a), "M-90": members["Gus"].pk}
    assert teams.set_lineup(ulla, mixed, ms.match.id, "a", one_up, seen=0).version == 1
    two_up = {**_full_lineup(current.a), "M+90": members["Gus"].pk, "M-90": None}
    with pytest.raises(service.CompetitionError, match="weighed into M-73"):
        teams.set_lineup(ulla, mixed, ms.match.id, "a", two_up, seen=1)
    down = {**_full_lineup(current.a), "M-73": members["Dan"].pk, "M-90": None}
    with pytest.raises(service.CompetitionError, match="not in M-73"):
        teams.set_lineup(ulla, mixed, ms.match.id, "a", down, seen=1)
    twice = {**_full_lineup(current.a), "M-73": members["Gus"].pk, "M-90": members["Gus"].pk}
    with pytest.raises(service.CompetitionError, match="twice"):
        teams.set_lineup(ulla, mixed, ms.match.id, "a", twice, seen=1)


def test_without_one_up_an_athlete_fights_only_in_their_weighed_class(ulla, cup):
    category = teams.create_team_category(ulla, cup, sex="X", age_group="Cadets", one_up=False)
    _drawn(ulla, cup, category, 2)
    ms = _first_match(category)
    current = teams.match_of(category, ms.match.id)
    up = {**_full_lineup(current.a), "M-90": _members(current.a)["Gus"].pk}
    with pytest.raises(service.CompetitionError, match="fight there only"):
        teams.set_lineup(ulla, category, ms.match.id, "a", up, seen=0)


def test_a_stale_lineup_page_is_refused(ulla, cup, mixed):
    _drawn(ulla, cup, mixed, 2)
    ms = _first_match(mixed)
    current = teams.match_of(mixed, ms.match.id)
    teams.set_lineup(ulla, mixed, ms.match.id, "a", _full_lineup(current.a), seen=0)
    with pytest.raises(service.CompetitionError, match="changed from another page"):
        teams.set_lineup(ulla, mixed, ms.match.id, "b", _full_lineup(current.b), seen=0)


def test_four_wins_end_the_match_and_the_winner_goes_on_in_the_bracket(ulla, cup, mixed):
    _drawn(ulla, cup, mixed, 2)
    match = _first_match(mixed).match.id
    current = _lineups(ulla, mixed, match)
    for side in ("a", "b", "a", "a", "a"):
        _win_bout(ulla, mixed, match, side)
    current = teams.match_of(mixed, match)
    assert current.state.wins == (4, 1)
    assert current.state.winner == "a"
    assert current.state.unfought == ("M+90",)
    with pytest.raises(service.CompetitionError, match="decided"):
        teams.score(ulla, mixed, match, "a:ippon", seen=_version(match))
    done = teams.confirm(ulla, mixed, match, seen=_version(match))
    assert done.winner == current.a
    sheet = knockout.sheet(mixed.tournament)
    assert sheet.state[match].winner == str(current.a.pk)
    assert not LiveScore.objects.filter(match=match).exists()


def test_fight_all_bouts_goes_on_after_four_wins(ulla, cup):
    category = teams.create_team_category(ulla, cup, sex="X", age_group="League", fight_all=True)
    _drawn(ulla, cup, category, 2)
    match = _first_match(category).match.id
    _lineups(ulla, category, match)
    for side in ("a", "a", "a", "a"):
        _win_bout(ulla, category, match, side)
    current = teams.match_of(category, match)
    assert current.state.current.code == "F+70"
    assert current.state.winner is None


def test_an_empty_class_is_won_by_the_other_team_by_fusen_gachi(ulla, cup, mixed):
    _drawn(ulla, cup, mixed, 2)
    match = _first_match(mixed).match.id
    current = teams.match_of(mixed, match)
    short = {**_full_lineup(current.b), "F-57": None}
    current = _lineups(ulla, mixed, match, b=short)
    first = current.state.bouts[0]
    assert first.code == "F-57" and not first.fought
    assert first.result == tm.BoutResult("a", "fusen-gachi")
    assert current.state.wins == (1, 0)
    assert current.state.current.code == "M-73"


def test_a_tied_match_draws_its_decider_reproducibly_and_it_is_fought_in_golden_score(
    ulla, cup, mixed
):
    _drawn(ulla, cup, mixed, 2)
    match = _first_match(mixed).match.id
    _lineups(ulla, mixed, match)
    for side in ("a", "b", "a", "b", "a"):
        _win_bout(ulla, mixed, match, side)
    last = _win_bout(ulla, mixed, match, "b")
    row = TeamMatch.objects.get(match=match)
    assert last.decider == row.decider
    assert row.decider == tm.draw_decider(tm.MIXED_CLASSES, row.decider_seed)
    audit = AuditEntry.objects.get(action="team.decider")
    assert f"seed {row.decider_seed}" in audit.summary and "tied 3-3" in audit.summary
    current = teams.match_of(mixed, match)
    assert current.state.needs_decider and current.state.current.code == row.decider
    seen = _version(match)
    score = teams.score(ulla, mixed, match, "b:waza-ari", seen=seen)
    assert score.golden and score.outcome().winner == "b"
    teams.confirm(ulla, mixed, match, seen=seen + 1)
    current = teams.match_of(mixed, match)
    assert current.state.winner == "b" and current.state.how == "decider"
    assert teams.confirm(ulla, mixed, match, seen=_version(match)).winner == current.b


def test_the_legacy_tie_break_counts_score_points_before_the_draw():
    results = {
        "F-57": tm.BoutResult("a", "ippon"),
        "M-73": tm.BoutResult("b", "waza-ari"),
        "F-70": tm.BoutResult("a", "ippon"),
        "M-90": tm.BoutResult("b", "waza-ari"),
        "F+70": tm.BoutResult("a", "waza-ari"),
        "M+90": tm.BoutResult("b", "ippon"),
    }
    lineup = dict.fromkeys(tm.MIXED_CLASSES, "x")
    state = tm.play(tm.MIXED_CLASSES, lineup, lineup, results, tie_break=tm.LEGACY)
    assert state.wins == (3, 3) and state.points == (21, 12)
    assert state.winner == "a" and state.how == "points"
    ijf = tm.play(tm.MIXED_CLASSES, lineup, lineup, results)
    assert ijf.winner is None and ijf.needs_decider


def test_an_individual_bout_action_is_refused_on_a_team_match(ulla, cup, mixed):
    _drawn(ulla, cup, mixed, 2)
    match = _first_match(mixed).match.id
    with pytest.raises(service.CompetitionError, match="team category"):
        mats.score(ulla, mixed, match, "a:ippon", seen=0)


def test_eight_teams_fight_a_repechage_bracket_to_gold_silver_and_two_bronzes(ulla, cup, mixed):
    _drawn(ulla, cup, mixed, 8)
    sheet = knockout.sheet(mixed.tournament)
    assert sheet.bracket.system == "ijf_repechage"
    fought = 0
    while True:
        sheet = knockout.sheet(mixed.tournament)
        ready = [ms for ms in sheet.state.matches if ms.status == "ready"]
        if not ready:
            break
        match = ready[0].match.id
        _lineups(ulla, mixed, match)
        for _ in range(4):
            _win_bout(ulla, mixed, match, "a")
        teams.confirm(ulla, mixed, match, seen=_version(match))
        fought += 1
    assert fought == 11  # 4 quarter-finals, 2 semi-finals, 2 repechage, 2 bronze, the final
    medals = [p.place for p, _entry in sheet.placings() if p.place <= 3]
    assert sorted(medals) == [1, 2, 3, 3]
    table = mats.day(cup, order=False).medal_table("country")
    assert sum(r.gold + r.silver + r.bronze for r in table) == 4
    assert [r.gold for r in table].count(1) == 1


def test_undo_with_nothing_entered_takes_back_the_last_confirmed_bout_and_its_decider(
    ulla, cup, mixed
):
    _drawn(ulla, cup, mixed, 2)
    match = _first_match(mixed).match.id
    _lineups(ulla, mixed, match)
    for side in ("a", "b", "a", "b", "a", "b"):
        _win_bout(ulla, mixed, match, side)
    assert TeamMatch.objects.get(match=match).decider
    back = teams.score(ulla, mixed, match, "undo", seen=_version(match))
    assert back.format() == "2025 bI"
    row = TeamMatch.objects.get(match=match)
    assert "M+90" not in row.results and not row.decider and row.decider_seed is None
    current = teams.match_of(mixed, match)
    assert current.state.wins == (3, 2) and current.state.current.code == "M+90"
    teams.score(ulla, mixed, match, "undo", seen=_version(match))
    assert teams.score(ulla, mixed, match, "a:ippon", seen=_version(match)).winner() == "a"
    assert (
        "taken back" in AuditEntry.objects.filter(action="team.bout").order_by("pk").last().summary
    )


def test_the_four_seeded_teams_of_eight_meet_nobody_seeded_in_the_quarter_finals(ulla, cup, mixed):
    made = [_team(ulla, mixed, f"Team {c}", c) for c in COUNTRIES]
    knockout.set_seeds(ulla, mixed.tournament, {t.pk: n for n, t in enumerate(made[:4], 1)})
    knockout.draw_bracket(ulla, mixed.tournament, random_seed=3)
    state = knockout.sheet(mixed.tournament).state
    quarters = [ms for ms in state.matches if ms.match.stage == "main" and ms.match.round == 1]
    assert len(quarters) == 4
    seeded = {str(t.pk) for t in made[:4]}
    assert all(len({ms.a, ms.b} & seeded) == 1 for ms in quarters)
