"""Requested byes and withdrawals in a team Swiss (C.04.6 art. 1.4, [C2]; docs/teams.md,
"Requested byes and withdrawals of teams"): a team with a requested bye or withdrawn is not
paired, the round gets its bye, an FPB bars a later PAB, the file and FIDE's checker agree."""

from decimal import Decimal

import pytest

from arbiter.core.models import Round
from arbiter.core.services.results import record_result
from arbiter.core.systems import System
from arbiter.teams.models import TeamBye
from arbiter.teams.services import byes
from arbiter.teams.standings import read_event, team_standings
from arbiter.teams.trf_export import team_trf_file
from pairing.rounds import services as rounds
from pairing.team_rounds.history import team_records
from tests.gacrux import team_pairing_check, team_tiebreaks
from tests.pairing.team_events import team_event

pytestmark = pytest.mark.django_db


def swiss(anna, teams=5, rounds_=4, boards=2):
    event = team_event(anna, System.TEAM_SWISS, teams=teams, rounds=rounds_, boards=boards)
    event.initial_colour = "w"
    event.save()
    return event


def team(event, number):
    return event.teams.get(number=number)


def pair(anna, event) -> Round:
    return rounds.publish_round(anna, rounds.pair_next_round(anna, event))


def play(anna, round_: Round, result: str = "1-0") -> None:
    for game in round_.games.all():
        record_result(anna, game, result)


def paired_numbers(round_: Round) -> set[int]:
    return {n for m in round_.team_matches.all() for n in (m.home.number, m.away.number)}


def test_a_team_with_a_requested_bye_is_not_paired_and_the_round_gets_its_bye(anna):
    event = swiss(anna, teams=5)
    byes.request_bye(anna, team(event, 5), 1, "H", expected="")
    round_ = pair(anna, event)
    assert paired_numbers(round_) == {1, 2, 3, 4}
    assert {(b.team.number, b.kind) for b in TeamBye.objects.filter(round=round_)} == {(5, "H")}


def test_with_an_even_field_left_the_odd_team_still_gets_the_pab(anna):
    event = swiss(anna, teams=4)
    byes.request_bye(anna, team(event, 2), 1, "Z", expected="")
    round_ = pair(anna, event)
    kinds = {b.team.number: b.kind for b in TeamBye.objects.filter(round=round_)}
    assert kinds[2] == "Z" and sorted(kinds.values()) == ["U", "Z"]
    assert len(paired_numbers(round_)) == 2


def test_a_full_point_bye_bars_a_later_pab(anna):
    event = swiss(anna, teams=3, rounds_=2)
    byes.request_bye(anna, team(event, 3), 1, "F", expected="")
    first = pair(anna, event)
    play(anna, first)
    assert team_records(event, 2)[team(event, 3).pk].bye_barred
    second = pair(anna, event)
    assert TeamBye.objects.get(round=second, kind="U").team.number != 3


def test_the_byes_score_a_won_a_drawn_and_no_match_in_the_history_and_the_standings(anna):
    event = swiss(anna, teams=5, boards=2)
    byes.request_bye(anna, team(event, 3), 1, "F", expected="")
    byes.request_bye(anna, team(event, 4), 1, "H", expected="")
    byes.request_bye(anna, team(event, 5), 1, "Z", expected="")
    round_ = pair(anna, event)
    play(anna, round_)
    history = team_records(event, 2)
    scored = {
        n: (history[team(event, n).pk].match_points, history[team(event, n).pk].game_points)
        for n in (3, 4, 5)
    }
    assert scored == {3: (2, 2), 4: (1, 1), 5: (0, 0)}
    rows = {row.team.number: row for row in team_standings(read_event(event)).rows}
    assert (rows[3].match_points, rows[3].game_points) == (Decimal(2), Decimal(2))
    assert (rows[4].match_points, rows[4].game_points) == (Decimal(1), Decimal(1))
    assert (rows[5].match_points, rows[5].game_points) == (0, 0)


def test_the_file_writes_the_requested_byes_as_240_and_gacrux_scores_them_as_we_do(anna, tmp_path):
    event = swiss(anna, teams=6, boards=2)
    byes.request_bye(anna, team(event, 5), 1, "F", expected="")
    byes.request_bye(anna, team(event, 6), 1, "H", expected="")
    round_ = pair(anna, event)
    play(anna, round_, "1/2")
    byes.request_bye(anna, team(event, 1), 2, "H", expected="")
    play(anna, pair(anna, event))
    text = team_trf_file(event)[0]
    assert any(line.startswith("240 F") for line in text.splitlines())
    assert any(line.startswith("240 H") for line in text.splitlines())
    path = tmp_path / "byes.trf"
    path.write_text(text)
    assert team_pairing_check(path, 1) and team_pairing_check(path, 2)
    theirs = team_tiebreaks(path, ["MPTS", "GPTS"])
    ours = team_standings(read_event(event)).rows
    for row in ours:
        assert tuple(Decimal(v) for v in theirs[row.team.number]) == (
            row.match_points,
            row.game_points,
        )


def test_a_withdrawn_team_is_paired_no_more_and_its_past_results_stand(anna):
    event = swiss(anna, teams=5)
    first = pair(anna, event)
    play(anna, first)
    byes.withdraw_team(anna, team(event, 1), 2, expected=0, confirm=True)
    second = pair(anna, event)
    assert 1 not in paired_numbers(second)
    assert not TeamBye.objects.filter(round=second, team=team(event, 1)).exists()
    rows = {row.team.number: row for row in team_standings(read_event(event), 1).rows}
    assert rows[1].withdrawn_from == 2 and rows[1].played == 1
